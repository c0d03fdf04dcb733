package dev.wb.projections.status;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.InMemoryEventLog;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.GitSeriesFinished;
import dev.wb.projections.events.GitStepRan;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.ScopeChecked;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.WireName;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.AuditTier;
import dev.wb.projections.events.audit.CitationVerdict;
import dev.wb.projections.events.audit.PlanAudited;
import dev.wb.projections.events.verify.VerifyCommandRan;
import dev.wb.projections.events.verify.VerifyFinished;
import dev.wb.projections.events.verify.VerifyStarted;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Events in the payload shapes of docs/EVENTS.md, sealed into envelopes as a log would seal them. */
public final class StageEvents {

    static final StreamId TASK = StreamId.task(new TaskKey("ABC-1"));

    private StageEvents() {}

    public static List<EventEnvelope> sealed(NewEvent... events) {
        InMemoryEventLog log = new InMemoryEventLog();
        log.append(TASK, ExpectedVersion.noStream(), List.of(events), TestEvents.invocation());
        return log.read(TASK);
    }

    static NewEvent audited(String verdict, String digest, String... citationVerdicts) {
        List<PlanAudited.Citation> citations = new ArrayList<>();
        for (int i = 0; i < citationVerdicts.length; i++) {
            CitationVerdict v =
                    WireName.find(CitationVerdict.class, citationVerdicts[i]).orElseThrow();
            citations.add(new PlanAudited.Citation(
                    i,
                    Optional.of("src/app.py"),
                    2,
                    v,
                    v == CitationVerdict.OK || v == CitationVerdict.MOVED || v == CitationVerdict.BASELINE,
                    Optional.empty()));
        }
        return new PlanAudited(
                        WireName.find(Verdict.class, verdict).orElseThrow(),
                        new PlanAudited.Rigour(AuditTier.LIGHT, Optional.empty()),
                        PlanAudited.Anchor.of(AuditMode.FIRST, Optional.empty(), Optional.empty()),
                        new PlanAudited.AuditedPlan(
                                digest, List.of(new PlannedFile("src/app.py", "edit", Optional.empty())), List.of()),
                        new PlanAudited.Findings(citations, List.of(), List.of(), List.of()),
                        false)
                .toNewEvent();
    }

    static NewEvent scopeChecked(String verdict, String digest) {
        Verdict read = WireName.of(Verdict.class, verdict, Verdict.DEVIATION);
        return new ScopeChecked(
                        read,
                        ScopeChecked.Mode.WORKTREE,
                        Optional.empty(),
                        digest,
                        new ScopeChecked.Counts(read == Verdict.DEVIATION ? 1 : 0, 0, 0, 1, 0, 0),
                        List.of(),
                        0,
                        List.of())
                .toNewEvent();
    }

    /** A start; {@code refused} alternates command and reason, {@code refusedEnv} name and reason. */
    static NewEvent verifyStarted(String digest, List<String> commands, List<String> refused, List<String> refusedEnv) {
        ObjectNode p = CanonicalJson.objectNode().put("planDigest", digest).put("timeoutSeconds", 600);
        ArrayNode c = p.putArray("commands");
        for (int i = 0; i < commands.size(); i++) {
            c.addObject()
                    .put("index", i)
                    .put("command", commands.get(i))
                    .put("runner", commands.get(i).split(" ", 0)[0]);
        }
        ArrayNode r = p.putArray("refused");
        for (int i = 0; i < refused.size(); i += 2) {
            r.addObject()
                    .put("index", commands.size() + i / 2)
                    .put("command", refused.get(i))
                    .put("reason", refused.get(i + 1));
        }
        p.putArray("env");
        ArrayNode e = p.putArray("refusedEnv");
        for (int i = 0; i < refusedEnv.size(); i += 2) {
            e.addObject().put("name", refusedEnv.get(i)).put("reason", refusedEnv.get(i + 1));
        }
        return new NewEvent(VerifyStarted.TYPE.name(), 1, p);
    }

    static NewEvent verifyStarted(String digest, String... commands) {
        return verifyStarted(digest, List.of(commands), List.of(), List.of());
    }

    static NewEvent commandRan(String command, String outcome, int exitCode, long durationMs) {
        ObjectNode p = CanonicalJson.objectNode().put("index", 0).put("command", command);
        ArrayNode argv = p.putArray("argv");
        for (String word : command.split(" ", 0)) {
            argv.add(word);
        }
        p.put("runner", argv.get(0).asText())
                .put("outcome", outcome)
                .put("exitCode", exitCode)
                .put("passed", outcome.equals("exited") && exitCode == 0)
                .put("durationMs", durationMs)
                .put("head", "output")
                .put("tail", "")
                .put("omittedChars", 0)
                .put("outputDigest", "sha256:" + "a".repeat(64))
                .put("outputBytes", 6);
        return new NewEvent(VerifyCommandRan.TYPE.name(), 1, p);
    }

    static NewEvent passed(String command, long durationMs) {
        return commandRan(command, "exited", 0, durationMs);
    }

    static NewEvent failed(String command, long durationMs) {
        return commandRan(command, "exited", 1, durationMs);
    }

    static NewEvent verifyFinished(String verdict) {
        ObjectNode p = CanonicalJson.objectNode()
                .put("verdict", verdict)
                .put("ran", 1)
                .put("passed", 1)
                .put("failed", 0)
                .put("refused", 0)
                .put("notRun", 0)
                .put("durationMs", 10);
        return new NewEvent(VerifyFinished.TYPE.name(), 1, p);
    }

    static NewEvent gitStep(String series, String status) {
        ObjectNode p = CanonicalJson.objectNode()
                .put("series", series)
                .put("index", 0)
                .put("status", status)
                .put("exitCode", status.equals("refused") ? -1 : status.equals("ok") ? 0 : 1)
                .put("output", "")
                .put("durationMs", 5);
        p.putArray("argv").add("commit").add("-F").add(".workflow/ABC-1/commit.txt");
        if (status.equals("refused")) {
            p.put("refusal", "the tree is not clean");
        }
        return new NewEvent(GitStepRan.TYPE.name(), 1, p);
    }

    static NewEvent gitSeries(String series, String status) {
        ObjectNode p = CanonicalJson.objectNode()
                .put("series", series)
                .put("status", status)
                .put("ran", status.equals("refused") ? 0 : 1);
        p.putArray("notRun");
        return new NewEvent(GitSeriesFinished.TYPE.name(), 1, p);
    }
}
