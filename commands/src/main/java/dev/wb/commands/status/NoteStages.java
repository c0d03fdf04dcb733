package dev.wb.commands.status;

import dev.wb.commands.status.TaskStatus.StageStatus;
import dev.wb.projections.status.Drafts;
import dev.wb.projections.status.Drafts.Checked;
import dev.wb.projections.status.TaskStages.Latest;
import java.util.Optional;

/**
 * The stages around the plan that read the task's folder beside the log: triage (how the task was taken
 * in), handover, commit and pr. A note counts only while the file on disk has the digest the log
 * recorded for it: the log is the truth, files are only compared with it.
 */
final class NoteStages {

    private NoteStages() {}

    /** Ok with triage.json, frame.md or task.md; not owed once a plan was written without one. */
    static StageStatus triage(TaskFiles files, Optional<String> plan) {
        if (files.intake().isPresent()) {
            return new StageStatus(Stage.TRIAGE, Mark.OK, files.intake().get());
        }
        if (plan.isPresent()) {
            return new StageStatus(Stage.TRIAGE, Mark.NOT_APPLICABLE, "no ticket read: the plan came first");
        }
        return new StageStatus(Stage.TRIAGE, Mark.PENDING, "no triage.json: read the ticket, or frame the idea");
    }

    /** Owed by bug, support and incident work only; ok while handover.md is the one wb sdd handover wrote. */
    static StageStatus handover(TaskFiles files, Drafts drafts) {
        if (!files.handoverOwed()) {
            return new StageStatus(Stage.HANDOVER, Mark.NOT_APPLICABLE, "not owed: no bug, support or incident work");
        }
        Optional<String> written = drafts.handover();
        if (written.isPresent() && TaskFiles.same(written.get(), files.handover())) {
            return new StageStatus(Stage.HANDOVER, Mark.OK, "handover.md written");
        }
        if (written.isPresent() && files.handover().isPresent()) {
            return pending(Stage.HANDOVER, "handover.md changed since wb sdd handover wrote it");
        }
        String work = files.kind().isBlank() ? "incident" : files.kind().strip();
        return pending(Stage.HANDOVER, "required for " + work + " work");
    }

    /**
     * Ok when the commit was made by wb git commit, or while commit.txt is the message the latest passing
     * check saved; failed when the latest check failed.
     */
    static StageStatus commit(TaskFiles files, Drafts drafts, Latest git) {
        if (git.result().equals("ok")
                && git.about()
                        .filter(s -> s.equals("commit") || s.equals("carry"))
                        .isPresent()) {
            return new StageStatus(Stage.COMMIT, Mark.OK, "committed by wb git commit");
        }
        if (drafts.commit().isEmpty()) {
            return pending(Stage.COMMIT, "no commit message checked yet");
        }
        Checked checked = drafts.commit().get();
        if (!checked.passed()) {
            return new StageStatus(Stage.COMMIT, Mark.FAIL, "the latest commit message check failed");
        }
        if (!checked.saved()) {
            return pending(Stage.COMMIT, "the message passed but was not saved to commit.txt");
        }
        return TaskFiles.same(checked.sha256(), files.commit())
                ? new StageStatus(Stage.COMMIT, Mark.OK, "commit.txt checked")
                : pending(
                        Stage.COMMIT,
                        files.commit().isPresent() ? "commit.txt changed since its check" : "commit.txt is gone");
    }

    /** Ok while pr.md is the draft the latest passing check read; failed when that check failed. */
    static StageStatus pr(TaskFiles files, Drafts drafts) {
        if (drafts.pr().isEmpty()) {
            return pending(Stage.PR, "no PR description checked yet");
        }
        Checked checked = drafts.pr().get();
        if (!checked.passed()) {
            return new StageStatus(Stage.PR, Mark.FAIL, "the latest PR description check failed");
        }
        return TaskFiles.same(checked.sha256(), files.pr())
                ? new StageStatus(Stage.PR, Mark.OK, "pr.md checked")
                : pending(Stage.PR, files.pr().isPresent() ? "pr.md changed since its check" : "pr.md is gone");
    }

    private static StageStatus pending(Stage stage, String detail) {
        return new StageStatus(stage, Mark.PENDING, detail);
    }
}
