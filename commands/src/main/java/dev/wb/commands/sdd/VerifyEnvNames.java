package dev.wb.commands.sdd;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which names a plan's {@code verify_env} may set. Variables are data in the audited plan, merged
 * over the environment as literals; but the ones that change how a process loads code would run
 * something the runner allowlist never sees, so they are refused, in any letter case.
 */
public final class VerifyEnvNames {

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** Refused outright: loaders, interpreter start-up hooks, shells' start-up files, git's own programs. */
    static final Set<String> FORBIDDEN = Set.of(
            "PATH", "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", "DYLD_LIBRARY_PATH",
            "DYLD_FRAMEWORK_PATH", "DYLD_FALLBACK_LIBRARY_PATH", "PYTHONSTARTUP", "PYTHONHOME",
            "PYTHONEXECUTABLE", "NODE_OPTIONS", "BASH_ENV", "ENV", "PERL5OPT", "RUBYOPT", "JAVA_TOOL_OPTIONS",
            "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS", "MAVEN_OPTS", "GRADLE_OPTS", "GIT_SSH_COMMAND", "GIT_SSH",
            "GIT_EXTERNAL_DIFF", "GIT_EXEC_PATH", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_PROXY_COMMAND");

    /** Every name with these prefixes steers the dynamic loader. */
    private static final String[] FORBIDDEN_PREFIXES = {"LD_", "DYLD_"};

    private VerifyEnvNames() {}

    /** Why a name is refused, or empty when it may be set. */
    public static Optional<String> problem(String name) {
        if (!NAME.matcher(name).matches()) {
            return Optional.of("verify_env name \"" + name + "\" is malformed: use letters, digits and _,"
                    + " not starting with a digit");
        }
        String upper = name.toUpperCase(Locale.ROOT);
        boolean forbidden = FORBIDDEN.contains(upper);
        for (String prefix : FORBIDDEN_PREFIXES) {
            forbidden |= upper.startsWith(prefix);
        }
        if (forbidden) {
            return Optional.of("verify_env." + name + " is forbidden: it changes how a process loads code");
        }
        return Optional.empty();
    }
}
