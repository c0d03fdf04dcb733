package dev.wb.engine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** wb's own version, as the build stamped it. */
public final class WbVersion {

    private static final String VERSION = load();

    private WbVersion() {}

    public static String current() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = WbVersion.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
