package dev.wb.cli.history;

import static dev.wb.cli.history.Summaries.cut;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WireName;
import dev.wb.projections.events.judge.JudgeAgentsConfigured;
import dev.wb.projections.events.judge.JudgeCurrentClassified;
import dev.wb.projections.events.judge.JudgeReceiptWritten;
import dev.wb.projections.events.judge.JudgeRecordRead;
import dev.wb.projections.events.judge.JudgeRecordVerified;
import dev.wb.projections.events.judge.JudgeReproduced;
import dev.wb.projections.events.judge.JudgeRunFinished;
import dev.wb.projections.events.judge.JudgeRunRefused;
import dev.wb.projections.events.judge.JudgeRunStarted;
import dev.wb.projections.events.judge.JudgeSnapshotCaptured;
import dev.wb.projections.events.judge.JudgeSnapshotsPruned;
import dev.wb.projections.events.judge.TaskCommandsApproved;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/** {@code wb replay}'s one-line summaries of the judge and {@code task.*} events; payload text is escaped. */
public final class JudgeSummaries {

    private static final Map<String, Function<ObjectNode, String>> BY_TYPE = Map.ofEntries(
            summary(JudgeSnapshotCaptured.TYPE, JudgeSummaries::snapshot),
            summary(
                    TaskCommandsApproved.TYPE,
                    e -> e.commands().size() + " command(s) approved (" + text(e.how()) + ") · list "
                            + digest(e.listDigest())),
            summary(
                    JudgeRunStarted.TYPE,
                    e -> "snapshot " + text(e.snapshot()) + " · " + text(e.mode()) + " · "
                            + e.commands().size() + " command(s) · approved " + text(e.approval())),
            summary(JudgeRunFinished.TYPE, JudgeSummaries::runFinished),
            summary(
                    JudgeRunRefused.TYPE,
                    e -> "refused " + text(e.outcome()) + " · snapshot " + text(e.snapshot())
                            + changed(e.changedPaths())),
            summary(
                    JudgeReceiptWritten.TYPE,
                    e -> (e.passed() ? "passed" : "not passed") + " · " + text(e.outcome()) + " · " + text(e.mode())
                            + " · receipt " + digest(e.receiptDigest())),
            summary(
                    JudgeRecordRead.TYPE,
                    e -> verdict(e.verdict()) + " · " + text(e.category()) + " · " + text(e.file()) + " · record "
                            + digest(e.recordDigest())),
            summary(JudgeRecordVerified.TYPE, JudgeSummaries::verified),
            summary(
                    JudgeCurrentClassified.TYPE,
                    e -> text(e.status()) + " · boundary " + text(e.reviewBoundary()) + " · sidecar "
                            + text(e.executionMetadata()) + " · snapshot " + text(e.snapshot())),
            summary(
                    JudgeReproduced.TYPE,
                    e -> (e.passed() ? "reproduced" : "not reproduced") + " · "
                            + e.mismatched().size()
                            + " mismatched, " + e.unchanged().size() + " unchanged, "
                            + e.stray().size()
                            + " stray · snapshot " + text(e.snapshot())),
            summary(
                    JudgeSnapshotsPruned.TYPE,
                    e -> e.deleted().size() + " deleted, " + e.kept().size() + " kept (keep " + e.keep() + ")"
                            + (e.broken().isEmpty() ? "" : " · " + e.broken().size() + " broken folder(s) left")),
            summary(
                    JudgeAgentsConfigured.TYPE,
                    e -> text(e.action()) + " · " + e.files().size() + " agent file(s) · hook " + text(e.hook())));

    private JudgeSummaries() {}

    /** The summary of a judge or {@code task.*} event, or null for another type. */
    public static String of(String type, JsonNode payload) {
        Function<ObjectNode, String> summary = BY_TYPE.get(type);
        return summary == null ? null : cut(summary.apply((ObjectNode) payload));
    }

    private static <E extends WbEvent> Map.Entry<String, Function<ObjectNode, String>> summary(
            EventType<E> type, Function<E, String> wording) {
        return Map.entry(type.name(), payload -> wording.apply(type.read(payload)));
    }

    private static String snapshot(JudgeSnapshotCaptured e) {
        return (e.reused() ? "reused " : "captured ") + text(e.snapshot()) + " · base "
                + e.baseRef().map(ref -> text(ref) + " ").orElse("")
                + Summaries.commit(node(e.base())) + " · "
                + e.boundary().changedFiles().size() + " changed, "
                + e.boundary().excludedPaths().size() + " excluded"
                + e.parent().map(parent -> " · catch-up of " + text(parent)).orElse("");
    }

    private static String runFinished(JudgeRunFinished e) {
        Map<String, Integer> statuses = new TreeMap<>();
        e.results().forEach(r -> statuses.merge(text(r.status()), 1, Integer::sum));
        return text(e.outcome()) + " · " + text(e.mode()) + " · "
                + (statuses.isEmpty() ? "no command" : statuses.toString().replaceAll("[{}]", ""))
                + changed(e.changedPaths())
                + " · receipt " + digest(e.receiptDigest());
    }

    private static String verified(JudgeRecordVerified e) {
        String state = e.approved() ? "approved" : e.valid() ? "valid" : "invalid";
        return state + " · " + verdict(e.verdict()) + " · " + text(e.mode()) + " · "
                + e.reasons().size() + " reason(s), " + e.notices().size() + " notice(s) · "
                + text(e.file());
    }

    private static String verdict(Optional<String> verdict) {
        return verdict.map(JudgeSummaries::text).orElse("no verdict");
    }

    private static String changed(List<String> changedPaths) {
        int n = changedPaths.size();
        return n == 0 ? "" : " · " + n + " changed path" + (n == 1 ? "" : "s");
    }

    /** A payload text, escaped for the terminal; "?" when the event has none. */
    private static String text(String value) {
        return Summaries.text(node(value));
    }

    /** A closed value as its wire name, the text the payload holds. */
    private static String text(WireName value) {
        return text(value.wireName());
    }

    private static String digest(String value) {
        return Summaries.digest(node(value));
    }

    private static JsonNode node(String value) {
        return value == null ? MissingNode.getInstance() : TextNode.valueOf(value);
    }
}
