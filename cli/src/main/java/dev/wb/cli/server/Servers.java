package dev.wb.cli.server;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The servers of this install for this user, as their folders and processes say. */
final class Servers {

    /** One server's folder, what it says of itself, and its process when that is alive and is the server. */
    record Found(Path folder, String key, Optional<ProcessHandle> process, Map<String, String> stats) {

        /** The key's fields: the install's build folder, the java binary, its version, and the rest. */
        List<String> fields() {
            return List.of(key.split("\t", -1));
        }
    }

    private Servers() {}

    /** This install's servers (their key names this install's build folder), live or not. */
    static List<Found> ofThisInstall(Map<String, String> env) {
        Optional<String> install = install();
        List<Found> found = new ArrayList<>();
        for (Path folder : ServerFolders.servers(ServerFolders.base(env))) {
            Optional<String> key = ServerFolders.firstLine(folder.resolve("key"));
            if (key.isEmpty() || install.isEmpty() || !key.get().startsWith(install.get() + "\t")) {
                continue;
            }
            Optional<ProcessHandle> process = ServerFolders.firstLine(folder.resolve("pid"))
                    .filter(p -> p.matches("[0-9]{1,10}"))
                    .flatMap(p -> ProcessHandle.of(Long.parseLong(p)))
                    .filter(ProcessHandle::isAlive)
                    .filter(h -> serves(h, folder));
            found.add(new Found(folder, key.get(), process, stats(folder)));
        }
        return found;
    }

    /** The build folder wb runs from (where wb.jar is), as bin/wb names it. */
    static Optional<String> install() {
        try {
            Path jar = Path.of(Servers.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            return Optional.of(jar.toRealPath().getParent().toString());
        } catch (IOException | URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Whether {@code process} is the server of {@code folder} (not another program that got its pid). */
    private static boolean serves(ProcessHandle process, Path folder) {
        return process.info()
                .arguments()
                .map(args -> List.of(args).contains("-D" + Server.FOLDER + "=" + folder))
                .orElse(false);
    }

    private static Map<String, String> stats(Path folder) {
        Map<String, String> stats = new java.util.LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(folder.resolve("stats"))) {
                int space = line.indexOf(' ');
                if (space > 0) {
                    stats.put(line.substring(0, space), line.substring(space + 1));
                }
            }
        } catch (IOException e) {
            // No stats yet: the server is starting.
        }
        return stats;
    }
}
