package dev.wb.commands.checks;

import dev.wb.projections.events.ChecksRan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code checks.ran} event in one line, for {@code wb replay}:
 * {@code fail · 1 changed path · sets repo, py · 2 passed, 1 failed · auto-merge blocked}.
 */
public final class ChecksRanSummary {

    private ChecksRanSummary() {}

    public static String of(ChecksRan run) {
        int changed = run.changedPaths();
        List<String> sets =
                run.selected().stream().map(ChecksRan.Selected::name).toList();
        Map<String, Integer> outcomes = new LinkedHashMap<>();
        run.commands().forEach(c -> outcomes.merge(c.outcome().wireName(), 1, Integer::sum));
        List<String> counts = new ArrayList<>();
        outcomes.forEach((outcome, n) -> counts.add(n + " " + outcome));
        return run.verdict().wireName() + " · " + changed + " changed path" + (changed == 1 ? "" : "s")
                + " · " + (sets.isEmpty() ? "no set selected" : "sets " + String.join(", ", sets))
                + (counts.isEmpty() ? "" : " · " + String.join(", ", counts))
                + (run.autoMergeBlocked() ? " · auto-merge blocked" : "")
                + (run.mutations().isEmpty()
                        ? ""
                        : " · working tree changed by " + run.mutations().size() + " command(s)");
    }
}
