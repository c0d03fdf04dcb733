package dev.wb.commands.checks;

import com.fasterxml.jackson.databind.JsonNode;
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

    public static String of(JsonNode payload) {
        int changed = payload.path("changedPaths").asInt();
        List<String> sets = new ArrayList<>();
        payload.path("selected").forEach(s -> sets.add(s.path("name").asText()));
        Map<String, Integer> outcomes = new LinkedHashMap<>();
        payload.path("commands").forEach(c -> outcomes.merge(c.path("outcome").asText(), 1, Integer::sum));
        List<String> counts = new ArrayList<>();
        outcomes.forEach((outcome, n) -> counts.add(n + " " + outcome));
        return payload.path("verdict").asText() + " · " + changed + " changed path" + (changed == 1 ? "" : "s")
                + " · " + (sets.isEmpty() ? "no set selected" : "sets " + String.join(", ", sets))
                + (counts.isEmpty() ? "" : " · " + String.join(", ", counts))
                + (payload.path("autoMergeBlocked").asBoolean() ? " · auto-merge blocked" : "")
                + (payload.path("mutations").isEmpty()
                        ? ""
                        : " · working tree changed by "
                                + payload.path("mutations").size() + " command(s)");
    }
}
