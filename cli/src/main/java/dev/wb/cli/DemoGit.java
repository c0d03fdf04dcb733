package dev.wb.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The git the demo runs to make its throwaway repository: the user's git binary, no shell, with a
 * fixed identity and none of the user's global configuration (signing or hooks there must not
 * break, or be triggered by, a scratch repository).
 */
final class DemoGit {

    private DemoGit() {}

    static void run(Path dir, String... args) throws IOException {
        List<String> argv = new ArrayList<>(List.of("git", "-c", "commit.gpgsign=false"));
        argv.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(argv).directory(dir.toFile())
                .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Map<String, String> env = builder.environment();
        env.put("GIT_CONFIG_GLOBAL", "/dev/null");
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_AUTHOR_NAME", "wb demo");
        env.put("GIT_AUTHOR_EMAIL", "demo@wb.invalid");
        env.put("GIT_COMMITTER_NAME", "wb demo");
        env.put("GIT_COMMITTER_EMAIL", "demo@wb.invalid");
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new IOException("the demo needs git on PATH: " + e.getMessage(), e);
        }
        String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        try {
            if (process.waitFor() != 0) {
                throw new IOException("git " + String.join(" ", args) + " failed: " + output.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
