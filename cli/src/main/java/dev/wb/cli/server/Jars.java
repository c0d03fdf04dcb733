package dev.wb.cli.server;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The jars a server was started from (wb.jar and its {@code lib/}), by size and modification time: a
 * rebuilt or replaced install makes the server stale, and a stale server serves no command.
 */
final class Jars {

    private final Map<String, String> stamps;

    private Jars(Map<String, String> stamps) {
        this.stamps = stamps;
    }

    /** The jars as they are now, from the location of wb's own classes. */
    static Jars now() {
        Map<String, String> stamps = new TreeMap<>();
        try {
            Path jar = Path.of(Jars.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            stamp(jar, stamps);
            Path lib = jar.resolveSibling("lib");
            if (Files.isDirectory(lib)) {
                try (Stream<Path> list = Files.list(lib)) {
                    for (Path p : (Iterable<Path>) list::iterator) {
                        stamp(p, stamps);
                    }
                }
            }
        } catch (IOException | URISyntaxException | RuntimeException e) {
            stamps.put("?", e.toString());
        }
        return new Jars(stamps);
    }

    private static void stamp(Path file, Map<String, String> stamps) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        stamps.put(file.toString(), a.size() + " " + a.lastModifiedTime().toMillis());
    }

    /** Whether the jars are still the ones this stamp was taken of. */
    boolean unchanged() {
        return now().stamps.equals(stamps);
    }
}
