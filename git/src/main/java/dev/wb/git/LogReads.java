package dev.wb.git;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The commit history as messages: the subjects of the latest commits (what a repository's own commit
 * convention is read from) and the commits a branch adds to its base. Always the git binary, one
 * process each; merges are left out of both, as {@code git log --no-merges} leaves them out.
 */
public final class LogReads {

    /** One commit: its full id and its subject line (the first line of its message). */
    public record Commit(String id, String subject) {}

    private final GitBinary git;
    private final RepoLocation repo;

    LogReads(GitBinary git, RepoLocation repo) {
        this.git = git;
        this.repo = repo;
    }

    /** The subjects of the latest {@code limit} commits reachable from HEAD, newest first; empty on an unborn branch. */
    public List<String> recentSubjects(String headCommit, int limit) {
        Objects.requireNonNull(headCommit, "headCommit");
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, not " + limit);
        }
        return commits(git.runOrThrow(
                        repo.root(),
                        "log",
                        "--no-merges",
                        "-n",
                        Integer.toString(limit),
                        "--format=%H%x00%s%x00",
                        headCommit,
                        "--"))
                .stream()
                .map(Commit::subject)
                .toList();
    }

    /** The commits reachable from {@code headCommit} and not from {@code baseCommit} (full ids), oldest first. */
    public List<Commit> since(String baseCommit, String headCommit) {
        Objects.requireNonNull(baseCommit, "baseCommit");
        Objects.requireNonNull(headCommit, "headCommit");
        return commits(git.runOrThrow(
                repo.root(),
                "log",
                "--reverse",
                "--no-merges",
                "--format=%H%x00%s%x00",
                headCommit,
                "^" + baseCommit,
                "--"));
    }

    /** {@code id NUL subject NUL} records, each after a newline but the first. */
    private static List<Commit> commits(byte[] stdout) {
        String[] fields = new String(stdout, StandardCharsets.UTF_8).split("\0", -1);
        List<Commit> commits = new ArrayList<>();
        for (int i = 0; i + 1 < fields.length; i += 2) {
            commits.add(new Commit(fields[i].strip(), fields[i + 1]));
        }
        return commits;
    }
}
