package dev.wb.commands.verify;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.impl.ScopeExclusions;
import dev.wb.git.ChangeScope;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.projections.events.verify.VerifyStarted;
import java.util.Optional;

/**
 * The working tree a verify run starts on ({@link VerifyStarted.Worktree}): HEAD's commit and how many
 * paths differ from it, counted as a scope check counts them (wb's own files and generated output left
 * out). What it cannot read (no commit yet, git failing) it leaves unrecorded: the run goes ahead, and a
 * gate that needs the commit reports it unknown.
 */
final class WorktreeState {

    private WorktreeState() {}

    static Optional<VerifyStarted.Worktree> read(Session session) {
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            Optional<String> head = git.head();
            if (head.isEmpty()) {
                return Optional.empty();
            }
            long uncommitted = git.changedPaths(ChangeScope.WORKTREE, Optional.empty()).stream()
                    .filter(path -> ScopeExclusions.reason(path.path()) == null)
                    .count();
            return Optional.of(new VerifyStarted.Worktree(head.get(), (int) Math.min(uncommitted, Integer.MAX_VALUE)));
        } catch (GitException | Failure unreadable) {
            return Optional.empty();
        }
    }
}
