package dev.wb.commands.git;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.git.Backend;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import java.util.List;
import java.util.Map;

/** Opens the workspace's repository through the read-only façade, with failures in the user's words. */
public final class Repositories {

    private Repositories() {}

    /** The workspace's repository, read with the run's environment (which git, its configuration). */
    public static GitRepository open(Workspace workspace, Map<String, String> env) {
        try {
            return GitRepository.open(workspace.root(), env, Backend.AUTO);
        } catch (GitException e) {
            throw failure(e);
        }
    }

    /** A git read that failed, as the error a user sees. */
    public static Failure failure(GitException e) {
        return new Failure(
                Failure.Kind.USAGE,
                "git: " + e.getMessage(),
                List.of("check that git is installed and that " + "this folder is inside a git work tree: git status"));
    }
}
