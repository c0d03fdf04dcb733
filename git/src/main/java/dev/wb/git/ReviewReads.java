package dev.wb.git;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The reads a review boundary needs, exact rather than fast to approximate: the difference between
 * one base commit and the working tree (or another commit) as git itself computes it, and the
 * index's entries with their object ids. Always the git binary: these are one process each, and a
 * review is never on a hot path where JGit's warm speed would pay back its start-up (ADR 5).
 */
public final class ReviewReads {

    /** One index entry: file mode ({@code 100644}, {@code 100755}, {@code 120000}, {@code 160000}), object id, path. */
    public record IndexEntry(String mode, String objectId, String path) {}

    private final GitBinary git;
    private final RepoLocation repo;

    ReviewReads(GitBinary git, RepoLocation repo) {
        this.git = git;
        this.repo = repo;
    }

    /**
     * Every path whose working-tree content differs from {@code baseCommit} (a full id), plus every
     * untracked file git does not ignore (as {@link Change#UNTRACKED}); sorted and distinct. Content
     * is compared, not stat data: a file touched but unchanged is not a change. A submodule counts
     * when its commit moved, not for changes inside it, which belong to its own repository.
     */
    public List<ChangedPath> againstWorktree(String baseCommit) {
        Objects.requireNonNull(baseCommit, "baseCommit");
        return adjusted(baseCommit, nameStatus(baseCommit), untracked());
    }

    /**
     * The working tree's boundary against {@code baseCommit}, HEAD being {@code headCommit} (both full
     * ids): one walk of the tracked files against HEAD and one of the untracked ones, from which the
     * names and the bytes of the base's difference are read ({@link WorktreeBoundary}).
     */
    public WorktreeBoundary worktree(String baseCommit, String headCommit) {
        return WorktreeBoundary.read(git, repo, this, baseCommit, headCommit);
    }

    /**
     * {@code git diff --name-status} of {@code baseCommit} and the working tree's tracked files, as
     * git lists it (no rename, a submodule counted when its commit moved).
     */
    List<ChangedPath> nameStatus(String baseCommit) {
        GitBinary.Output diff = git.run(
                repo.root(),
                "diff",
                "--name-status",
                "-z",
                "--no-renames",
                "--no-ext-diff",
                "--ignore-submodules=dirty",
                baseCommit,
                "--");
        if (diff.exitCode() != 0) {
            throw new GitException("git diff against " + baseCommit + " failed: " + diff.firstErrorLine());
        }
        return StatusCodes.nameStatus(diff.stdout());
    }

    /** {@link #againstWorktree} from its two reads: the tracked differences and the untracked files. */
    List<ChangedPath> adjusted(String baseCommit, List<ChangedPath> tracked, List<String> untrackedFiles) {
        TreeMap<String, Change> changes = new TreeMap<>();
        tracked.forEach(c -> changes.put(c.path(), c.change()));
        List<String> keptOnDisk = new ArrayList<>();
        for (String path : untrackedFiles) {
            if (changes.get(path) == Change.DELETED) {
                keptOnDisk.add(path);
            } else {
                changes.put(path, Change.UNTRACKED);
            }
        }
        // Removed from the index but still on disk (git rm --cached): the file is in the working
        // tree, so it is modified if its bytes differ from the base's, and no change if they do not.
        for (IndexEntry entry : keptOnDisk.isEmpty() ? List.<IndexEntry>of() : treeEntries(baseCommit, keptOnDisk)) {
            boolean same = blobId(repo.root().resolve(entry.path()))
                    .map(entry.objectId()::equals)
                    .orElse(false);
            if (same) {
                changes.remove(entry.path());
            } else {
                changes.put(entry.path(), Change.MODIFIED);
            }
        }
        List<ChangedPath> sorted = new ArrayList<>(changes.size());
        changes.forEach((path, change) -> sorted.add(new ChangedPath(path, change)));
        return List.copyOf(sorted);
    }

    /**
     * Untracked files that git does not ignore, every one (not collapsed into directories). A nested
     * repository, which git lists as one folder entry, is not a file of this one and is left out.
     */
    public List<String> untracked() {
        return StatusCodes.records(git.runOrThrow(repo.root(), "ls-files", "-z", "--others", "--exclude-standard"))
                .stream()
                .filter(path -> !path.endsWith("/"))
                .toList();
    }

    /**
     * The paths whose content differs between {@code baseCommit} and {@code candidateCommit} (or, when
     * it is empty, the working tree's tracked files), as {@code git diff --name-only} lists them, but
     * with rename detection off (a renamed file is its removed and its added path) and a submodule
     * counted when its commit moved, not for changes inside it; sorted. Untracked files are not here:
     * {@link #untracked()} lists them.
     */
    public List<String> changedNames(String baseCommit, Optional<String> candidateCommit) {
        List<String> args = new ArrayList<>(List.of(
                "diff",
                "--name-only",
                "-z",
                "--no-renames",
                "--no-ext-diff",
                "--ignore-submodules=dirty",
                Objects.requireNonNull(baseCommit, "baseCommit")));
        candidateCommit.ifPresent(args::add);
        args.add("--");
        return StatusCodes.records(git.runOrThrow(repo.root(), args.toArray(String[]::new))).stream()
                .sorted()
                .distinct()
                .toList();
    }

    /**
     * The exact bytes of {@code git diff --binary --no-ext-diff <baseCommit> [<candidateCommit>] --
     * :(exclude,literal)<path>…}: the review judge's change-digest input, with {@code excluded} kept
     * out at git's level so that their content never enters it. {@code --no-color} keeps a
     * {@code color.ui=always} setting out of the bytes; {@code --ignore-submodules=dirty} matches
     * {@link #changedNames}.
     */
    public byte[] binaryDiff(String baseCommit, Optional<String> candidateCommit, List<String> excluded) {
        List<String> args = new ArrayList<>(List.of(
                "diff",
                "--binary",
                "--no-ext-diff",
                "--no-color",
                "--ignore-submodules=dirty",
                Objects.requireNonNull(baseCommit, "baseCommit")));
        candidateCommit.ifPresent(args::add);
        args.add("--");
        excluded.forEach(path -> args.add(":(exclude,literal)" + path));
        return git.runOrThrow(repo.root(), args.toArray(String[]::new));
    }

    /**
     * The patch {@code wb review gates} reads added lines from: {@code git diff --unified=0} of
     * {@code baseCommit} against the working tree's tracked files, or with {@code staged} against the
     * index. Renames are found as git finds them by default (a moved file adds no lines); prefixes,
     * colour, external diff and text conversion are fixed so that no configuration changes the bytes.
     * A binary file shows as one {@code Binary files … differ} line, with no added line.
     */
    public byte[] addedLinesPatch(String baseCommit, boolean staged) {
        List<String> args = new ArrayList<>(List.of(
                "diff",
                "--unified=0",
                "--no-color",
                "--no-ext-diff",
                "--no-textconv",
                "--find-renames",
                "--src-prefix=a/",
                "--dst-prefix=b/",
                "--ignore-submodules=dirty"));
        if (staged) {
            args.add("--cached");
        }
        args.add(Objects.requireNonNull(baseCommit, "baseCommit"));
        args.add("--");
        return git.runOrThrow(repo.root(), args.toArray(String[]::new));
    }

    /** Whether {@code ancestor} is {@code descendant} or one of its ancestors (both full commit ids). */
    public boolean isAncestor(String ancestor, String descendant) {
        GitBinary.Output output = git.run(
                repo.root(),
                "merge-base",
                "--is-ancestor",
                Objects.requireNonNull(ancestor, "ancestor"),
                Objects.requireNonNull(descendant, "descendant"));
        if (output.exitCode() > 1) {
            throw new GitException("git merge-base --is-ancestor failed: " + output.firstErrorLine());
        }
        return output.exitCode() == 0;
    }

    /**
     * The best common ancestor of two commits (full ids), as {@code git merge-base} picks it: where a
     * branch left its base. Empty when they share no history.
     */
    public Optional<String> mergeBase(String one, String other) {
        GitBinary.Output output = git.run(
                repo.root(), "merge-base", Objects.requireNonNull(one, "one"), Objects.requireNonNull(other, "other"));
        if (output.exitCode() == 1) {
            return Optional.empty();
        }
        if (output.exitCode() != 0) {
            throw new GitException("git merge-base failed: " + output.firstErrorLine());
        }
        return Optional.of(output.text().strip());
    }

    /** The paths that differ between two commits (full ids), sorted. */
    public List<ChangedPath> betweenCommits(String from, String to) {
        ChangeSet changes = new ChangeSet();
        changes.addAll(StatusCodes.nameStatus(git.runOrThrow(
                repo.root(),
                "diff-tree",
                "-r",
                "-z",
                "--name-status",
                "--no-renames",
                Objects.requireNonNull(from, "from"),
                Objects.requireNonNull(to, "to"),
                "--")));
        return changes.sorted();
    }

    /** Every file of {@code commit}'s tree, recursively, as mode, object id and path. */
    public List<IndexEntry> treeEntries(String commit) {
        return treeEntries(commit, List.of());
    }

    /** The files of {@code commit}'s tree at {@code paths} (all of them when empty). */
    private List<IndexEntry> treeEntries(String commit, List<String> paths) {
        List<String> args = new ArrayList<>(List.of(
                "--literal-pathspecs",
                "ls-tree",
                "-r",
                "-z",
                "--full-tree",
                Objects.requireNonNull(commit, "commit id"),
                "--"));
        args.addAll(paths);
        List<IndexEntry> entries = new ArrayList<>();
        for (String record : StatusCodes.records(git.runOrThrow(repo.root(), args.toArray(String[]::new)))) {
            int tab = record.indexOf('\t');
            String[] head = record.substring(0, tab).split(" ", 0);
            if (head.length != 3) {
                throw new GitException("unexpected git ls-tree output: " + record);
            }
            entries.add(new IndexEntry(head[0], head[2], record.substring(tab + 1)));
        }
        return entries;
    }

    /** The id git gives a file's bytes as a blob (no filters applied), or empty if it is not a regular file. */
    private Optional<String> blobId(Path file) {
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            byte[] bytes = Files.readAllBytes(file);
            MessageDigest digest =
                    MessageDigest.getInstance(repo.format() == ObjectFormat.SHA256 ? "SHA-256" : "SHA-1");
            digest.update(("blob " + bytes.length + "\0").getBytes(StandardCharsets.US_ASCII));
            return Optional.of(HexFormat.of().formatHex(digest.digest(bytes)));
        } catch (IOException | NoSuchAlgorithmException e) {
            return Optional.empty();
        }
    }

    /** The index's entries at stage 0, in index order; an entry in conflict is listed once. */
    public List<IndexEntry> indexEntries() {
        List<IndexEntry> entries = new ArrayList<>();
        String last = null;
        for (String record : StatusCodes.records(git.runOrThrow(repo.root(), "ls-files", "-s", "-z"))) {
            int tab = record.indexOf('\t');
            String[] head = record.substring(0, tab).split(" ", 0);
            String path = record.substring(tab + 1);
            if (head.length != 3) {
                throw new GitException("unexpected git ls-files output: " + record);
            }
            if (!path.equals(last)) {
                entries.add(new IndexEntry(head[0], head[1], path));
                last = path;
            }
        }
        return entries;
    }
}
