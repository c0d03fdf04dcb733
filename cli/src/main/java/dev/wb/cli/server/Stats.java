package dev.wb.cli.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A server's {@code stats} file: when it started, whether its warm-up is done, how many commands it
 * served, when it last served one (the registry stops the one idle longest), and its resident memory.
 * Read by {@code wb server status}, the registry and the tests; written atomically.
 */
record Stats(Instant started, boolean warm, long served, Instant lastUsed, long residentKib) {

    static final String FILE = "stats";

    void write(Path folder) {
        String text = "started " + started + "\nwarm " + warm + "\nserved " + served + "\nlast " + lastUsed
                + "\nrss_kib " + residentKib + "\n";
        try {
            Server.writePrivate(folder.resolve(FILE), text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // Only status and the registry read it; a missing file reads as never used.
        }
    }

    /** The stats in {@code folder}, as a map of field to value (empty when there are none). */
    static Map<String, String> fields(Path folder) {
        Map<String, String> fields = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(folder.resolve(FILE), StandardCharsets.UTF_8)) {
                int space = line.indexOf(' ');
                if (space > 0) {
                    fields.put(line.substring(0, space), line.substring(space + 1));
                }
            }
        } catch (IOException e) {
            // No stats yet: the server is starting.
        }
        return fields;
    }

    static Stats read(Path folder) {
        Map<String, String> f = fields(folder);
        return new Stats(
                instant(f.get("started")),
                "true".equals(f.get("warm")),
                number(f.get("served")),
                instant(f.get("last")),
                number(f.get("rss_kib")));
    }

    private static Instant instant(String s) {
        try {
            return s == null ? Instant.EPOCH : Instant.parse(s);
        } catch (DateTimeParseException e) {
            return Instant.EPOCH;
        }
    }

    private static long number(String s) {
        try {
            return s == null ? 0 : Long.parseLong(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** This process's resident memory in KiB ({@code VmRSS} of {@code /proc/self/status}), or 0. */
    static long residentNow() {
        try {
            for (String line : List.copyOf(Files.readAllLines(Path.of("/proc/self/status")))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux: no figure.
        }
        return 0;
    }
}
