package dev.wb.commands.commit;

import dev.wb.commands.EventService;
import dev.wb.commands.InputFiles;
import dev.wb.commands.Session;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.events.draft.CommitChecked;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code wb commit check --file PATH [--key KEY]}: a drafted commit message against the repository's
 * convention ({@link CommitRules}). On a pass with a key it is saved atomically to
 * {@code .workflow/KEY/commit.txt}, which {@code wb git commit KEY} commits with; on a failure nothing is
 * saved and every reason is listed. Either way a {@code commit.checked} event is recorded: the task's
 * with a key, else the workspace's.
 */
public final class CommitCheck {

    /** The file a passing message is saved to, in the task's folder. */
    public static final String SAVED_AS = "commit.txt";

    /**
     * What was checked and recorded.
     *
     * @param saved the file written, relative to the repository (a pass with a key)
     */
    public record Result(
            DraftFile draft, Convention convention, List<String> reasons, Optional<String> saved, EventEnvelope event) {

        public Result {
            reasons = List.copyOf(reasons);
        }

        public boolean passed() {
            return reasons.isEmpty();
        }

        /** The subject as git will show it. */
        public String subject() {
            String first = draft.text().lines().findFirst().orElse("").strip();
            return first.length() <= CommitRules.SUBJECT_LIMIT ? first : first.substring(0, CommitRules.SUBJECT_LIMIT);
        }
    }

    private CommitCheck() {}

    /** Checks the draft at {@code file}; exit 6 when there is none, 2 when it is no file wb reads. */
    public static Result run(Session session, Path file, Optional<TaskKey> key) {
        DraftFile draft = DraftFile.read(
                session.workspace(),
                file,
                InputFiles.Kind.COMMIT_MESSAGE,
                shown -> "write the drafted message to " + shown + " first, then: wb commit check "
                        + key.map(k -> k.value() + " ").orElse("") + "--file " + shown);
        Convention convention = CommitConvention.resolve(session);
        List<String> reasons = CommitRules.check(draft.text(), convention, key.map(TaskKey::value));
        Optional<String> saved = Optional.empty();
        if (reasons.isEmpty() && key.isPresent()) {
            draft.save(session.workspace(), key.get().value(), SAVED_AS);
            saved = Optional.of(".workflow/" + key.get().value() + "/" + SAVED_AS);
        }
        CommitChecked event =
                new CommitChecked(reasons.isEmpty(), convention.style(), draft.sha256(), saved.isPresent(), reasons);
        EventEnvelope recorded = new EventService(session)
                .record(key.map(StreamId::task).orElseGet(StreamId::workspace), event)
                .get(0);
        return new Result(draft, convention, reasons, saved, recorded);
    }
}
