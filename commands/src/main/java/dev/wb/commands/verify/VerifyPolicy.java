package dev.wb.commands.verify;

import dev.wb.engine.text.TerminalText;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The boundary a verify command crosses before it runs. The commands come from a file a model
 * wrote, so the boundary is drawn narrowly: no shell (the characters that only mean something to a
 * shell are refused outright, even inside quotes, rather than escaped), and only a known build,
 * test or lint runner as the program. Adding a runner is a deliberate change to {@link #RUNNERS};
 * the fallback — the user runs the command and reports back — always works.
 */
public final class VerifyPolicy {

    /**
     * The runners a verify command may start, by file name. PRODUCT.md's list, plus peers chosen
     * because each is how its ecosystem normally runs a build, tests or a linter:
     * {@code py} (the Windows Python launcher), {@code nox} (tox's peer), {@code pdm} and
     * {@code hatch} (project managers, run like uv and poetry), {@code pyright}, {@code flake8} and
     * {@code pylint} (Python linters beside ruff and mypy), {@code coverage} ({@code coverage run -m
     * pytest}), {@code mocha} (the third JS test runner beside jest and vitest), {@code
     * golangci-lint} (Go's linter), {@code sbt} (Scala's mvn), {@code ruby}, {@code php} (interpreters
     * as python and node are: {@code ruby -Itest}, {@code php artisan test}), {@code rubocop} and
     * {@code phpstan} (their linters), {@code prove} (Perl's test harness), {@code mix} (Elixir),
     * {@code cabal} (Haskell), {@code cmake}, {@code ctest} and {@code meson} (C and C++ beside make),
     * {@code bazelisk} (the launcher most repositories use to pin bazel).
     *
     * <p>Left out on purpose: {@link #NEVER}, and installers ({@code pip}, {@code pipx}, {@code gem}),
     * which change the machine rather than observe the code; formatters that rewrite files by
     * default ({@code black}, {@code prettier}, {@code gofmt}); {@code java} and {@code perl}, whose
     * projects are driven by mvn, gradle and prove.
     */
    public static final Set<String> RUNNERS = Set.of(
            "python",
            "python3",
            "py",
            "pytest",
            "tox",
            "nox",
            "uv",
            "poetry",
            "pdm",
            "hatch",
            "ruff",
            "mypy",
            "pyright",
            "flake8",
            "pylint",
            "coverage",
            "node",
            "npm",
            "npx",
            "pnpm",
            "yarn",
            "bun",
            "deno",
            "tsc",
            "eslint",
            "vitest",
            "jest",
            "mocha",
            "go",
            "golangci-lint",
            "cargo",
            "dotnet",
            "mvn",
            "mvnw",
            "gradle",
            "gradlew",
            "sbt",
            "ruby",
            "bundle",
            "rake",
            "rspec",
            "rubocop",
            "php",
            "composer",
            "phpunit",
            "phpstan",
            "dart",
            "flutter",
            "swift",
            "prove",
            "mix",
            "cabal",
            "make",
            "cmake",
            "ctest",
            "meson",
            "just",
            "bazel",
            "bazelisk");

    /**
     * Never runners, whatever a plan says: programs that run another program by name (shells,
     * env, sudo, xargs), reach the network, or write to git. Tested to stay apart from {@link #RUNNERS}.
     */
    static final Set<String> NEVER = Set.of(
            "git",
            "curl",
            "wget",
            "ssh",
            "scp",
            "rsync",
            "nc",
            "sh",
            "bash",
            "zsh",
            "dash",
            "ksh",
            "fish",
            "csh",
            "tcsh",
            "cmd",
            "powershell",
            "pwsh",
            "env",
            "sudo",
            "su",
            "doas",
            "xargs",
            "nohup",
            "timeout",
            "exec",
            "eval");

    /**
     * {@code python3.12}, {@code python2.7}: the versioned names distributions and CI images install
     * the same interpreter under. The version picks which Python runs, not what it may do.
     */
    private static final Pattern VERSIONED_PYTHON = Pattern.compile("python[0-9]+(\\.[0-9]+)*");

    /** Only a shell gives these a meaning; the NUL character cannot reach a process at all. */
    private static final List<String> REFUSED = List.of(";", "&", "|", ">", "<", "`", "$(", "\n", "\r", "\0");

    private VerifyPolicy() {}

    /**
     * Why the command as written may not run, or empty when it may: a refused character, a blank
     * command, one that cannot be split into words, or a program that is not a known runner.
     */
    public static Optional<String> refusal(String command) {
        Optional<String> character = refusedCharacter(command);
        if (character.isPresent()) {
            return Optional.of("refused: contains " + character.get() + " (no shell: commands run directly)");
        }
        // A tab is only spacing on a terminal; every other control character can redraw the line shown.
        Optional<String> control = TerminalText.describeFirstControl(command.replace('\t', ' '));
        if (control.isPresent()) {
            return Optional.of("refused: contains " + control.get() + " (a command is shown to a person, and a"
                    + " control character can make it read as another)");
        }
        if (command.isBlank()) {
            return Optional.of("refused: the command is empty");
        }
        try {
            return refusal(CommandWords.split(command));
        } catch (IllegalArgumentException unsplittable) {
            return Optional.of("refused: " + unsplittable.getMessage());
        }
    }

    /** Why these words may not run, or empty when their program is a known runner. */
    public static Optional<String> refusal(List<String> argv) {
        if (argv.isEmpty()) {
            return Optional.of("refused: the command is empty");
        }
        String runner = runnerOf(argv);
        if (runner.isEmpty()) {
            return Optional.of("refused: the first word \"" + argv.get(0) + "\" names no program");
        }
        return isKnownRunner(runner)
                ? Optional.empty()
                : Optional.of("refused: \"" + runner + "\" is not a known build, test or lint runner");
    }

    /**
     * The program's file name: a runner named by path counts by its file name ({@code ./gradlew},
     * {@code C:/Program Files/nodejs/node.exe} is {@code node}). Both separators are stripped on every
     * platform, as is one Windows {@code .exe}, {@code .cmd} or {@code .bat} suffix in any letter case.
     */
    public static String runnerOf(List<String> argv) {
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("no words, so no runner");
        }
        String program = argv.get(0);
        String name = program.substring(Math.max(program.lastIndexOf('/'), program.lastIndexOf('\\')) + 1);
        String lower = name.toLowerCase(Locale.ROOT);
        for (String suffix : List.of(".exe", ".cmd", ".bat")) {
            if (lower.endsWith(suffix)) {
                return name.substring(0, name.length() - suffix.length());
            }
        }
        return name;
    }

    /** Whether a runner's file name is on the allowlist, a versioned python counting as python. */
    public static boolean isKnownRunner(String runner) {
        return RUNNERS.contains(runner) || VERSIONED_PYTHON.matcher(runner).matches();
    }

    /** The first refused character or sequence in the command, described for a person. */
    private static Optional<String> refusedCharacter(String command) {
        int first = -1;
        String found = null;
        for (String refused : REFUSED) {
            int at = command.indexOf(refused);
            if (at >= 0 && (first < 0 || at < first)) {
                first = at;
                found = refused;
            }
        }
        if (found == null) {
            return Optional.empty();
        }
        if (found.equals("\n") || found.equals("\r")) {
            return Optional.of("a line break");
        }
        return Optional.of(found.equals("\0") ? "a NUL character" : "\"" + found + "\"");
    }
}
