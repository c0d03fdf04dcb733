package dev.wb.commands.status;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.commands.status.TaskStatus.StageStatus;
import dev.wb.engine.TaskKey;
import dev.wb.projections.status.Drafts;
import dev.wb.projections.status.Drafts.Checked;
import dev.wb.projections.status.Operations;
import dev.wb.projections.status.ReviewRounds;
import dev.wb.projections.status.RunTotals;
import dev.wb.projections.status.StageCounters;
import dev.wb.projections.status.TaskStages.Latest;
import dev.wb.projections.status.TaskStages.State;
import dev.wb.projections.status.TaskStages.VerifiedOn;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The original's triage, handover, commit and pr stages, from the log's digests and the files' digests now. */
class NoteStagesTest {

    static final String A = "sha256:" + "a".repeat(64);
    static final String B = "sha256:" + "b".repeat(64);
    static final String PLAN = "sha256:" + "c".repeat(64);

    static TaskFiles files(Optional<String> intake, boolean owed, String handover, String commit, String pr) {
        return new TaskFiles(
                intake,
                owed ? "bug" : "",
                owed,
                Optional.ofNullable(handover),
                Optional.ofNullable(commit),
                Optional.ofNullable(pr));
    }

    static TaskFiles notes(String handover, String commit, String pr) {
        return files(Optional.empty(), true, handover, commit, pr);
    }

    static StageStatus stage(Stage stage, Mark mark, String detail) {
        return new StageStatus(stage, mark, detail);
    }

    @Test
    void triageIsOkWithATicketReadOrAFramedIdea() {
        assertEquals(
                stage(Stage.TRIAGE, Mark.OK, "triage.json"),
                NoteStages.triage(files(Optional.of("triage.json"), false, null, null, null), Optional.empty()));
        assertEquals(
                Mark.OK,
                NoteStages.triage(files(Optional.of("framed as an idea"), false, null, null, null), Optional.empty())
                        .mark());
    }

    @Test
    void triageWaitsWithoutATicketAndIsNotOwedOnceAPlanIsWritten() {
        assertEquals(
                Mark.PENDING,
                NoteStages.triage(TaskFiles.NONE, Optional.empty()).mark());
        assertEquals(
                Mark.NOT_APPLICABLE,
                NoteStages.triage(TaskFiles.NONE, Optional.of(PLAN)).mark());
    }

    @Test
    void aHandoverIsNotOwedByWorkThatIsNotABugSupportOrIncident() {
        StageStatus handover = NoteStages.handover(TaskFiles.NONE, Drafts.NONE);
        assertEquals(Mark.NOT_APPLICABLE, handover.mark());
    }

    @Test
    void anOwedHandoverIsOkOnlyWhileHandoverMdHasTheDigestTheLogRecorded() {
        Drafts written = new Drafts(Optional.of(A), Optional.empty(), Optional.empty());
        assertEquals(
                stage(Stage.HANDOVER, Mark.PENDING, "required for bug work"),
                NoteStages.handover(notes(null, null, null), Drafts.NONE));
        assertEquals(Mark.OK, NoteStages.handover(notes(A, null, null), written).mark());
        assertEquals(
                stage(Stage.HANDOVER, Mark.PENDING, "handover.md changed since wb sdd handover wrote it"),
                NoteStages.handover(notes(B, null, null), written));
        assertEquals(
                Mark.PENDING,
                NoteStages.handover(notes(A, null, null), Drafts.NONE).mark(),
                "a handover.md no wb sdd handover wrote does not count");
    }

    @Test
    void aDigestWithOrWithoutItsPrefixIsTheSameDigest() {
        Drafts written = new Drafts(Optional.of("a".repeat(64)), Optional.empty(), Optional.empty());
        assertEquals(Mark.OK, NoteStages.handover(notes(A, null, null), written).mark());
    }

    @Test
    void theCommitIsOkWhileCommitTxtIsTheMessageAPassingCheckSaved() {
        Drafts saved = new Drafts(Optional.empty(), Optional.of(new Checked(true, true, A)), Optional.empty());
        assertEquals(
                stage(Stage.COMMIT, Mark.OK, "commit.txt checked"),
                NoteStages.commit(notes(null, A, null), saved, Latest.NEVER));
        assertEquals(
                stage(Stage.COMMIT, Mark.PENDING, "commit.txt changed since its check"),
                NoteStages.commit(notes(null, B, null), saved, Latest.NEVER));
        assertEquals(
                stage(Stage.COMMIT, Mark.PENDING, "commit.txt is gone"),
                NoteStages.commit(notes(null, null, null), saved, Latest.NEVER));
    }

    @Test
    void aFailedOrUnsavedCommitCheckDoesNotPass() {
        Drafts failed = new Drafts(Optional.empty(), Optional.of(new Checked(false, false, A)), Optional.empty());
        Drafts unsaved = new Drafts(Optional.empty(), Optional.of(new Checked(true, false, A)), Optional.empty());
        assertEquals(
                Mark.FAIL,
                NoteStages.commit(notes(null, A, null), failed, Latest.NEVER).mark());
        assertEquals(
                Mark.PENDING,
                NoteStages.commit(notes(null, A, null), unsaved, Latest.NEVER).mark());
        assertEquals(
                stage(Stage.COMMIT, Mark.PENDING, "no commit message checked yet"),
                NoteStages.commit(notes(null, A, null), Drafts.NONE, Latest.NEVER));
    }

    @Test
    void aCommitMadeByWbGitCommitPassesTheCommitStage() {
        Latest committed = new Latest("ok", Optional.of("commit"));
        Latest started = new Latest("ok", Optional.of("start"));
        assertEquals(
                stage(Stage.COMMIT, Mark.OK, "committed by wb git commit"),
                NoteStages.commit(TaskFiles.NONE, Drafts.NONE, committed));
        assertEquals(
                Mark.PENDING,
                NoteStages.commit(TaskFiles.NONE, Drafts.NONE, started).mark());
    }

    @Test
    void thePrIsOkWhilePrMdIsTheDraftAPassingCheckRead() {
        Drafts passed = new Drafts(Optional.empty(), Optional.empty(), Optional.of(new Checked(true, false, A)));
        Drafts failed = new Drafts(Optional.empty(), Optional.empty(), Optional.of(new Checked(false, false, A)));
        assertEquals(stage(Stage.PR, Mark.OK, "pr.md checked"), NoteStages.pr(notes(null, null, A), passed));
        assertEquals(
                stage(Stage.PR, Mark.PENDING, "pr.md changed since its check"),
                NoteStages.pr(notes(null, null, B), passed));
        assertEquals(Mark.FAIL, NoteStages.pr(notes(null, null, A), failed).mark());
        assertEquals(
                Mark.PENDING, NoteStages.pr(notes(null, null, A), Drafts.NONE).mark());
    }

    @Test
    void aFailedPrCheckIsReRunAsACheck() {
        Drafts failed = new Drafts(Optional.empty(), Optional.empty(), Optional.of(new Checked(false, false, A)));
        TaskStatus status = StageRules.of(
                new TaskKey("ABC-1"),
                new State(
                        new Latest("pass", Optional.of(PLAN)),
                        Latest.NEVER,
                        Latest.NEVER,
                        Latest.NEVER,
                        StageCounters.EMPTY,
                        ReviewRounds.NONE,
                        Operations.NONE,
                        RunTotals.NONE,
                        VerifiedOn.UNKNOWN,
                        failed),
                Optional.of(PLAN),
                notes(null, null, A));
        assertEquals(
                Stage.PR,
                status.current().orElseThrow().stage(),
                "a failed stage holds the task up before a pending scope check");
        assertEquals(Optional.of("wb pr check ABC-1"), status.next());
    }
}
