package dev.wb.commands.ci;

import dev.wb.commands.Session;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.plan.PlanReader;
import dev.wb.engine.TaskKey;
import dev.wb.git.BlobRead;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import java.util.Optional;

/**
 * Whether the plan a check reads is the plan a CI checkout of HEAD holds: {@code wb ci check} runs on
 * a fresh checkout of the commit, where an untracked or changed {@code sdd.json} is not there, so a
 * check run here must not count one either.
 */
final class CommittedPlan {

    private CommittedPlan() {}

    /**
     * Why the plan at HEAD is not the plan with {@code digest} on disk; empty when it is.
     *
     * @param head the commit CI would check out
     */
    static Optional<String> problem(Session session, TaskKey key, String digest, String head) {
        String path = path(key);
        BlobRead committed;
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            committed = git.blobAt(head, path, PlanReader.MAX_PLAN_BYTES + 1);
        } catch (GitException e) {
            throw Repositories.failure(e);
        }
        if (committed instanceof BlobRead.Found found) {
            return PlanReader.digest(found.bytes()).equals(digest)
                    ? Optional.empty()
                    : Optional.of(
                            path + " changed since commit " + shortId(head) + ", and CI reads the plan as committed");
        }
        return Optional.of(path + " is not committed (commit " + shortId(head)
                + " has no such file), so a CI checkout of it has no plan");
    }

    static String path(TaskKey key) {
        return ".workflow/" + key + "/sdd.json";
    }

    static String fix(TaskKey key) {
        return "commit the plan: git add " + path(key) + " && wb git commit " + key;
    }

    private static String shortId(String commit) {
        return commit.substring(0, Math.min(12, commit.length()));
    }
}
