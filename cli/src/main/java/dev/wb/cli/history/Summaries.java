package dev.wb.cli.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.checks.ChecksRanSummary;
import dev.wb.commands.process.Redactor;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.Payload;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.ChecksRan;
import dev.wb.projections.events.CitationsChecked;
import dev.wb.projections.events.FlowValidated;
import dev.wb.projections.events.HooksConfigured;
import dev.wb.projections.events.ImportVerdictRecorded;
import dev.wb.projections.events.PlanAudited;
import dev.wb.projections.events.PlanConfirmed;
import dev.wb.projections.events.PlanRebaselined;
import dev.wb.projections.events.PreflightCompleted;
import dev.wb.projections.events.ScopeChecked;
import dev.wb.projections.events.SyncSeen;
import dev.wb.projections.events.SyncSignaturesChecked;
import dev.wb.projections.events.TaskCleaned;
import dev.wb.projections.events.TaskCreated;
import dev.wb.projections.events.TaskDone;
import dev.wb.projections.events.TaskFetched;
import dev.wb.projections.events.WorkspaceInitialized;
import dev.wb.projections.events.verify.VerifyCommandRan;
import dev.wb.projections.events.verify.VerifyFinished;
import dev.wb.projections.events.verify.VerifyRegressionRan;
import dev.wb.projections.events.verify.VerifyStarted;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/** One-line summaries of events for {@code wb replay}. Every known type has its own wording; payload text is escaped. */
public final class Summaries {

    private static final int MAX = 100;

    /** Deviating paths a scope check's line names before it counts the rest. */
    static final int DEVIATIONS_SHOWN = 3;

    private Summaries() {}

    /**
     * The event's one-line summary with the redactor's secrets taken out: its payload's strings are
     * redacted before the summary is made (and cut), so no secret is shown whole or in part. A payload
     * that no longer reads as its type once redacted gives the raw event's summary, redacted.
     */
    public static String of(EventEnvelope event, Redactor redactor) {
        try {
            EventEnvelope redacted = new EventEnvelope(
                    event.eventId(),
                    event.stream(),
                    event.version(),
                    event.type(),
                    event.schemaVersion(),
                    event.time(),
                    event.actor(),
                    event.wbVersion(),
                    event.invocationId(),
                    Payload.of((ObjectNode) redactedCopy(event.payload().json(), redactor)),
                    event.prevHash(),
                    event.hash());
            return of(redacted);
        } catch (RuntimeException unreadableOnceRedacted) {
            try {
                return redactor.redact(of(event));
            } catch (IllegalArgumentException | UncheckedIOException unreadable) {
                // a payload that is no longer JSON: its chain does not verify here, which replay and show report
                return "its payload cannot be read (not JSON): wb replay " + event.stream() + " --verify";
            }
        }
    }

    private static JsonNode redactedCopy(JsonNode node, Redactor redactor) {
        if (node.isTextual()) {
            String text = node.textValue();
            String redacted = redactor.redact(text);
            return redacted.equals(text) ? node : JsonNodeFactory.instance.textNode(redacted);
        }
        if (node.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            node.properties().forEach(field -> out.set(field.getKey(), redactedCopy(field.getValue(), redactor)));
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode(node.size());
            node.forEach(element -> out.add(redactedCopy(element, redactor)));
            return out;
        }
        return node;
    }

    public static String of(EventEnvelope event) {
        JsonNode payload = event.payload().json();
        String summary = known(event, payload);
        return summary != null ? summary : "unknown event type (from a newer wb?): its payload is shown by --json";
    }

    /** The summaries kept beside this class, by family of types: each answers null for a type not its own. */
    private static final List<Function<EventEnvelope, String>> FAMILIES =
            List.of(GitSummaries::of, DraftSummaries::of, RunSummaries::of, ReviewSummaries::of, McpSummaries::of);

    private static String known(EventEnvelope event, JsonNode payload) {
        String type = event.type();
        for (Function<EventEnvelope, String> family : FAMILIES) {
            String summary = family.apply(event);
            if (summary != null) {
                return summary;
            }
        }
        String judge = JudgeSummaries.of(type, payload);
        if (judge != null) {
            return judge;
        }
        if (WorkspaceInitialized.TYPE.matches(event)) {
            WorkspaceInitialized init = WorkspaceInitialized.TYPE.read(event);
            return "created " + list(init.created()) + "; kept " + list(init.kept());
        }
        if (PlanAudited.TYPE.matches(event)) {
            return audited(PlanAudited.TYPE.read(event));
        }
        if (CitationsChecked.TYPE.matches(event)) {
            return cited(CitationsChecked.TYPE.read(event));
        }
        if (PlanRebaselined.TYPE.matches(event)) {
            PlanRebaselined rebaselined = PlanRebaselined.TYPE.read(event);
            return "baseline " + commit(rebaselined.from()) + " → " + commit(rebaselined.to());
        }
        if (PlanConfirmed.TYPE.matches(event)) {
            PlanConfirmed confirmed = PlanConfirmed.TYPE.read(event);
            return cut(confirmed.outcome().wireName() + ": the audit of replica "
                    + TerminalText.escape(confirmed.replica()) + " (its event " + confirmed.version() + ") at "
                    + commit(confirmed.commit()));
        }
        if (ScopeChecked.TYPE.matches(event)) {
            return checked(ScopeChecked.TYPE.read(event));
        }
        String operation = operation(event);
        if (operation != null) {
            return operation;
        }
        if (TaskCreated.TYPE.matches(event)) {
            return "skeleton written: " + TaskCreated.TYPE.read(event).files().size() + " files";
        }
        if (TaskDone.TYPE.matches(event)) {
            String reason = TaskDone.TYPE.read(event).reason();
            return reason.isEmpty() ? "marked done" : "marked done: " + cut(TerminalText.escape(reason));
        }
        if (TaskFetched.TYPE.matches(event)) {
            TaskFetched fetched = TaskFetched.TYPE.read(event);
            return "triage.json from " + TerminalText.escape(fetched.source()) + (fetched.cached() ? " (cached)" : "");
        }
        if (TaskCleaned.TYPE.matches(event)) {
            return "folder removed: " + TaskCleaned.TYPE.read(event).removed().size() + " files";
        }
        if (ImportVerdictRecorded.TYPE.matches(event)) {
            ImportVerdictRecorded imported = ImportVerdictRecorded.TYPE.read(event);
            return cut("imported, unverified: " + TerminalText.escape(imported.tool()) + " "
                    + TerminalText.escape(imported.kind()) + " "
                    + imported.verdict().map(TerminalText::escape).orElse("(no verdict)") + " · "
                    + TerminalText.escape(imported.file()) + " · " + digest(imported.sha256()));
        }
        return null;
    }

    private static String regressionSide(Optional<VerifyRegressionRan.Side> side) {
        return side.map(s -> s.outcome().equals("exited") ? "exit " + s.exitCode() : TerminalText.escape(s.outcome()))
                .orElse("not run");
    }

    /** The summaries of verify, preflight, flow and checks events; null for another type. */
    private static String operation(EventEnvelope event) {
        if (VerifyStarted.TYPE.matches(event)) {
            VerifyStarted started = VerifyStarted.TYPE.read(event);
            return started.commands().size() + " to run, "
                    + started.refused().size() + " refused"
                    + (started.env().isEmpty() ? "" : " · env " + list(started.env()))
                    + started.tests()
                            .filter(t -> !t.missing().isEmpty())
                            .map(t -> " · test targets not changed: " + list(t.missing()))
                            .orElse("");
        }
        if (VerifyCommandRan.TYPE.matches(event)) {
            VerifyCommandRan ran = VerifyCommandRan.TYPE.read(event);
            return (ran.outcome().equals("exited") ? "exit " + ran.exitCode() : TerminalText.escape(ran.outcome()))
                    + " in " + ran.durationMs() + " ms · " + TerminalText.escape(ran.command())
                    + " · output " + ran.outputBytes() + " bytes (--output " + event.version() + ")";
        }
        if (VerifyFinished.TYPE.matches(event)) {
            VerifyFinished finished = VerifyFinished.TYPE.read(event);
            return TerminalText.escape(finished.verdict().wireName()) + " in " + finished.durationMs() + " ms · "
                    + finished.ran() + " ran, " + finished.passed() + " passed, "
                    + finished.failed() + " failed, "
                    + finished.refused() + " refused"
                    + (finished.notRun() > 0 ? ", " + finished.notRun() + " not run" : "");
        }
        if (VerifyRegressionRan.TYPE.matches(event)) {
            VerifyRegressionRan ran = VerifyRegressionRan.TYPE.read(event);
            return (ran.passed() ? "reproduced" : "failed") + " · " + TerminalText.escape(ran.target())
                    + " · merge base " + regressionSide(ran.base()) + ", checkout " + regressionSide(ran.head())
                    + ran.reason().map(r -> " · " + TerminalText.escape(r)).orElse("");
        }
        if (HooksConfigured.TYPE.matches(event)) {
            HooksConfigured hooks = HooksConfigured.TYPE.read(event);
            return TerminalText.escape(hooks.action() + " " + hooks.host() + ": " + hooks.result() + " · "
                    + hooks.file() + (hooks.guard().equals("none") ? "" : " · judge guard " + hooks.guard()));
        }
        if (PreflightCompleted.TYPE.matches(event)) {
            PreflightCompleted preflight = PreflightCompleted.TYPE.read(event);
            return TerminalText.escape(preflight.verdict()) + " · "
                    + preflight.failures() + " failure(s), "
                    + preflight.warnings() + " warning(s) · "
                    + preflight.lines().size() + " lines"
                    + preflight
                            .paidProbe()
                            .map(probe -> " · paid probe "
                                    + (probe instanceof PreflightCompleted.PaidProbe.Declined ? "declined" : "ran"))
                            .orElse("");
        }
        if (FlowValidated.TYPE.matches(event)) {
            FlowValidated validated = FlowValidated.TYPE.read(event);
            StringBuilder out = new StringBuilder("exit ")
                    .append(validated.exitCode())
                    .append(" · ")
                    .append(TerminalText.escape(validated.request()));
            for (FlowValidated.Flow flow : validated.flows()) {
                out.append(" · ")
                        .append(TerminalText.escape(flow.name()))
                        .append(
                                flow.valid()
                                        ? " OK"
                                        : " FAIL (" + flow.violations().size() + ")");
            }
            return cut(out.toString());
        }
        if (ChecksRan.TYPE.matches(event)) {
            return TerminalText.escape(ChecksRanSummary.of(ChecksRan.TYPE.read(event)));
        }
        if (SyncSeen.TYPE.matches(event)) {
            SyncSeen seen = SyncSeen.TYPE.read(event);
            StringBuilder out = new StringBuilder("had seen");
            seen.heads()
                    .forEach(h -> out.append(' ')
                            .append(TerminalText.escape(h.replica()))
                            .append('@')
                            .append(h.version()));
            return cut(out.append(" · clock ").append(seen.lamport()).toString());
        }
        if (SyncSignaturesChecked.TYPE.matches(event)) {
            SyncSignaturesChecked checked = SyncSignaturesChecked.TYPE.read(event);
            StringBuilder out = new StringBuilder("signatures from ").append(TerminalText.escape(checked.remote()));
            checked.replicas()
                    .forEach(r -> out.append(' ')
                            .append(TerminalText.escape(r.replica()))
                            .append(r.allSigned() ? " signed" : " unsigned")
                            .append(" (")
                            .append(r.commits())
                            .append(')'));
            return cut(out.toString());
        }
        return NoteSummaries.of(event);
    }

    /** {@code text} cut to the line's room, with an ellipsis when cut. */
    static String cut(String text) {
        return text.length() <= MAX ? text : text.substring(0, MAX - 1) + "…";
    }

    /** A payload string, escaped for the terminal; "?" when absent or not text. */
    static String text(JsonNode node) {
        return node.isTextual() ? TerminalText.escape(node.asText()) : node.isNumber() ? node.asText() : "?";
    }

    private static String audited(PlanAudited audit) {
        Map<String, Integer> verdicts = new TreeMap<>();
        audit.citations().forEach(c -> verdicts.merge(TerminalText.escape(c.verdict()), 1, Integer::sum));
        StringBuilder out = new StringBuilder(TerminalText.escape(audit.verdict()))
                .append(" · ")
                .append(TerminalText.escape(audit.tier()))
                .append(" · ")
                .append(TerminalText.escape(audit.mode()))
                .append(" · citations ");
        out.append(verdicts.isEmpty() ? "none" : verdicts.toString().replaceAll("[{}]", ""));
        int structure = audit.structure().size();
        if (structure > 0) {
            out.append(" · ").append(structure).append(" structure problem").append(structure == 1 ? "" : "s");
        }
        return out.append(" · plan ").append(digest(audit.planDigest())).toString();
    }

    private static String cited(CitationsChecked check) {
        Map<String, Integer> verdicts = new TreeMap<>();
        check.citations().forEach(c -> verdicts.merge(TerminalText.escape(c.verdict()), 1, Integer::sum));
        StringBuilder out = new StringBuilder(check.passed() ? "pass" : "fail")
                .append(" · ")
                .append(TerminalText.escape(check.file()))
                .append(" · citations ")
                .append(verdicts.isEmpty() ? "none" : verdicts.toString().replaceAll("[{}]", ""));
        int structure = check.structure().size();
        if (structure > 0) {
            out.append(" · ").append(structure).append(" structure problem").append(structure == 1 ? "" : "s");
        }
        return out.toString();
    }

    private static String checked(ScopeChecked check) {
        StringBuilder out = new StringBuilder(
                        TerminalText.escape(check.verdict().wireName()))
                .append(" · ")
                .append(TerminalText.escape(check.mode().wireName()));
        check.base().ifPresent(base -> out.append(" + since ").append(TerminalText.escape(base.ref())));
        check.counts().byName().forEach((status, n) -> {
            if (n > 0) {
                out.append(" · ").append(n).append(' ').append(status);
            }
        });
        return out.append(deviating(check)).toString();
    }

    /** The first few deviating paths (with their critical zones), then how many more deviate. */
    private static String deviating(ScopeChecked check) {
        List<ScopeChecked.PathEntry> paths =
                check.paths().stream().filter(ScopeChecked.PathEntry::deviates).toList();
        long total = Math.max(check.counts().deviation(), paths.size());
        if (total == 0) {
            return "";
        }
        StringBuilder out = new StringBuilder(" · deviating:");
        for (ScopeChecked.PathEntry path : paths.subList(0, Math.min(DEVIATIONS_SHOWN, paths.size()))) {
            out.append(' ').append(TerminalText.escape(shortened(path.path())));
            if (!path.zones().isEmpty()) {
                out.append(" [").append(list(path.zones())).append(']');
            }
        }
        long more = total - Math.min(DEVIATIONS_SHOWN, paths.size());
        return more > 0 ? out.append(" +").append(more).append(" more").toString() : out.toString();
    }

    /** A long path as its start and its end. */
    private static String shortened(String path) {
        return path.length() <= 48 ? path : path.substring(0, 20) + "…" + path.substring(path.length() - 27);
    }

    private static String commit(Optional<String> id) {
        return id.map(Summaries::abbreviated).orElse("none");
    }

    private static String abbreviated(String id) {
        return TerminalText.escape(id.substring(0, Math.min(12, id.length())));
    }

    private static String digest(String digest) {
        return abbreviated(digest.replace("sha256:", ""));
    }

    static String commit(JsonNode id) {
        return id.isTextual()
                ? TerminalText.escape(
                        id.asText().substring(0, Math.min(12, id.asText().length())))
                : "none";
    }

    /** The first 12 hex digits of a {@code sha256:} digest; "?" when absent. */
    static String digest(JsonNode digest) {
        return digest.isTextual()
                ? commit(new com.fasterxml.jackson.databind.node.TextNode(
                        digest.asText().replace("sha256:", "")))
                : "?";
    }

    static String list(JsonNode array) {
        if (!array.isArray() || array.isEmpty()) {
            return "nothing";
        }
        StringBuilder out = new StringBuilder();
        for (JsonNode item : array) {
            out.append(out.length() == 0 ? "" : ", ").append(text(item));
        }
        return out.toString();
    }

    static String list(List<String> items) {
        if (items.isEmpty()) {
            return "nothing";
        }
        StringBuilder out = new StringBuilder();
        for (String item : items) {
            out.append(out.length() == 0 ? "" : ", ").append(TerminalText.escape(item));
        }
        return out.toString();
    }
}
