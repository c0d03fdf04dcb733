package dev.wb.git;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * A working tree's review boundary against a base commit: the tracked paths that differ and the
 * bytes of {@code git diff --binary <base> --}, exactly as git computes them against the working
 * tree, read with as few walks of a large tree as git allows.
 *
 * <p>git's own comparison of a base other than HEAD with the working tree is several times dearer
 * than a {@code git status} on a large repository (it walks the base's tree against the whole index,
 * without the shortcut the index's cache of HEAD's trees gives HEAD), and a scope needs two of them:
 * the names, then the bytes. But what git reports for one path depends only on that path's entry in
 * the base, in the index and in the working tree. So the working tree is first compared with HEAD
 * (one {@code git diff} walk, cheap: the cache shortcut applies), and where nothing tracked differs
 * from HEAD, the base's difference from the working tree is, path for path and byte for byte, its
 * difference from HEAD's tree: {@code git diff <base> HEAD}, which reads two trees and no file. Where
 * a few paths do differ from HEAD, only those are compared with the base by a walk limited to them;
 * the bytes are then git's full walk. {@code WorktreeBoundaryTest} holds each form to git's own.
 *
 * <p>One difference between the two forms is git's and is followed here: with {@code
 * diff.mnemonicPrefix} set, git names the sides of a tree-to-worktree diff {@code c/} and {@code w/}
 * but those of a tree-to-tree diff {@code a/} and {@code b/}; the tree form is then given the
 * worktree form's prefixes.
 */
public final class WorktreeBoundary {

    /** Above this many paths differing from HEAD, the names are git's full walk (a pathspec costs per entry). */
    static final int NARROW_LIMIT = 16;

    private final GitBinary git;
    private final RepoLocation repo;
    private final ReviewReads reads;
    private final String base;
    private final String head;
    private final List<ChangedPath> againstHead;
    private final List<String> untracked;

    /** The working tree as read once against HEAD: the paths differing from it, and the untracked files. */
    private record Worktree(List<ChangedPath> againstHead, List<String> untracked) {}

    private WorktreeBoundary(
            GitBinary git, RepoLocation repo, ReviewReads reads, String base, String head, Worktree read) {
        this.git = git;
        this.repo = repo;
        this.reads = reads;
        this.base = base;
        this.head = head;
        this.againstHead = read.againstHead();
        this.untracked = read.untracked();
    }

    /** Reads the working tree against {@code head} (one diff walk, one untracked walk); both full ids. */
    static WorktreeBoundary read(GitBinary git, RepoLocation repo, ReviewReads reads, String base, String head) {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(head, "head");
        return new WorktreeBoundary(
                git, repo, reads, base, head, new Worktree(reads.nameStatus(head), reads.untracked()));
    }

    public String base() {
        return base;
    }

    public String head() {
        return head;
    }

    /** Untracked files git does not ignore, as {@link ReviewReads#untracked()} lists them. */
    public List<String> untracked() {
        return untracked;
    }

    /** The working tree against HEAD, as {@link ReviewReads#againstWorktree} gives it for HEAD, from the same reads. */
    public List<ChangedPath> againstHead() {
        return reads.adjusted(head, againstHead, untracked);
    }

    /** Whether nothing tracked differs from HEAD, so that the base's difference is HEAD's tree's. */
    boolean treesSuffice() {
        return againstHead.isEmpty() && !base.equals(head);
    }

    /** As {@link ReviewReads#changedNames(String, Optional)} for the working tree: sorted, distinct. */
    public List<String> changedNames() {
        if (base.equals(head)) {
            return againstHead.stream()
                    .map(ChangedPath::path)
                    .sorted()
                    .distinct()
                    .toList();
        }
        if (againstHead.isEmpty()) {
            return reads.changedNames(base, Optional.of(head));
        }
        if (againstHead.size() > NARROW_LIMIT
                || againstHead.stream().anyMatch(c -> c.path().indexOf('\uFFFD') >= 0)) {
            return reads.changedNames(base, Optional.empty());
        }
        // A path that differs from HEAD is compared with the base itself; any other path differs from
        // the base exactly when HEAD's tree does.
        List<String> near = againstHead.stream().map(ChangedPath::path).toList();
        List<String> args = new ArrayList<>(List.of(
                "diff", "--name-only", "-z", "--no-renames", "--no-ext-diff", "--ignore-submodules=dirty", base, "--"));
        near.forEach(path -> args.add(":(literal)" + path));
        TreeSet<String> names =
                new TreeSet<>(StatusCodes.records(git.runOrThrow(repo.root(), args.toArray(String[]::new))));
        for (String path : reads.changedNames(base, Optional.of(head))) {
            if (near.stream().noneMatch(n -> path.equals(n) || path.startsWith(n + "/"))) {
                names.add(path);
            }
        }
        return List.copyOf(names);
    }

    /** As {@link ReviewReads#binaryDiff} for the working tree: the change digest's bytes. */
    public byte[] binaryDiff(List<String> excluded) {
        if (!treesSuffice()) {
            return reads.binaryDiff(base, Optional.empty(), excluded);
        }
        Optional<List<String>> prefixes = worktreePrefixes();
        if (prefixes.isEmpty()) {
            return reads.binaryDiff(base, Optional.empty(), excluded);
        }
        List<String> args = new ArrayList<>(
                List.of("diff", "--binary", "--no-ext-diff", "--no-color", "--ignore-submodules=dirty"));
        args.addAll(prefixes.get());
        args.add(base);
        args.add(head);
        args.add("--");
        excluded.forEach(path -> args.add(":(exclude,literal)" + path));
        return git.runOrThrow(repo.root(), args.toArray(String[]::new));
    }

    /**
     * The prefix options that make a tree-to-tree diff name its sides as git names a tree-to-worktree
     * diff's: none, unless {@code diff.mnemonicPrefix} is on and {@code diff.noprefix} is not. Empty
     * when the settings cannot be read (git's full walk is then used, and fails as git would).
     */
    private Optional<List<String>> worktreePrefixes() {
        GitBinary.Output out =
                git.run(repo.root(), "config", "-z", "--get-regexp", "^diff\\.(mnemonicprefix|noprefix)$");
        if (out.exitCode() == 1 && out.stdout().length == 0) {
            return Optional.of(List.of());
        }
        if (out.exitCode() != 0) {
            return Optional.empty();
        }
        Optional<Boolean> mnemonic = Optional.of(false);
        Optional<Boolean> noPrefix = Optional.of(false);
        for (String record : StatusCodes.records(out.stdout())) {
            int newline = record.indexOf('\n');
            String key = newline < 0 ? record : record.substring(0, newline);
            // A key written without "=" is true, as git reads it.
            Optional<Boolean> value = newline < 0 ? Optional.of(true) : bool(record.substring(newline + 1));
            if (key.equals("diff.mnemonicprefix")) {
                mnemonic = value;
            } else if (key.equals("diff.noprefix")) {
                noPrefix = value;
            }
        }
        if (mnemonic.isEmpty() || noPrefix.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(
                mnemonic.get() && !noPrefix.get() ? List.of("--src-prefix=c/", "--dst-prefix=w/") : List.of());
    }

    /** A boolean setting as git reads it; empty for a spelling this does not know (git's full walk decides). */
    static Optional<Boolean> bool(String value) {
        switch (value.toLowerCase(Locale.ROOT)) {
            case "true", "yes", "on" -> {
                return Optional.of(true);
            }
            case "false", "no", "off", "" -> {
                return Optional.of(false);
            }
            default -> {
                if (value.matches("-?[0-9]{1,9}")) {
                    return Optional.of(Integer.parseInt(value) != 0);
                }
                return Optional.empty();
            }
        }
    }
}
