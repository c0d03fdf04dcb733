package dev.wb.commands.ci;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.git.Repositories;
import dev.wb.engine.TaskKey;
import dev.wb.engine.text.TerminalText;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import java.util.Optional;

/**
 * The task a branch works on, by wb's naming ({@code wb git start KEY} makes {@code task/KEY}): the
 * pull request's branch in GitHub Actions ({@code GITHUB_HEAD_REF}, since its checkout is a detached
 * HEAD), else the branch checked out.
 */
public final class TaskOfBranch {

    public static final String PREFIX = "task/";

    private TaskOfBranch() {}

    /** The task of {@code branch}, when it is named {@code task/KEY}. */
    public static Optional<TaskKey> of(String branch) {
        return branch.startsWith(PREFIX) ? TaskKey.parse(branch.substring(PREFIX.length())) : Optional.empty();
    }

    /** The task of the run's branch; exit 2 when there is none. */
    public static TaskKey find(Session session) {
        String headRef = session.env().getOrDefault("GITHUB_HEAD_REF", "");
        Optional<String> branch = headRef.isEmpty() ? current(session) : Optional.of(headRef);
        return branch.flatMap(TaskOfBranch::of)
                .orElseThrow(() -> Failure.usage(
                        branch.map(b -> "the branch " + TerminalText.escape(b)
                                        + " is not named task/KEY, so it names no task")
                                .orElse("HEAD is detached and GITHUB_HEAD_REF is not set, so no branch names the task"),
                        "name the task: wb ci check KEY --base REF"));
    }

    private static Optional<String> current(Session session) {
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            return git.currentBranch();
        } catch (GitException e) {
            throw Repositories.failure(e);
        }
    }
}
