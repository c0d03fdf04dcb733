package dev.wb.cli.show;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.logs.EventLogs;
import dev.wb.projections.catalog.WbEvents;
import dev.wb.projections.events.AgentHost;
import dev.wb.projections.events.CheckOutcome;
import dev.wb.projections.events.ChecksRan;
import dev.wb.projections.events.FlowValidated;
import dev.wb.projections.events.GitSeriesFinished;
import dev.wb.projections.events.GitSeriesName;
import dev.wb.projections.events.GitStatus;
import dev.wb.projections.events.GitStepRan;
import dev.wb.projections.events.HookGuard;
import dev.wb.projections.events.HooksAction;
import dev.wb.projections.events.HooksConfigured;
import dev.wb.projections.events.ImportVerdictRecorded;
import dev.wb.projections.events.ImportedKind;
import dev.wb.projections.events.InstallResult;
import dev.wb.projections.events.McpCalled;
import dev.wb.projections.events.OriginalTool;
import dev.wb.projections.events.PlanConfirmed;
import dev.wb.projections.events.PlanRebaselined;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.PreflightCompleted;
import dev.wb.projections.events.ScopeChecked;
import dev.wb.projections.events.SyncSeen;
import dev.wb.projections.events.SyncSignaturesChecked;
import dev.wb.projections.events.TaskCleaned;
import dev.wb.projections.events.TaskCreated;
import dev.wb.projections.events.TaskDone;
import dev.wb.projections.events.TaskFetched;
import dev.wb.projections.events.TicketProvider;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WorkspaceInitialized;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.AuditTier;
import dev.wb.projections.events.audit.CitationVerdict;
import dev.wb.projections.events.audit.CitationsChecked;
import dev.wb.projections.events.audit.FileCheckVerdict;
import dev.wb.projections.events.audit.PlanAudited;
import dev.wb.projections.events.draft.CommitChecked;
import dev.wb.projections.events.draft.CommitStyle;
import dev.wb.projections.events.draft.HandoverState;
import dev.wb.projections.events.draft.HandoverWritten;
import dev.wb.projections.events.draft.PlanRendered;
import dev.wb.projections.events.draft.PrChecked;
import dev.wb.projections.events.judge.BoundaryStatus;
import dev.wb.projections.events.judge.CommandsApproval;
import dev.wb.projections.events.judge.ExecutionMetadata;
import dev.wb.projections.events.judge.FindingKind;
import dev.wb.projections.events.judge.JudgeAgentsConfigured;
import dev.wb.projections.events.judge.JudgeCurrentClassified;
import dev.wb.projections.events.judge.JudgeHookAction;
import dev.wb.projections.events.judge.JudgeReceiptWritten;
import dev.wb.projections.events.judge.JudgeRecordRead;
import dev.wb.projections.events.judge.JudgeRecordVerified;
import dev.wb.projections.events.judge.JudgeReproduced;
import dev.wb.projections.events.judge.JudgeRunFinished;
import dev.wb.projections.events.judge.JudgeRunMode;
import dev.wb.projections.events.judge.JudgeRunOutcome;
import dev.wb.projections.events.judge.JudgeRunRefused;
import dev.wb.projections.events.judge.JudgeRunStarted;
import dev.wb.projections.events.judge.JudgeSnapshotCaptured;
import dev.wb.projections.events.judge.JudgeSnapshotsPruned;
import dev.wb.projections.events.judge.JudgeSwitch;
import dev.wb.projections.events.judge.JudgeVerifyMode;
import dev.wb.projections.events.judge.RecordCategory;
import dev.wb.projections.events.judge.ReviewGated;
import dev.wb.projections.events.judge.RuntimeValidation;
import dev.wb.projections.events.judge.TaskCommandsApproved;
import dev.wb.projections.events.run.EdgeTaken;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.NodeKind;
import dev.wb.projections.events.run.NodeLaunched;
import dev.wb.projections.events.run.NodeStarted;
import dev.wb.projections.events.run.NodeWhen;
import dev.wb.projections.events.run.RunAnswered;
import dev.wb.projections.events.run.RunBudgetExhausted;
import dev.wb.projections.events.run.RunDecomposed;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.events.run.RunParked;
import dev.wb.projections.events.run.RunStarted;
import dev.wb.projections.events.run.SubtaskFinished;
import dev.wb.projections.events.run.SubtaskStarted;
import dev.wb.projections.events.verify.ProcessOutcome;
import dev.wb.projections.events.verify.VerifyCommandRan;
import dev.wb.projections.events.verify.VerifyFinished;
import dev.wb.projections.events.verify.VerifyRegressionRan;
import dev.wb.projections.events.verify.VerifyStarted;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A task whose stream holds one event of every type wb writes ({@link WbEvents#TYPES}), each with a
 * payload that reads as its type: written with the engine's log API into a workspace's log, for the
 * views that must give every type a readable line ({@code wb show}, its HTML page). A type added to
 * wb without an event here fails {@link #write}. A few texts carry what a view must escape or
 * redact: an ESC sequence in a command, a token-shaped secret in a command's output.
 */
public final class EveryEventTask {

    /** The task's key. */
    public static final String KEY = "EVERY-1";

    /** Text with an escape sequence, in verify.command.ran's command: a terminal view must not pass it on. */
    public static final String ESCAPE_IN_PAYLOAD = "make \u001b[2Jcheck";

    /** A secret in a command's stored output head, as a view's redactor should see it. */
    public static final String SECRET_IN_OUTPUT = "ghp_" + "A".repeat(36);

    /** The first event's time; the others follow an hour apart. */
    public static final Instant START = Instant.parse("2026-05-01T08:00:00Z");

    private static final String DIGEST = "sha256:" + "ab".repeat(32);
    private static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";
    private static final String SNAPSHOT = "0123456789abcdef0123";

    private EveryEventTask() {}

    /**
     * Appends the task's events, one of every type, to the log of the repository at {@code root} (its
     * {@code .workflow/local/log}), and returns the task's key.
     */
    public static String write(Path root) {
        List<WbEvent> events = events();
        Set<String> types = new LinkedHashSet<>();
        events.forEach(e -> types.add(e.eventType().name()));
        Set<String> expected = new LinkedHashSet<>();
        WbEvents.TYPES.forEach(t -> expected.add(t.name()));
        assertEquals(expected, types, "EveryEventTask holds one event of every type wb writes");
        StreamId stream = StreamId.task(new TaskKey(KEY));
        try (EventLog log = EventLogs.chronicle(root.resolve(".workflow/local/log"))) {
            for (int i = 0; i < events.size(); i++) {
                // one batch an event, as the commands append them, an hour apart (the last ones a day later)
                NewEvent next = events.get(i).toNewEvent();
                Clock at = Clock.fixed(START.plus(Duration.ofHours(i)), ZoneOffset.UTC);
                log.append(stream, ExpectedVersion.any(), List.of(next), TestEvents.invocation(at));
            }
        }
        return KEY;
    }

    /** The events, in the order a task's work would write them. */
    static List<WbEvent> events() {
        return List.of(
                new WorkspaceInitialized(List.of("config.json", ".gitignore"), List.of()),
                new TaskCreated(List.of(".workflow/EVERY-1/task.md", ".workflow/EVERY-1/sdd.json")),
                new ImportVerdictRecorded(
                        OriginalTool.WORKBENCH,
                        ImportedKind.AUDIT,
                        ".workflow/EVERY-1/audit.json",
                        Optional.empty(),
                        DIGEST,
                        Optional.of("pass"),
                        Optional.empty(),
                        false),
                audit(),
                new PlanRebaselined(Optional.of(COMMIT), Optional.of(COMMIT.replace('0', 'f')), DIGEST),
                scope(),
                new VerifyStarted(
                        DIGEST,
                        600,
                        List.of(new VerifyStarted.Command(0, ESCAPE_IN_PAYLOAD, "make")),
                        List.of(),
                        List.of("CI"),
                        List.of()),
                new VerifyCommandRan(
                        0,
                        ESCAPE_IN_PAYLOAD,
                        List.of("make", "\u001b[2Jcheck"),
                        "make",
                        ProcessOutcome.EXITED,
                        0,
                        true,
                        1234,
                        "ok " + SECRET_IN_OUTPUT + "\n",
                        "all passed\n",
                        0,
                        DIGEST,
                        52,
                        Optional.empty(),
                        Optional.empty()),
                new VerifyFinished(Verdict.PASS, 1, 1, 0, 0, 0, 1300),
                new ChecksRan(
                        3,
                        List.of(new ChecksRan.Selected("java", "src/App.java")),
                        List.of(new ChecksRan.Command(
                                "java", List.of("mvn", "-q", "verify"), CheckOutcome.PASSED, 0, 900, "")),
                        Verdict.PASS,
                        List.of(),
                        false,
                        List.of(),
                        Optional.empty()),
                new PreflightCompleted(
                        List.of(new PreflightCompleted.Line("git", PreflightCompleted.LineVerdict.OK, "git 2.43")),
                        PreflightCompleted.Readiness.READY,
                        0,
                        0,
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty()),
                new FlowValidated(
                        "--all",
                        List.of(new FlowValidated.Flow("fix", "flows/fix.yaml", true, List.of(), List.of())),
                        0),
                new GitStepRan(
                        GitSeriesName.COMMIT,
                        0,
                        List.of("commit", "-F", ".workflow/EVERY-1/commit.txt"),
                        GitStatus.OK,
                        0,
                        "[main 0123456] fix\n",
                        Optional.empty(),
                        40,
                        Optional.empty()),
                new GitSeriesFinished(GitSeriesName.COMMIT, GitStatus.OK, 1, List.of(), Optional.empty()),
                new JudgeSnapshotCaptured(
                        SNAPSHOT,
                        8,
                        false,
                        COMMIT,
                        Optional.of("main"),
                        COMMIT,
                        COMMIT,
                        new JudgeSnapshotCaptured.Digests(DIGEST, DIGEST, DIGEST, DIGEST, Map.of("task.md", DIGEST)),
                        "0.1.0",
                        new JudgeSnapshotCaptured.Boundary(
                                List.of("src/App.java"), List.of(".env.local"), List.of(), 4, false),
                        Optional.empty(),
                        Optional.empty()),
                new TaskCommandsApproved(List.of("make -s check"), DIGEST, CommandsApproval.STORED),
                new JudgeRunStarted(
                        SNAPSHOT,
                        JudgeRunMode.IN_PLACE,
                        List.of(new JudgeRunStarted.Command("make -s check", false)),
                        CommandsApproval.STORED,
                        DIGEST),
                new JudgeRunRefused(
                        SNAPSHOT,
                        JudgeRunMode.IN_PLACE,
                        JudgeRunOutcome.TREE_MISMATCH,
                        "the tree changed",
                        List.of("src/App.java")),
                new JudgeRunFinished(
                        SNAPSHOT,
                        JudgeRunMode.IN_PLACE,
                        JudgeRunOutcome.PASSED,
                        List.of(new JudgeRunFinished.Result(
                                0, "make -s check", false, JudgeRunFinished.CommandStatus.PASSED, 0, 800)),
                        List.of(),
                        DIGEST),
                new JudgeReceiptWritten(
                        SNAPSHOT,
                        DIGEST,
                        ".workflow/local/judge/snapshots/x/receipts/y.json",
                        JudgeRunMode.IN_PLACE,
                        true,
                        JudgeRunOutcome.PASSED),
                new JudgeRecordRead(
                        ".workflow/EVERY-1/review.json",
                        DIGEST,
                        Optional.of(6),
                        Optional.of("APPROVED"),
                        Optional.of("2026-05-01T10:00:00Z"),
                        Optional.of("2026-05-01T10:00:00Z"),
                        Optional.of(DIGEST),
                        Optional.of("SNAPSHOT:" + SNAPSHOT),
                        Optional.of(true),
                        Map.of("AC-1", "met"),
                        RecordCategory.ORDINARY),
                new JudgeRecordVerified(
                        ".workflow/EVERY-1/review.json",
                        DIGEST,
                        JudgeVerifyMode.RECEIPT,
                        Optional.of(DIGEST),
                        true,
                        true,
                        false,
                        Optional.of("APPROVED"),
                        List.of(),
                        List.of(),
                        new JudgeRecordVerified.VerifiedNow(
                                RuntimeValidation.VERIFIED,
                                BoundaryStatus.CURRENT,
                                Optional.of(ExecutionMetadata.ABSENT))),
                new JudgeCurrentClassified(
                        DIGEST, SNAPSHOT, BoundaryStatus.CURRENT, BoundaryStatus.CURRENT, ExecutionMetadata.ABSENT),
                new JudgeReproduced(SNAPSHOT, COMMIT, COMMIT, true, List.of(), List.of(), List.of()),
                new JudgeSnapshotsPruned(3, List.of(), List.of(SNAPSHOT), List.of()),
                new JudgeAgentsConfigured(
                        JudgeSwitch.ENABLE, List.of(".claude/agents/judge.md"), JudgeHookAction.INSTALLED, Map.of()),
                new SyncSeen(12, List.of(new SyncSeen.Head("r-other", 4, DIGEST))),
                new SyncSignaturesChecked(
                        "origin",
                        List.of(new SyncSignaturesChecked.Replica(
                                "r-other",
                                2,
                                List.of(new SyncSignaturesChecked.Signer("SHA256:abc", "ssh-ed25519", 2)),
                                0,
                                List.of()))),
                new HooksConfigured(
                        HooksAction.INSTALL,
                        AgentHost.CLAUDE,
                        ".claude/settings.local.json",
                        InstallResult.INSTALLED,
                        HookGuard.NONE),
                new TaskDone("shipped"),
                new TaskCleaned(List.of(".workflow/EVERY-1/task.md")),
                new TaskFetched(TicketProvider.GITHUB, "github:octo/app#12", DIGEST, false),
                new HandoverWritten(".workflow/EVERY-1/handover.md", DIGEST),
                new PlanRendered(".workflow/EVERY-1/sdd.md", DIGEST),
                new RunStarted("implementation", DIGEST, DIGEST, "implementation"),
                new NodeStarted("testing", NodeKind.CHECKS, 1, 4242, Optional.empty()),
                new NodeLaunched(
                        "testing", 1, 4343, Optional.of(4343L), Optional.of(Instant.parse("2026-01-02T03:04:05Z"))),
                new NodeFinished(
                        "testing",
                        "fail",
                        900,
                        List.of(new NodeFinished.Artifact("output", DIGEST)),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.of("1 command failed"),
                        Optional.empty(),
                        Optional.empty()),
                new EdgeTaken("testing", "fixing", Optional.of("fail"), Optional.of("test_fix"), 1),
                new RunBudgetExhausted("test_fix", 1),
                new RunParked(RunParked.Reason.APPROVAL, "gate", Optional.of("ship it?"), Optional.empty(), List.of()),
                new RunAnswered("approve"),
                new RunFinished(RunFinished.Status.DONE, "reached publish"),
                new NodeWhen("refinement", "derived.needs_refinement", true, false, false, "task.md is well formed"),
                new RunDecomposed(
                        "planning",
                        true,
                        "accepted",
                        Optional.of("global_fix_iterations"),
                        List.of(new RunDecomposed.Subtask(1, "API", "api", List.of("it answers"), List.of()))),
                new SubtaskStarted(1, 1, "api", "implementation"),
                new SubtaskFinished(1, 1, Optional.of(COMMIT), List.of("src/App.java")),
                // appended last, so that the positions the damage tests break stay where they were
                new CitationsChecked(
                        "cites.json",
                        true,
                        List.of(new PlanAudited.Citation(
                                0, Optional.of("src/a.py"), 1, CitationVerdict.OK, true, Optional.empty())),
                        List.of()),
                new VerifyRegressionRan(
                        "tests/test_app.py",
                        "pytest -q tests/test_app.py",
                        "pytest",
                        "0123456789abcdef0123456789abcdef01234567",
                        Optional.of(
                                new VerifyRegressionRan.Side(ProcessOutcome.EXITED, 1, 300, "1 failed\n", DIGEST, 40)),
                        Optional.of(
                                new VerifyRegressionRan.Side(ProcessOutcome.EXITED, 0, 280, "1 passed\n", DIGEST, 40)),
                        true,
                        Optional.empty()),
                new PlanConfirmed(
                        "0123456789abcdef",
                        4,
                        "ab".repeat(32),
                        DIGEST,
                        Optional.of(COMMIT),
                        PlanConfirmed.Outcome.CONFIRMED,
                        List.of()),
                new ReviewGated(
                        ReviewGated.Mode.BRANCH,
                        "main",
                        COMMIT,
                        Map.of(
                                FindingKind.SECRET,
                                1,
                                FindingKind.SWALLOWED_ERROR,
                                0,
                                FindingKind.DEPENDENCY,
                                0,
                                FindingKind.REGRESSION_TEST,
                                0),
                        false,
                        List.of(new ReviewGated.Finding("src/App.java", 3, FindingKind.SECRET, "github-token")),
                        0),
                new CommitChecked(
                        false, CommitStyle.CONVENTIONAL, "ab".repeat(32), false, List.of("subject ends with a period")),
                new PrChecked(true, "cd".repeat(32), true, List.of(), HandoverState.READY),
                new McpCalled("sdd_audit", List.of("key"), 0, 840));
    }

    private static PlanAudited audit() {
        return new PlanAudited(
                Verdict.PASS,
                new PlanAudited.Rigour(AuditTier.LIGHT, Optional.of("1 file(s), no critical zone")),
                PlanAudited.Anchor.of(AuditMode.FIRST, Optional.of(COMMIT), Optional.of(COMMIT)),
                new PlanAudited.AuditedPlan(
                        DIGEST, List.of(new PlannedFile("src/App.java", "modify", Optional.empty())), List.of()),
                new PlanAudited.Findings(
                        List.of(
                                new PlanAudited.Citation(
                                        0, Optional.of("src/App.java"), 3, CitationVerdict.OK, true, Optional.empty()),
                                new PlanAudited.Citation(
                                        1,
                                        Optional.of("src/Util.java"),
                                        9,
                                        CitationVerdict.MOVED,
                                        true,
                                        Optional.of(12))),
                        List.of(new PlanAudited.FileCheck(
                                0, Optional.of("src/App.java"), Optional.of("modify"), FileCheckVerdict.EXISTS, true)),
                        List.of(),
                        List.of()),
                false);
    }

    /** A check with five deviating paths, one in a critical zone: the line lists a few and counts the rest. */
    private static ScopeChecked scope() {
        List<ScopeChecked.PathEntry> paths = List.of(
                new ScopeChecked.PathEntry(
                        "billing/charge.py",
                        ScopeChecked.PathStatus.DEVIATION,
                        "modify",
                        List.of(),
                        List.of("billing")),
                new ScopeChecked.PathEntry("src/a.py", ScopeChecked.PathStatus.DEVIATION, "add", List.of(), List.of()),
                new ScopeChecked.PathEntry("src/b.py", ScopeChecked.PathStatus.DEVIATION, "add", List.of(), List.of()),
                new ScopeChecked.PathEntry("src/c.py", ScopeChecked.PathStatus.DEVIATION, "add", List.of(), List.of()),
                new ScopeChecked.PathEntry("src/d.py", ScopeChecked.PathStatus.DEVIATION, "add", List.of(), List.of()),
                new ScopeChecked.PathEntry("src/App.java", ScopeChecked.PathStatus.OK, "modify", List.of(), List.of()));
        return new ScopeChecked(
                Verdict.DEVIATION,
                ScopeChecked.Mode.WORKTREE,
                Optional.empty(),
                DIGEST,
                new ScopeChecked.Counts(5, 0, 0, 1, 0, 0),
                paths,
                0,
                List.of("billing"));
    }
}
