package dev.wb.cli.server;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
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

        /** A line of the key ({@code java …}, {@code jar …}), without its name. */
        String field(String name) {
            for (String line : key.split("\n", -1)) {
                if (line.startsWith(name + " ")) {
                    return line.substring(name.length() + 1);
                }
            }
            return "";
        }
    }

    private Servers() {}

    /** This install's servers (their key names this install's jar), live or not. */
    static List<Found> ofThisInstall(Map<String, String> env) {
        Optional<String> jar = jar();
        List<Found> found = new ArrayList<>();
        int uid = ServerFolders.uid();
        for (Path folder : ServerFolders.servers(ServerFolders.base(env))) {
            String key;
            try {
                key = Files.readString(folder.resolve("key"), StandardCharsets.UTF_8);
            } catch (IOException e) {
                continue;
            }
            Found f = new Found(
                    folder,
                    key,
                    Registry.server(folder, uid).flatMap(live -> ProcessHandle.of(live.pid())),
                    Stats.fields(folder));
            if (jar.isPresent() && f.field("jar").equals(jar.get())) {
                found.add(f);
            }
        }
        return found;
    }

    /** The jar wb runs from, its real path, as the key names it. */
    static Optional<String> jar() {
        try {
            Path jar = Path.of(Servers.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            return Optional.of(jar.toRealPath().toString());
        } catch (IOException | URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
