package dev.wb.commands.config;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The lexical half of the rule for {@code security.extra_environment} values: a value that names wb's
 * private places ({@code .git}, {@code .workflow}, its env-file) would hand an agent a way into them, so
 * it is refused when the config is read. {@code wb preflight}'s {@code assigned-paths} line checks the
 * same again against the real filesystem, after links, {@code ~} and case aliases.
 */
public final class AssignedPaths {

    /** Path segments no assigned value may name. */
    public static final List<String> PRIVATE = List.of(".git", ".workflow", ".workflow-io", ".env");

    private AssignedPaths() {}

    /** What is wrong with a value lexically, or empty. Values that are not paths pass. */
    public static Optional<String> lexicalProblem(String value) {
        String v = value.replace('\\', '/');
        for (String segment : v.split("[/:;]", 0)) {
            String s = segment.toLowerCase(Locale.ROOT);
            for (String bad : PRIVATE) {
                if (s.equals(bad)) {
                    return Optional.of("the value names " + bad + ", which agents must never be handed; point it"
                            + " at a folder outside .git and .workflow");
                }
            }
        }
        return Optional.empty();
    }
}
