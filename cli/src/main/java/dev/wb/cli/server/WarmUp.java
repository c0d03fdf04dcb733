package dev.wb.cli.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.cli.core.Terminals;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A new server's warm-up (docs/adr/0013-served-path.md): wb's demo once, and {@code status} in its
 * repository, in a scratch folder inside the server's own, output discarded, so that the classes a command
 * needs are loaded and compiled before a client waits. Its environment is made here, from nothing of any
 * caller's. The folder is removed after, and at the next start of the server's folder or the registry's
 * sweep if the server is killed meanwhile: nothing of a warm-up is ever left in the temp folder.
 */
final class WarmUp {

    private WarmUp() {}

    static void run(Runner runner, Path warm) {
        try {
            Files.createDirectories(warm.resolve("home"));
            Map<String, String> env = Map.of(
                    "PATH", "/usr/bin:/bin",
                    "LC_ALL", "C.UTF-8",
                    "HOME", warm.resolve("home").toString(),
                    "TMPDIR", warm.toString(),
                    "GIT_CONFIG_NOSYSTEM", "1");
            StringWriter json = new StringWriter();
            PrintWriter discard = new PrintWriter(new StringWriter());
            runner.run(env, warm, new PrintWriter(json), discard, Terminals.process(), "demo", "--json");
            JsonNode repository = new ObjectMapper().readTree(json.toString()).path("repository");
            if (repository.isTextual()) {
                Path demo = Path.of(repository.asText());
                runner.run(env, demo, discard, discard, Terminals.process(), "status");
            }
        } catch (IOException | RuntimeException e) {
            // A warm-up that fails leaves a server that warms up on its first commands instead.
        } finally {
            try {
                ServerFolders.deleteTree(warm);
            } catch (IOException e) {
                // The next start of this folder removes it.
            }
        }
    }
}
