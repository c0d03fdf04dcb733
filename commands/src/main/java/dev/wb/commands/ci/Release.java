package dev.wb.commands.ci;

import dev.wb.engine.WbVersion;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * wb's own release: its version, and where the project publishes its releases ({@code wb.release.url} in
 * the root pom, filled in by the build; empty in a development build). A release's archive is
 * {@code <url>/v<version>/wb-<version>.tar.gz}, beside the {@code SHA256SUMS} of its files: the layout of
 * the project's release workflow (GitHub releases' download addresses, one folder a tag).
 */
public record Release(String baseUrl, String version) {

    /** The name of the digests file published beside each release's archives. */
    public static final String SUMS = "SHA256SUMS";

    private static final Pattern RELEASED = Pattern.compile("[0-9]+\\.[0-9]+\\.[0-9]+([-.][0-9A-Za-z.-]+)?");

    /** The running wb's: its version without the build's commit, and the address its build was given. */
    public static Release current() {
        Properties properties = new Properties();
        try (InputStream in = Release.class.getResourceAsStream("release.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            // unreadable: as a development build, which publishes nothing
        }
        String url = properties.getProperty("url", "").strip();
        if (url.startsWith("${")) {
            url = ""; // not filtered: a build that did not go through Maven's resources
        }
        String version = WbVersion.current();
        int plus = version.indexOf('+');
        return new Release(url, plus < 0 ? version : version.substring(0, plus));
    }

    /** Whether this wb has a published archive: a release version, built knowing where releases are. */
    public boolean published() {
        return !baseUrl.isEmpty()
                && !version.contains("SNAPSHOT")
                && RELEASED.matcher(version).matches();
    }

    public String archiveName() {
        return "wb-" + version + ".tar.gz";
    }

    public String archiveUrl() {
        return folder() + archiveName();
    }

    public String sumsUrl() {
        return folder() + SUMS;
    }

    private String folder() {
        String base = baseUrl.endsWith("/") ? baseUrl : baseUrl + "/";
        return base + "v" + version + "/";
    }
}
