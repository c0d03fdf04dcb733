package dev.wb.cli;

import static dev.wb.cli.Summaries.cut;
import static dev.wb.cli.Summaries.digest;
import static dev.wb.cli.Summaries.text;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.projections.events.WbEvents;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/** {@code wb replay}'s one-line summaries of the judge and {@code task.*} events; payload text is escaped. */
final class JudgeSummaries {

    private static final Map<String, Function<JsonNode, String>> BY_TYPE = Map.ofEntries(
            Map.entry(WbEvents.JUDGE_SNAPSHOT_CAPTURED, JudgeSummaries::snapshot),
            Map.entry(
                    WbEvents.TASK_COMMANDS_APPROVED,
                    p -> p.path("commands").size() + " command(s) approved (" + text(p.path("how")) + ") · list "
                            + digest(p.path("listDigest"))),
            Map.entry(
                    WbEvents.JUDGE_RUN_STARTED,
                    p -> "snapshot " + text(p.path("snapshot")) + " · "
                            + text(p.path("mode")) + " · " + p.path("commands").size() + " command(s) · approved "
                            + text(p.path("approval"))),
            Map.entry(WbEvents.JUDGE_RUN_FINISHED, JudgeSummaries::runFinished),
            Map.entry(
                    WbEvents.JUDGE_RUN_REFUSED,
                    p -> "refused " + text(p.path("outcome")) + " · snapshot " + text(p.path("snapshot")) + changed(p)),
            Map.entry(
                    WbEvents.JUDGE_RECEIPT_WRITTEN,
                    p -> (p.path("passed").asBoolean() ? "passed" : "not passed")
                            + " · " + text(p.path("outcome")) + " · " + text(p.path("mode")) + " · receipt "
                            + digest(p.path("receiptDigest"))),
            Map.entry(
                    WbEvents.JUDGE_RECORD_READ,
                    p -> verdict(p) + " · " + text(p.path("category")) + " · " + text(p.path("file")) + " · record "
                            + digest(p.path("recordDigest"))),
            Map.entry(WbEvents.JUDGE_RECORD_VERIFIED, JudgeSummaries::verified),
            Map.entry(
                    WbEvents.JUDGE_CURRENT_CLASSIFIED,
                    p -> text(p.path("status")) + " · boundary "
                            + text(p.path("reviewBoundary")) + " · sidecar " + text(p.path("executionMetadata"))
                            + " · snapshot " + text(p.path("snapshot"))),
            Map.entry(
                    WbEvents.JUDGE_REPRODUCED,
                    p -> (p.path("passed").asBoolean() ? "reproduced" : "not reproduced")
                            + " · " + p.path("mismatched").size() + " mismatched, "
                            + p.path("unchanged").size()
                            + " unchanged, " + p.path("stray").size() + " stray · snapshot "
                            + text(p.path("snapshot"))),
            Map.entry(
                    WbEvents.JUDGE_SNAPSHOTS_PRUNED,
                    p -> p.path("deleted").size() + " deleted, "
                            + p.path("kept").size() + " kept (keep "
                            + p.path("keep").asInt() + ")"
                            + (p.path("broken").isEmpty()
                                    ? ""
                                    : " · " + p.path("broken").size() + " broken folder(s) left")),
            Map.entry(
                    WbEvents.JUDGE_AGENTS_CONFIGURED,
                    p -> text(p.path("action")) + " · " + p.path("files").size() + " agent file(s) · hook "
                            + text(p.path("hook"))));

    private JudgeSummaries() {}

    /** The summary of a judge or {@code task.*} event, or null for another type. */
    static String of(String type, JsonNode payload) {
        Function<JsonNode, String> summary = BY_TYPE.get(type);
        return summary == null ? null : cut(summary.apply(payload));
    }

    private static String snapshot(JsonNode p) {
        return (p.path("reused").asBoolean() ? "reused " : "captured ") + text(p.path("snapshot")) + " · base "
                + (p.path("baseRef").isTextual() ? text(p.path("baseRef")) + " " : "")
                + Summaries.commit(p.path("base")) + " · "
                + p.path("changedFiles").size() + " changed, "
                + p.path("excludedPaths").size() + " excluded"
                + (p.path("parent").isTextual() ? " · catch-up of " + text(p.path("parent")) : "");
    }

    private static String runFinished(JsonNode p) {
        Map<String, Integer> statuses = new TreeMap<>();
        p.path("results").forEach(r -> statuses.merge(text(r.path("status")), 1, Integer::sum));
        return text(p.path("outcome")) + " · " + text(p.path("mode")) + " · "
                + (statuses.isEmpty() ? "no command" : statuses.toString().replaceAll("[{}]", "")) + changed(p)
                + " · receipt " + digest(p.path("receiptDigest"));
    }

    private static String verified(JsonNode p) {
        String state =
                p.path("approved").asBoolean() ? "approved" : p.path("valid").asBoolean() ? "valid" : "invalid";
        return state + " · " + verdict(p) + " · " + text(p.path("mode")) + " · "
                + p.path("reasons").size() + " reason(s), " + p.path("notices").size() + " notice(s) · "
                + text(p.path("file"));
    }

    private static String verdict(JsonNode p) {
        return p.path("verdict").isTextual() ? text(p.path("verdict")) : "no verdict";
    }

    private static String changed(JsonNode p) {
        int n = p.path("changedPaths").size();
        return n == 0 ? "" : " · " + n + " changed path" + (n == 1 ? "" : "s");
    }
}
