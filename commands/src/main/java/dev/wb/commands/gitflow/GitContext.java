package dev.wb.commands.gitflow;

import dev.wb.commands.Session;
import dev.wb.commands.config.ConfigView;
import dev.wb.commands.config.WorkbenchContexts;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.git.Repositories;
import dev.wb.git.GitRepository;
import dev.wb.git.Remote;
import dev.wb.gitrun.GitCommandText;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb git ctx}: where the checkout stands, read through the read-only façade only. It says
 * when the checkout's {@code user.email} is not the identity config.json expects, which is how work
 * commits end up carrying a personal address. A remote's URL has any user information masked, as
 * {@code wb config show} masks {@code repo.url}: an HTTPS token is usually written there.
 */
public record GitContext(
        Path root,
        Optional<String> branch,
        Optional<String> upstream,
        List<Remote> remotes,
        Optional<String> head,
        Optional<String> userName,
        Optional<String> userEmail,
        Optional<WorkspaceConfig.Identity> expected,
        Optional<String> mismatch,
        Optional<String> note) {

    /**
     * Reads the checkout; the identity expected is config.json's {@code identity}, else the git identity of
     * the original workbench's context that its {@code context} key binds ({@code env} finds
     * {@code $WORKBENCH_HOME}).
     */
    public static GitContext read(Session session, Map<String, String> env) {
        WorkspaceConfig config = WorkspaceConfig.load(session.workspace());
        WorkbenchContexts.Expected from = WorkbenchContexts.expected(config, env);
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            Optional<String> branch = git.currentBranch();
            Optional<String> email = git.config("user.email");
            Optional<WorkspaceConfig.Identity> expected = from.identity();
            Optional<String> mismatch = expected.filter(
                            id -> !email.map(id.email()::equalsIgnoreCase).orElse(false))
                    .map(id -> "user.email is " + email.orElse("not set") + ", but " + from.source() + " expects "
                            + id.email() + " for this repository: git config user.email "
                            + GitCommandText.quote(id.email()));
            List<Remote> remotes =
                    git.remotes().stream().map(GitContext::masked).toList();
            return new GitContext(
                    git.root(),
                    branch,
                    branch.flatMap(git::upstream),
                    remotes,
                    git.head(),
                    git.config("user.name"),
                    email,
                    expected,
                    mismatch,
                    from.note());
        }
    }

    private static Remote masked(Remote remote) {
        return new Remote(remote.name(), ConfigView.maskUrl(remote.fetchUrl()), ConfigView.maskUrl(remote.pushUrl()));
    }
}
