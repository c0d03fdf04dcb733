package dev.wb.commands.run;

import dev.wb.commands.git.Repositories;
import dev.wb.git.ChangeScope;
import dev.wb.git.ChangedPath;
import dev.wb.git.GitRepository;
import java.util.List;
import java.util.Optional;

/** The tree as a crash left it, for the person who decides about an interrupted node: HEAD and the changed paths. */
record TreeState(Optional<String> head, List<String> changedPaths) {

    static TreeState of(RunContext ctx) {
        try (GitRepository git =
                Repositories.open(ctx.session().workspace(), ctx.session().env())) {
            return new TreeState(
                    git.head(),
                    git.changedPaths(ChangeScope.WORKTREE, Optional.empty()).stream()
                            .map(ChangedPath::path)
                            .toList());
        } catch (RuntimeException e) { // GitException and the rest: the tree is then not known
            return new TreeState(Optional.empty(), List.of());
        }
    }
}
