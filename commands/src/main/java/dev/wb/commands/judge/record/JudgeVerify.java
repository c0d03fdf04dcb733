package dev.wb.commands.judge.record;

import dev.wb.commands.Failure;
import dev.wb.commands.InputFiles;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.judge.core.Fitted;
import dev.wb.commands.judge.core.ReviewRecord;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.run.CommandApprovals;
import dev.wb.commands.judge.run.JudgeRun;
import dev.wb.commands.judge.snapshot.JudgeEvents;
import dev.wb.engine.EventEnvelope;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.judge.BoundaryStatus;
import dev.wb.projections.events.judge.JudgeRecordVerified;
import dev.wb.projections.events.judge.JudgeVerifyMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb judge verify <record>}: the record checked (RecordVerification), with what backs its
 * claims — nothing, a pinned receipt, or a fresh run in a disposable copy after approval — and, for an
 * approved snapshot record, where the reviewed boundary stands against the live workspace. The
 * record's reading and the verdict are both events of its task.
 */
public final class JudgeVerify {

    public record Request(
            Path record,
            Optional<String> receiptDigest,
            boolean runTests,
            List<String> approvals,
            Optional<CommandApprovals.Terminal> terminal) {}

    public record Result(
            Path file,
            String recordDigest,
            JudgeVerifyMode mode,
            RecordVerification.Outcome outcome,
            Optional<JudgeCurrent.Classification> current,
            BoundaryStatus reviewBoundary,
            List<JudgeRun.CommandResult> reexecuted,
            List<EventEnvelope> events) {}

    private JudgeVerify() {}

    public static Result run(Session session, Request request, Map<String, String> env, Timings timings) {
        Workspace workspace = session.workspace();
        if (request.receiptDigest().isPresent() && request.runTests()) {
            throw Failure.usage(
                    "--receipt-digest and --run-tests cannot be combined",
                    "pin the receipt you saw wb judge run print (executes nothing), or re-run with --run-tests");
        }
        if (!request.approvals().isEmpty() && !request.runTests()) {
            throw Failure.usage(
                    "--approve-commands approves a re-run, and only --run-tests re-runs anything",
                    "add --run-tests to re-run the claimed commands, or leave out --approve-commands");
        }
        Path file = request.record().toAbsolutePath().normalize();
        byte[] bytes = read(workspace, file);
        RecordFacts facts = RecordFacts.of(bytes);
        List<EventEnvelope> events = new ArrayList<>();
        RecordLog.noteRead(session, file, facts).ifPresent(events::add);
        RecordVerification.Evidence evidence = request.receiptDigest()
                .<RecordVerification.Evidence>map(RecordVerification.Pinned::new)
                .orElseGet(() -> request.runTests()
                        ? timings.phase("reexecution", () -> rerun(workspace, bytes, request, env, timings))
                        : new RecordVerification.Plain());
        RecordVerification.Outcome outcome =
                timings.phase("verify", () -> RecordVerification.verify(workspace, file, evidence, env));
        Optional<JudgeCurrent.Classification> current =
                outcome.approved() && outcome.snapshot().isPresent()
                        ? Optional.of(timings.phase(
                                "classify",
                                () -> JudgeCurrent.classify(
                                        workspace, outcome.snapshot().get(), env)))
                        : Optional.empty();
        BoundaryStatus reviewBoundary =
                current.map(JudgeCurrent.Classification::reviewBoundary).orElse(BoundaryStatus.NOT_CLASSIFIED);
        JudgeVerifyMode mode = evidence instanceof RecordVerification.Pinned
                ? JudgeVerifyMode.RECEIPT
                : evidence instanceof RecordVerification.Observed ? JudgeVerifyMode.RUN_TESTS : JudgeVerifyMode.PLAIN;
        List<JudgeRun.CommandResult> reexecuted =
                evidence instanceof RecordVerification.Observed observed ? observed.results() : List.of();
        Result result = new Result(file, facts.digest(), mode, outcome, current, reviewBoundary, reexecuted, events);
        facts.taskId()
                .ifPresent(key -> events.add(
                        JudgeEvents.append(session, key, verified(workspace, result, request.receiptDigest()))));
        return result;
    }

    static byte[] read(Workspace workspace, Path file) {
        Optional<byte[]> bytes;
        try {
            bytes = Files.isSymbolicLink(file) ? Optional.empty() : RecordVerification.read(workspace, file);
        } catch (InputFiles.Unusable e) {
            throw e.failure(Failure.Kind.MISSING);
        }
        return bytes.orElseThrow(() -> Failure.missing(
                "no review record at " + file
                        + (Files.isSymbolicLink(file) ? " (a symbolic link is not followed)" : ""),
                "give the path of the JSON the judge returned, saved under .workflow/local/judge/KEY/"));
    }

    /** A fresh run of the commands the record claims passed, in a disposable copy of its snapshot. */
    private static RecordVerification.Evidence rerun(
            Workspace workspace, byte[] bytes, Request request, Map<String, String> env, Timings timings) {
        ReviewRecord.Reading reading = ReviewRecord.read(bytes);
        if (reading.record().isEmpty()) {
            return new RecordVerification.Observed(Map.of(), List.of());
        }
        ReviewRecord record = reading.record().get();
        if (!record.candidate().startsWith("SNAPSHOT:")) {
            throw Failure.usage(
                    "--run-tests needs a snapshot candidate; this record's is " + record.candidate()
                            + ", and re-execution never touches the live tree",
                    "capture one: wb judge snapshot " + record.taskId()
                            + ", and have it reviewed; or verify without --run-tests");
        }
        return Reexecution.inSnapshot(
                new Reexecution.Context(workspace, request.approvals(), request.terminal(), env, timings), record);
    }

    /** The {@code judge.record.verified} event of a verification's result. */
    private static WbEvent verified(Workspace workspace, Result result, Optional<String> receiptDigest) {
        Path file = result.file();
        RecordVerification.Outcome outcome = result.outcome();
        return Fitted.of(new JudgeRecordVerified(
                file.startsWith(workspace.root())
                        ? workspace.root().relativize(file).toString()
                        : file.toString(),
                result.recordDigest(),
                result.mode(),
                receiptDigest,
                outcome.valid(),
                outcome.approved(),
                outcome.record().map(ReviewRecord::legacy).orElse(false),
                outcome.record().map(ReviewRecord::verdict),
                outcome.reasons(),
                outcome.notices(),
                new JudgeRecordVerified.VerifiedNow(
                        outcome.runtime(),
                        result.reviewBoundary(),
                        result.current().map(JudgeCurrent.Classification::executionMetadata))));
    }
}
