package dev.wb.commands.plan;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which names a plan's {@code verify_env} may set. Variables are data in the audited plan, merged
 * over the environment as literals, for saying where the project's own code and data are
 * ({@code PYTHONPATH}, {@code DATABASE_URL}). A name that makes an allowed runner load or run code
 * the command does not show would run something the runner allowlist never sees, so it is refused,
 * in any letter case, by the families below (docs/VERIFY.md gives the reason for each). A family is
 * a name, a prefix ({@code LD_*}) or a suffix ({@code *_WRAPPER}): a tool that reads one such
 * variable tends to have siblings, and a list of names alone would miss the next one.
 *
 * <p>It is a denylist, and cannot be complete: a tool may read a variable nobody listed. The families
 * are drawn wide for that reason, preferring to refuse a harmless name (its fallback is to put the
 * flag in the command, where the reviewer and the allowlist see it) to merging a harmful one.
 */
public final class VerifyEnvNames {

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** A family of refused names, and what its members do. */
    record Family(String reason, List<String> patterns) {

        /** The pattern of this family the upper-cased name matches, if any. */
        Optional<String> match(String upper) {
            return patterns.stream().filter(p -> matches(p, upper)).findFirst();
        }

        private static boolean matches(String pattern, String upper) {
            if (pattern.startsWith("*")) {
                return upper.endsWith(pattern.substring(1));
            }
            if (pattern.endsWith("*")) {
                return upper.startsWith(pattern.substring(0, pattern.length() - 1));
            }
            return upper.equals(pattern);
        }
    }

    /** The refused families, in the order they are checked. */
    static final List<Family> FAMILIES = List.of(
            new Family(
                    "it changes where programs and native libraries are found",
                    List.of("PATH", "PATHEXT", "COMSPEC", "LD_*", "DYLD_*", "*_PRELOAD", "GCONV_PATH")),
            new Family(
                    "it names a program to run in the runner's place or around it",
                    List.of(
                            "*_WRAPPER",
                            "*_LAUNCHER",
                            "*_RUNNER",
                            "*_LINKER",
                            "*_STARTUP_HOOKS",
                            "*_COMMAND",
                            "*_ASKPASS",
                            "*_EDITOR",
                            "*_PAGER",
                            "*_SHELL",
                            "SHELL",
                            "EDITOR",
                            "VISUAL",
                            "PAGER",
                            "CC",
                            "CXX",
                            "CPP",
                            "LD",
                            "AR",
                            "AS",
                            "FC",
                            "RUSTC",
                            "RUSTDOC",
                            "CARGO_BUILD_RUSTC",
                            "CARGO_BUILD_RUSTDOC",
                            "PYTHONEXECUTABLE")),
            new Family(
                    "it gives a runner options or start-up code that the command does not show",
                    List.of(
                            "*OPTIONS",
                            "*OPTS",
                            "*OPT",
                            "*FLAGS",
                            "*_ARGS",
                            "*CLASSPATH",
                            "PYTHONSTARTUP",
                            "PYTHONHOME",
                            "PYTHONWARNINGS",
                            "PYTHONBREAKPOINT",
                            "BASH_ENV",
                            "ENV",
                            "ZDOTDIR",
                            "MAKEFILES")),
            new Family(
                    "it configures git or a package manager, or where tools read their configuration,"
                            + " and those settings name programs to run",
                    List.of(
                            "GIT_*",
                            "NPM_CONFIG_*",
                            "YARN_*",
                            "HOME",
                            "XDG_CONFIG_HOME",
                            "XDG_CONFIG_DIRS",
                            "CARGO_HOME")));

    /** git's variables that only label the commits a test suite makes: no program, no setting. */
    static final Set<String> ALLOWED = Set.of(
            "GIT_AUTHOR_NAME",
            "GIT_AUTHOR_EMAIL",
            "GIT_AUTHOR_DATE",
            "GIT_COMMITTER_NAME",
            "GIT_COMMITTER_EMAIL",
            "GIT_COMMITTER_DATE");

    private VerifyEnvNames() {}

    /** Why a name is refused, or empty when it may be set. */
    public static Optional<String> problem(String name) {
        if (!NAME.matcher(name).matches()) {
            return Optional.of("verify_env name \"" + name + "\" is malformed: use letters, digits and _,"
                    + " not starting with a digit");
        }
        return forbidden(name).map(why -> "verify_env." + name + " is forbidden " + why);
    }

    /**
     * Why a well-formed name is in a refused family, as {@code (PATTERN): reason}, or empty when it is
     * not. The one rule for every variable a file declares for a command: a plan's {@code verify_env}
     * and a command set's {@code env} in config.json (docs/CONFIG.md).
     */
    public static Optional<String> forbidden(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        if (ALLOWED.contains(upper)) {
            return Optional.empty();
        }
        for (Family family : FAMILIES) {
            Optional<String> pattern = family.match(upper);
            if (pattern.isPresent()) {
                return Optional.of("(" + pattern.get() + "): " + family.reason());
            }
        }
        return Optional.empty();
    }
}
