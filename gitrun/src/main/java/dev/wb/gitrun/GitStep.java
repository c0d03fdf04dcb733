package dev.wb.gitrun;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One git command of a series: its arguments without the leading {@code git}, what must hold just
 * before it runs, and why it is in the series (shown beside the command, and recorded).
 */
public record GitStep(List<String> argv, Set<Precondition> preconditions, String why) {
    public GitStep {
        argv = List.copyOf(argv);
        preconditions = Set.copyOf(preconditions);
        Objects.requireNonNull(why, "why");
    }

    /** The command as printed for the user to read or paste. */
    public String text() {
        return GitCommandText.print(argv);
    }
}
