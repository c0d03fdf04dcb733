package dev.wb.commands.judge.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.commands.base.Failure;
import dev.wb.commands.process.ExecutableLookup;
import dev.wb.commands.process.ProcessRequest;
import dev.wb.commands.process.ProcessRunner;
import dev.wb.commands.process.Redactor;
import dev.wb.commands.process.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Installs a Node project's dependencies from its lockfile in a disposable copy, so that a run rests on
 * the lockfile and not on whatever {@code node_modules} happened to be there. The lockfile decides the
 * installer, in this order: {@code pnpm-lock.yaml} → {@code pnpm install --frozen-lockfile},
 * {@code package-lock.json} or {@code npm-shrinkwrap.json} → {@code npm ci}, {@code yarn.lock} →
 * {@code yarn install --frozen-lockfile}. There is no fallback to another installer when the chosen one
 * is missing: the lockfile says which tool resolved the versions.
 *
 * <p>Every failure is a {@link Failure} of kind {@code CHECK_FAILED} whose message starts with a named
 * {@link Reason}; a declared dependency is never silently skipped. Other ecosystems get no automatic
 * preparation: their validation commands declare it.
 */
public final class NodeInstall {

    /** Why dependencies could not be prepared; each message starts with its label and a colon. */
    public enum Reason {
        PACKAGE_JSON_UNREADABLE("package.json unreadable"),
        NO_LOCKFILE("no lockfile"),
        INSTALLER_NOT_FOUND("installer not found"),
        INSTALL_FAILED("install failed");

        private final String label;

        Reason(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** The reason a failure from this class names. */
        public static Optional<Reason> of(Failure failure) {
            String message = String.valueOf(failure.getMessage());
            return Arrays.stream(values())
                    .filter(r -> message.startsWith(r.label + ": "))
                    .findFirst();
        }
    }

    private record Choice(List<String> lockfiles, List<String> argv) {}

    private static final List<Choice> ORDER = List.of(
            new Choice(List.of("pnpm-lock.yaml"), List.of("pnpm", "install", "--frozen-lockfile")),
            new Choice(List.of("package-lock.json", "npm-shrinkwrap.json"), List.of("npm", "ci")),
            new Choice(List.of("yarn.lock"), List.of("yarn", "install", "--frozen-lockfile")));

    static final List<String> DEPENDENCY_FIELDS = List.of("dependencies", "devDependencies", "optionalDependencies");

    /** How much of a failed install's output the message keeps: the end, where the error is. */
    static final int TAIL_CHARS = 1_500;

    private NodeInstall() {}

    /**
     * The install to run at {@code root}: empty when there is no {@code package.json} or it declares no
     * dependencies (no non-empty {@link #DEPENDENCY_FIELDS}); otherwise the installer's argv.
     *
     * @param env whose PATH the installer must be on
     * @throws Failure (CHECK_FAILED) for an unreadable package.json, dependencies without a lockfile, or an
     *     installer not on PATH
     */
    public static Optional<List<String>> plan(Path root, Map<String, String> env) {
        Path manifest = root.resolve("package.json");
        if (!Files.exists(manifest, LinkOption.NOFOLLOW_LINKS) || !declaresDependencies(manifest)) {
            return Optional.empty();
        }
        Choice choice = choose(root);
        String program = choice.argv().get(0);
        if (ExecutableLookup.find(program, root, env).isEmpty()) {
            throw failure(
                    Reason.INSTALLER_NOT_FOUND,
                    present(root, choice) + " selects " + String.join(" ", choice.argv()) + ", but " + program
                            + " is not on PATH",
                    "install " + program + " on this machine (for Node's own package managers: corepack enable),"
                            + " then run again");
        }
        return Optional.of(choice.argv());
    }

    /** Runs the install, with secret-named variables of {@code env} and token shapes redacted from its output. */
    public static void run(List<String> argv, Path dir, Map<String, String> env, Duration limit, Path outputFile) {
        run(argv, dir, env, limit, outputFile, Redactor.forEnvironment(env));
    }

    /**
     * Runs the install through {@link ProcessRunner}, its whole output going to {@code outputFile}.
     *
     * @throws Failure (CHECK_FAILED, {@link Reason#INSTALL_FAILED}) naming the installer, how it ended and
     *     the redacted end of its output, unless it exited 0
     */
    public static void run(
            List<String> argv, Path dir, Map<String, String> env, Duration limit, Path outputFile, Redactor redactor) {
        RunResult result = ProcessRunner.run(
                ProcessRequest.of(argv, dir, env, limit, outputFile).withRedactor(redactor));
        if (result.passed()) {
            return;
        }
        String ended = switch (result.outcome()) {
            case EXITED -> "failed with exit code " + result.exitCode();
            case TIMED_OUT -> "ran past its limit of " + limit.toSeconds() + " s and was stopped";
            case INTERRUPTED -> "was interrupted";
            case NOT_STARTED -> "could not start (" + result.startError() + ")";
        };
        String tail = tail(redactor.redact(result.output().render()));
        throw failure(
                Reason.INSTALL_FAILED,
                String.join(" ", argv) + " " + ended + (tail.isBlank() ? "" : "; the end of its output:\n" + tail),
                "the whole output is in " + outputFile,
                "fix the install (the lockfile must match package.json), then capture a new snapshot");
    }

    private static boolean declaresDependencies(Path manifest) {
        JsonNode root;
        try {
            if (!Files.isRegularFile(manifest, LinkOption.NOFOLLOW_LINKS)) {
                throw failure(
                        Reason.PACKAGE_JSON_UNREADABLE,
                        manifest + " is not a regular file",
                        "make package.json a file in the project, not a link or a folder");
            }
            // Jackson's tree reader: lenient about duplicate keys, as npm itself is.
            root = new ObjectMapper().readTree(Files.readAllBytes(manifest));
        } catch (IOException e) {
            throw failure(
                    Reason.PACKAGE_JSON_UNREADABLE,
                    manifest + " is not valid JSON: " + firstLine(e.getMessage()),
                    "fix package.json (npm pkg get name shows whether npm can read it)");
        }
        if (root == null || !root.isObject()) {
            throw failure(Reason.PACKAGE_JSON_UNREADABLE, manifest + " is not a JSON object", "fix package.json");
        }
        boolean declares = false;
        for (String field : DEPENDENCY_FIELDS) {
            JsonNode value = root.get(field);
            if (value != null && !value.isNull() && !value.isObject()) {
                throw failure(
                        Reason.PACKAGE_JSON_UNREADABLE,
                        manifest + ": \"" + field + "\" is not an object",
                        "fix package.json");
            }
            declares |= value != null && value.isObject() && !value.isEmpty();
        }
        return declares;
    }

    /** The first installer whose lockfile is a regular file at the root. */
    private static Choice choose(Path root) {
        List<String> notFiles = new ArrayList<>();
        for (Choice choice : ORDER) {
            for (String lockfile : choice.lockfiles()) {
                Path file = root.resolve(lockfile);
                if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    return choice;
                }
                if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                    notFiles.add(lockfile);
                }
            }
        }
        throw failure(
                Reason.NO_LOCKFILE,
                "package.json declares dependencies, but " + root + " has no lockfile"
                        + " (pnpm-lock.yaml, package-lock.json, npm-shrinkwrap.json or yarn.lock)"
                        + (notFiles.isEmpty()
                                ? ""
                                : "; " + String.join(", ", notFiles)
                                        + " is there but not a regular file (a link or a folder is not read)"),
                "commit the lockfile your package manager writes (pnpm install, npm install or yarn install),"
                        + " then capture a new snapshot");
    }

    private static String present(Path root, Choice choice) {
        return choice.lockfiles().stream()
                .filter(name -> Files.isRegularFile(root.resolve(name), LinkOption.NOFOLLOW_LINKS))
                .findFirst()
                .orElseThrow();
    }

    private static String tail(String output) {
        String trimmed = output.strip();
        return trimmed.length() <= TAIL_CHARS ? trimmed : "…" + trimmed.substring(trimmed.length() - TAIL_CHARS);
    }

    private static String firstLine(String message) {
        String text = String.valueOf(message);
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }

    private static Failure failure(Reason reason, String detail, String... fixes) {
        return new Failure(Failure.Kind.CHECK_FAILED, reason.label() + ": " + detail, List.of(fixes));
    }
}
