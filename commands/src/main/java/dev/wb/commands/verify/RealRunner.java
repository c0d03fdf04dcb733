package dev.wb.commands.verify;

import dev.wb.commands.process.ExecutableLookup;
import dev.wb.commands.process.ProcessRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The program a verify command would really start, judged by its real file. The allowlist
 * ({@link VerifyPolicy}) reads the name as written, but a name is only a link's: {@code ./tools/pytest}
 * linked to {@code /bin/sh}, or a {@code pytest} on PATH that is one, would run a shell by a runner's
 * name. So the program is looked up as {@link ProcessRunner} will launch it ({@link ExecutableLookup}),
 * followed through every link to its real file, and that file's name must be a runner's too.
 *
 * <p>A real file is the runner's when its name, with a Windows suffix dropped, is a known runner, or is
 * one once a package's way of naming its entry script is taken off: a script extension
 * ({@code eslint.js}, {@code pnpm.cjs}, {@code vitest.mjs}), then {@code -cli} ({@code npm-cli.js}), or
 * a version ({@code ruby3.1}, {@code php8.2}, {@code go-1.22}). A few programs serve a runner under
 * another name, and count for that runner only ({@link #SERVES}). The program still runs by the name
 * the plan gives, as a shell would run it: a Python virtual environment, for one, finds itself from the
 * link's folder, not the real file's.
 *
 * <p>A repository script named like a runner is a file, not a link, and counts by its name, as before:
 * the allowlist names programs, it cannot vouch for files in the repository.
 */
final class RealRunner {

    private static final Pattern SCRIPT_EXTENSION = Pattern.compile("\\.(?:js|cjs|mjs)$");
    private static final Pattern CLI = Pattern.compile("-cli$");
    private static final Pattern VERSION = Pattern.compile("[-.]?[0-9]+(?:\\.[0-9]+)*$");

    /** Programs that are a runner under another file name: which runners each may serve. */
    static final Map<String, Set<String>> SERVES = Map.of(
            "nodejs", Set.of("node"),
            "rustup", Set.of("cargo"),
            "rustup-init", Set.of("cargo"),
            "swift-frontend", Set.of("swift"),
            "swift-driver", Set.of("swift"));

    private RealRunner() {}

    /**
     * Why the program these words name may not run, judged by its real file; empty when it may, and
     * when it is not there at all (the run then reports it as not started).
     */
    static Optional<String> refusal(List<String> argv, Path dir, Map<String, String> environment) {
        Optional<Path> launch = ExecutableLookup.find(argv.get(0), dir, environment);
        if (launch.isEmpty()) {
            return Optional.empty();
        }
        Path real;
        try {
            real = launch.get().toRealPath();
        } catch (IOException | SecurityException e) {
            return Optional.of(
                    "refused: \"" + argv.get(0) + "\" cannot be followed to its real file: " + e.getMessage());
        }
        String runner = VerifyPolicy.runnerOf(argv);
        String name = VerifyPolicy.runnerOf(List.of(real.getFileName().toString()));
        return serves(name, runner)
                ? Optional.empty()
                : Optional.of("refused: \"" + argv.get(0) + "\" resolves to " + real + ", and \"" + name
                        + "\" is not a known build, test or lint runner");
    }

    /** Whether a real file of this name may run as {@code runner}. */
    static boolean serves(String realName, String runner) {
        if (SERVES.getOrDefault(realName, Set.of()).contains(runner)) {
            return true;
        }
        String name = realName;
        for (Pattern ending : List.of(SCRIPT_EXTENSION, CLI, VERSION)) {
            name = ending.matcher(name).replaceFirst("");
        }
        return VerifyPolicy.isKnownRunner(realName) || (!name.isEmpty() && VerifyPolicy.isKnownRunner(name));
    }
}
