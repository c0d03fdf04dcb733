package dev.wb.engine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * wb's own version, as the build stamped it: the project's version and, as semver build metadata,
 * the short commit id of the checkout it was built from ({@code 0.1.0-SNAPSHOT+4a4d908}), so two
 * builds of one release under different rules can be told apart. The build's time is kept beside
 * it ({@link #built()}); {@link #stamp()} joins both, as every event records it. A build outside a
 * git checkout has no commit, and its version is the project's alone.
 */
public final class WbVersion {

    private static final Properties VERSION = load("version.properties");
    private static final Properties BUILD = load("build.properties");

    private WbVersion() {}

    /** The version: the project's, plus {@code +<commit>} when the build knew its commit. */
    public static String current() {
        return of(VERSION.getProperty("version", "unknown"), BUILD.getProperty("commit", ""));
    }

    /** When this wb was built, UTC ({@code 2026-12-01T18:22:33Z}), or empty when the build did not say. */
    public static String built() {
        return BUILD.getProperty("built", "");
    }

    /**
     * The version and the build time, as events record it: {@code 0.1.0-SNAPSHOT+4a4d908.20261201T182233Z}
     * (semver build metadata: dot-separated, digits and letters only).
     */
    public static String stamp() {
        String time = built().replaceAll("[^0-9TZ]", "");
        if (time.isEmpty()) {
            return current();
        }
        return current() + (current().contains("+") ? "." : "+") + time;
    }

    static String of(String version, String commit) {
        return commit.matches("[0-9a-f]{4,40}") ? version + "+" + commit : version;
    }

    private static Properties load(String resource) {
        Properties properties = new Properties();
        try (InputStream in = WbVersion.class.getResourceAsStream(resource)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            // an unreadable stamp leaves the plain version: never a reason to fail a command
        }
        return properties;
    }
}
