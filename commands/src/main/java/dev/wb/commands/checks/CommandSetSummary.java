package dev.wb.commands.checks;

import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.projections.events.ChecksRan;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The static summary of {@code checks.command_sets} that {@code wb preflight} and {@code wb status}
 * print: no resolution, probing or verdict, only what the operator wrote. A set's line names it, its
 * selecting paths ({@code always} when it has none), its flags in brackets, then its commands verbatim,
 * {@code ;}-joined.
 */
public final class CommandSetSummary {

    public static final String NONE = "checks: no command_sets configured (no quality gate)";

    private CommandSetSummary() {}

    /** The header line, then one indented line a set. */
    public static List<String> lines(WorkspaceConfig.Checks checks) {
        List<String> lines = new ArrayList<>();
        if (checks.commandSets().isEmpty()) {
            lines.add(NONE);
            return lines;
        }
        lines.add("checks: " + checks.commandSets().size() + " command set(s):");
        checks.commandSets().forEach(set -> lines.add("  " + line(set)));
        return lines;
    }

    /** One set: {@code repo (paths: always): ruff check .; mypy src}. */
    public static String line(WorkspaceConfig.CommandSet set) {
        List<String> flags = new ArrayList<>();
        set.timeoutSeconds().ifPresent(s -> flags.add("timeout=" + s + "s"));
        if (set.skipIfUnavailable()) {
            flags.add("skip_if_unavailable");
        }
        String paths = set.paths().isEmpty() ? "always" : String.join(", ", set.paths());
        return set.name() + " (paths: " + paths + ")" + (flags.isEmpty() ? "" : " [" + String.join(", ", flags) + "]")
                + ": "
                + IntStream.range(0, set.commands().size())
                        .mapToObj(i -> ChecksRan.Command.command(set.commands().get(i), set.envOf(i)))
                        .collect(Collectors.joining("; "));
    }
}
