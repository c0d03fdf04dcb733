package dev.wb.commands.review;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.git.Repositories;
import dev.wb.git.ChangeScope;
import dev.wb.git.ChangedPath;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The diff a review reads. By default the branch's: the working tree (and every untracked file git
 * does not ignore) against the merge base of HEAD with the base branch, which is {@code --base REF},
 * or else the branch {@code origin/HEAD} names, or the first of {@code main}, {@code master},
 * {@code develop} (or their {@code origin/} copies) that exists; with none of them, HEAD. With
 * {@code --staged}: the index against HEAD, as the original's {@code --staged}.
 *
 * @param staged whether the index was read rather than the working tree
 * @param base the base as typed or found; empty when none was found
 * @param baseCommit the commit the diff starts from; empty on an unborn branch (the empty tree)
 * @param changed every changed path, sorted, noise (wb's folder, build output) left out
 * @param added every added line, in diff order, then the untracked files' lines
 * @param skipped files whose lines were not read, each with why
 */
public record ReviewDiff(
        boolean staged,
        String base,
        String baseCommit,
        List<String> changed,
        List<AddedLine> added,
        List<String> skipped) {

    /** The largest untracked file read; a larger one is named as skipped. */
    public static final long UNTRACKED_MAX_BYTES = 32L * 1024 * 1024;

    /** The most of one added line the rules read (1 MiB of characters); the rest of a longer line is not read. */
    public static final int LINE_MAX_CHARS = 1 << 20;

    /** How far into an untracked file git's rule looks for a NUL byte to call it binary. */
    private static final int BINARY_PROBE = 8000;

    private static final List<String> DEFAULT_BRANCHES = List.of("main", "master", "develop");

    public ReviewDiff {
        changed = List.copyOf(changed);
        added = List.copyOf(added);
        skipped = List.copyOf(skipped);
    }

    /** What to read: the index or the branch, and the base the user named. */
    public record Request(boolean staged, Optional<String> base) {}

    private record Base(String name, String commit, String diffFrom) {}

    /**
     * Reads the diff.
     *
     * @throws Failure (usage) for {@code --staged} with {@code --base}, a base that names no commit or
     *     shares no history with HEAD, or a repository git cannot read
     */
    public static ReviewDiff read(Session session, Request request) {
        if (request.staged() && request.base().isPresent()) {
            throw Failure.usage(
                    "--staged reads the index against HEAD; it takes no --base",
                    "drop --base to review what the next commit holds, or drop --staged to review the branch since "
                            + request.base().get());
        }
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            Optional<String> head = git.head();
            String empty = git.objectFormat().emptyTree();
            Base base = request.staged()
                    ? new Base("HEAD", head.orElse(""), head.orElse(empty))
                    : branchBase(git, request.base(), head, empty);
            byte[] patch = git.review().addedLinesPatch(base.diffFrom(), request.staged());
            PatchLines lines = PatchLines.read(patch);
            List<AddedLine> added = new ArrayList<>(lines.added());
            List<String> skipped = new ArrayList<>();
            lines.binary().forEach(p -> skipped.add(p + ": binary"));
            List<String> changed = new ArrayList<>();
            for (ChangedPath path : changedPaths(git, request.staged(), base.diffFrom())) {
                if (!Paths.isNoise(path.path())) {
                    changed.add(path.path());
                }
            }
            if (!request.staged()) {
                for (String path : git.review().untracked()) {
                    if (!Paths.isNoise(path)) {
                        untracked(git.root(), path, added, skipped);
                    }
                }
            }
            return new ReviewDiff(
                    request.staged(), base.name(), base.commit(), changed, bounded(added, skipped), skipped);
        } catch (GitException e) {
            throw Repositories.failure(e);
        }
    }

    /** The lines with each one over {@link #LINE_MAX_CHARS} cut there, and named as read in part. */
    private static List<AddedLine> bounded(List<AddedLine> added, List<String> skipped) {
        List<AddedLine> lines = new ArrayList<>(added.size());
        for (AddedLine line : added) {
            if (line.text().length() <= LINE_MAX_CHARS) {
                lines.add(line);
                continue;
            }
            skipped.add(line.path() + ":" + line.line() + ": a line of "
                    + line.text().length() + " characters, read on its first " + LINE_MAX_CHARS);
            lines.add(new AddedLine(line.path(), line.line(), line.text().substring(0, LINE_MAX_CHARS)));
        }
        return lines;
    }

    private static List<ChangedPath> changedPaths(GitRepository git, boolean staged, String diffFrom) {
        return staged
                ? git.changedPaths(ChangeScope.STAGED, Optional.empty())
                : git.review().againstWorktree(diffFrom);
    }

    private static Base branchBase(GitRepository git, Optional<String> named, Optional<String> head, String empty) {
        if (head.isEmpty()) {
            return new Base(named.orElse(""), "", empty); // an unborn branch: everything is added
        }
        if (named.isPresent()) {
            String ref = named.get();
            String commit = (ref.startsWith("-") ? Optional.<String>empty() : git.resolveCommit(ref))
                    .orElseThrow(() -> Failure.usage(
                            "--base " + ref + " names no commit in this repository",
                            "name the branch this one started from, e.g. --base main (git branch -a lists them)"));
            String from = git.review()
                    .mergeBase(commit, head.get())
                    .orElseThrow(() -> Failure.usage(
                            "--base " + ref + " shares no history with HEAD",
                            "name a branch this one started from (git log --oneline --graph --all shows them)"));
            return new Base(ref, from, from);
        }
        for (String name : candidates(git)) {
            Optional<String> from =
                    git.resolveCommit(name).flatMap(commit -> git.review().mergeBase(commit, head.get()));
            if (from.isPresent()) {
                return new Base(name, from.get(), from.get());
            }
        }
        return new Base("HEAD", head.get(), head.get());
    }

    private static List<String> candidates(GitRepository git) {
        List<String> candidates = new ArrayList<>();
        git.remoteHead("origin").ifPresent(b -> candidates.add("origin/" + b));
        candidates.addAll(DEFAULT_BRANCHES);
        DEFAULT_BRANCHES.forEach(b -> candidates.add("origin/" + b));
        return candidates;
    }

    /** An untracked file's lines, all added; a binary, unreadable or too large file is named as skipped. */
    private static void untracked(Path root, String path, List<AddedLine> added, List<String> skipped) {
        Path file = root.resolve(path);
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                return;
            }
            long size = Files.size(file);
            if (size > UNTRACKED_MAX_BYTES) {
                skipped.add(path + ": " + size + " bytes, over the " + UNTRACKED_MAX_BYTES + " read");
                return;
            }
            if (binary(file)) {
                skipped.add(path + ": binary");
                return;
            }
            String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            int number = 1;
            for (String line : text.split("\r\n|\n|\r", -1)) {
                added.add(new AddedLine(path, number++, line));
            }
            if (text.endsWith("\n") || text.endsWith("\r")) {
                added.remove(added.size() - 1);
            }
        } catch (IOException e) {
            skipped.add(path + ": unreadable (" + e.getMessage() + ")");
        }
    }

    private static boolean binary(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            for (byte b : in.readNBytes(BINARY_PROBE)) {
                if (b == 0) {
                    return true;
                }
            }
            return false;
        }
    }
}
