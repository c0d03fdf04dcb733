package dev.wb.gitrun;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;

/**
 * The private repository of a review snapshot ({@code wb judge snapshot}), written here because this
 * module is the only one that writes to any repository. It is made in a folder wb owns, below
 * {@code .workflow/local/judge/}, and never writes to the live repository: the base and candidate
 * commits are fetched from it shallowly (depth 1, no tags, no refs of its own), which reads the live
 * object database through {@code upload-pack} and writes nothing there; the checkout of the candidate's
 * base reads that object database directly as well ({@link #fetchAndCheckout}), and {@code git
 * rev-parse} names it. Every step writes to the private repository only, with a fixed identity and none
 * of the user's configuration files or {@code GIT_*} variables, like {@link ScratchRepository}; git is
 * found on the PATH of the run's environment, given when the repository is made or opened (a warm
 * server's client's, never the server's own: docs/adr/0009).
 */
public final class SnapshotRepository {

    /** Written into {@code .git} of every snapshot repository; nothing else here writes elsewhere. */
    static final String MARKER = "wb-snapshot";

    /** A commit id git would accept as a full object name. */
    private static final Pattern FULL_ID = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");

    private static final Duration TIMEOUT = Duration.ofMinutes(10);

    /** A fixed time for the candidate commit, so equal content gives an equal commit id. */
    private static final String EPOCH = "1970-01-01T00:00:00Z";

    private final Path root;
    private final Map<String, String> runEnv;

    private SnapshotRepository(Path root, Map<String, String> runEnv) {
        this.root = root;
        this.runEnv = Map.copyOf(runEnv);
    }

    /**
     * Makes {@code dir} (which must not exist yet) a repository in {@code objectFormat} ("sha1" or
     * "sha256"), fetches {@code commits} (full ids) from the live repository at depth 1, and checks
     * out {@code checkout} (one of them) detached.
     */
    public static SnapshotRepository create(
            Path dir,
            Path live,
            String objectFormat,
            Collection<String> commits,
            String checkout,
            Map<String, String> env)
            throws IOException {
        SnapshotRepository repo = init(dir, objectFormat, env);
        repo.fetch(live, commits);
        repo.checkout(checkout);
        return repo;
    }

    /** Makes {@code dir} (which must not exist yet) an empty snapshot repository. */
    public static SnapshotRepository init(Path dir, String objectFormat, Map<String, String> env) throws IOException {
        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(dir + " already exists; a snapshot repository is made in a new folder");
        }
        Files.createDirectories(dir);
        SnapshotRepository repo = new SnapshotRepository(dir.toRealPath(), env);
        repo.git("init", "-q", "--template=", "--object-format=" + objectFormat);
        Files.writeString(
                repo.root.resolve(".git").resolve(MARKER),
                "made by wb for a review snapshot\n",
                StandardCharsets.UTF_8);
        repo.git("config", "core.autocrlf", "false");
        repo.git("config", "gc.auto", "0");
        return repo;
    }

    /**
     * Fetches {@code commits} (full ids) at depth 1 from the repository at {@code source} (the live
     * one, or a parent snapshot's), reading it through {@code upload-pack} and writing nothing there.
     */
    public void fetch(Path source, Collection<String> commits) throws IOException {
        for (String commit : commits) {
            requireId(commit);
        }
        List<String> fetch = new ArrayList<>(List.of(
                "-c",
                "fetch.unpackLimit=1",
                "fetch",
                "-q",
                "--depth=1",
                "--no-tags",
                "--no-write-fetch-head",
                "--upload-pack=git -c uploadpack.allowAnySHA1InWant=true" + " -c pack.window=0 upload-pack",
                "file://" + source.toRealPath()));
        fetch.addAll(commits);
        git(fetch.toArray(String[]::new));
    }

    /** How {@link #fetchAndCheckout} checked out: with the source's store lent, or not, or again after. */
    enum CheckedOut {
        LENT,
        NOT_LENT,
        REDONE
    }

    /**
     * What {@link #fetch} then {@link #checkout} do, at the same time: while {@code commits} are fetched
     * from {@code source}, {@code checkout} is checked out with the source's object store lent to that
     * one git process ({@code GIT_ALTERNATE_OBJECT_DIRECTORIES}, nothing written to this repository's
     * configuration), so the 100,000-file checkout does not wait for the pack. Objects are named by
     * their content (git hashes each object it reads): the files are the same whichever store they
     * were read from. That this repository then holds every object of those commits is the fetch's own
     * guarantee: it exits 0 only after its connectivity check of everything it was asked for (so never
     * give it a {@code --filter}). Ends when both have; a fetch that failed fails the whole; a checkout
     * that could not use the loan is done again from the fetched objects alone.
     */
    public CheckedOut fetchAndCheckout(Path source, Collection<String> commits, String checkout) throws IOException {
        return fetchAndCheckout(source, commits, checkout, objectStore(source, runEnv));
    }

    /** As above, with the store to lend given ({@code lent}; empty: none), so a test can lend a wrong one. */
    CheckedOut fetchAndCheckout(Path source, Collection<String> commits, String checkout, Optional<Path> lent)
            throws IOException {
        requireId(checkout);
        if (lent.isEmpty()) {
            fetch(source, commits);
            checkout(checkout);
            return CheckedOut.NOT_LENT;
        }
        CompletableFuture<IOException> fetching = CompletableFuture.supplyAsync(
                () -> {
                    try {
                        fetch(source, commits);
                        return null;
                    } catch (IOException e) {
                        return e;
                    }
                },
                task -> {
                    Thread thread = new Thread(task, "wb-snapshot-fetch");
                    thread.setDaemon(true);
                    thread.start();
                });
        Map<String, String> env = environment();
        env.put("GIT_ALTERNATE_OBJECT_DIRECTORIES", lent.get().toString());
        String[] args = checkoutArgs(checkout);
        GitProcess.Result checkedOut = GitProcess.run(root, List.of(args), env, TIMEOUT);
        IOException fetchFailed = fetching.join();
        if (fetchFailed != null) {
            throw fetchFailed;
        }
        if (checkedOut.exitCode() != 0) {
            git(checkoutArgs(checkout));
            return CheckedOut.REDONE;
        }
        return CheckedOut.LENT;
    }

    /**
     * The object store of the repository at {@code source}, absolute, when it can be lent as an
     * alternate (a path with {@code :} or a quote cannot be, in that variable's syntax).
     */
    static Optional<Path> objectStore(Path source, Map<String, String> env) {
        GitProcess.Result result = GitProcess.run(
                source,
                List.of("rev-parse", "--path-format=absolute", "--git-path", "objects"),
                environment(env),
                TIMEOUT);
        String text = result.output().strip();
        if (result.exitCode() != 0
                || text.isEmpty()
                || text.contains("\n")
                || text.contains(":")
                || text.contains("\"")) {
            return Optional.empty();
        }
        Path store = Path.of(text);
        return store.isAbsolute() && Files.isDirectory(store) ? Optional.of(store) : Optional.empty();
    }

    private static String[] checkoutArgs(String commit) {
        return new String[] {
            "-c", "advice.detachedHead=false", "-c", "checkout.workers=0", "checkout", "-q", "-f", "--detach", commit
        };
    }

    /**
     * Checks out {@code commit} detached, working tree and index, writing files on as many workers as
     * the machine has cores (git's parallel checkout, 2.31 and later; an older git ignores the setting).
     */
    public void checkout(String commit) throws IOException {
        requireId(commit);
        git(checkoutArgs(commit));
    }

    /** Opens a snapshot repository {@link #create} made; anything else is refused. */
    public static SnapshotRepository open(Path dir, Map<String, String> env) throws IOException {
        Path real = dir.toRealPath();
        if (!Files.isRegularFile(real.resolve(".git").resolve(MARKER))) {
            throw new IOException(real + " is not a snapshot repository made by wb");
        }
        return new SnapshotRepository(real, env);
    }

    public Path root() {
        return root;
    }

    /** Stages the working tree's state of exactly these paths (added, changed or deleted). */
    public void stage(Collection<String> paths) throws IOException {
        if (paths.isEmpty()) {
            return;
        }
        Path list = nulList(paths);
        try {
            gitWithLiteralPaths("add", "-A", "--pathspec-from-file=" + list, "--pathspec-file-nul");
        } finally {
            Files.deleteIfExists(list);
        }
    }

    /**
     * Withholds blocked paths: each one's index entry is set to {@code baseEntries} (lines of
     * {@code "<mode> <id>\t<path>"} for the paths the base has) and dropped for the rest, so the
     * candidate commit differs from the base nowhere in them; the files leave the working tree and
     * the kept entries are marked skip-worktree, so the snapshot's status stays clean.
     */
    public void withhold(Collection<String> blocked, List<String> baseEntries, Collection<String> baseHas)
            throws IOException {
        if (blocked.isEmpty()) {
            return;
        }
        List<String> absent = blocked.stream().filter(p -> !baseHas.contains(p)).toList();
        if (!absent.isEmpty()) {
            Path list = nulList(absent);
            try {
                gitWithLiteralPaths(
                        "rm",
                        "--cached",
                        "-q",
                        "-r",
                        "--ignore-unmatch",
                        "--pathspec-from-file=" + list,
                        "--pathspec-file-nul");
            } finally {
                Files.deleteIfExists(list);
            }
        }
        if (!baseEntries.isEmpty()) {
            Path info = nulList(baseEntries);
            try {
                gitStdin(info, "update-index", "-z", "--index-info");
            } finally {
                Files.deleteIfExists(info);
            }
            Path kept = nulList(baseHas.stream().filter(blocked::contains).toList());
            try {
                gitStdin(kept, "update-index", "-z", "--skip-worktree", "--stdin");
            } finally {
                Files.deleteIfExists(kept);
            }
        }
        for (String path : blocked) {
            Path file = root.resolve(path).normalize();
            if (file.startsWith(root) && !file.startsWith(root.resolve(".git"))) {
                Files.deleteIfExists(file);
            }
        }
    }

    /**
     * Commits the index as the candidate on top of the checked-out commit, with a fixed identity and
     * time, and points {@code HEAD} and {@code refs/wb/candidate} at it and {@code refs/wb/base} at
     * {@code base}, in one transaction. Returns the candidate's id. The commit is written with {@code
     * write-tree} and {@code commit-tree}, the same object {@code git commit -m} makes (the message ends
     * with its newline and has no blank lines to fold), without {@code git commit}'s stat of every file.
     */
    public String commitCandidate(String base, String message) throws IOException {
        requireId(base);
        String tree = output("write-tree");
        String head = output("rev-parse", "--verify", "HEAD^{commit}");
        requireId(tree);
        requireId(head);
        String candidate = output("-c", "commit.gpgsign=false", "commit-tree", tree, "-p", head, "-m", message);
        requireId(candidate);
        Path updates = Files.createTempFile(root.resolve(".git"), "wb-", ".refs");
        try {
            Files.writeString(
                    updates,
                    "update HEAD " + candidate + " " + head + "\n"
                            + "update refs/wb/base " + base + "\n"
                            + "update refs/wb/candidate " + candidate + "\n",
                    StandardCharsets.UTF_8);
            gitStdin(updates, "update-ref", "--no-deref", "--stdin");
        } finally {
            Files.deleteIfExists(updates);
        }
        return candidate;
    }

    private static void requireId(String commit) throws IOException {
        if (commit == null || !FULL_ID.matcher(commit).matches()) {
            throw new IOException("not a full commit id: " + commit);
        }
    }

    private Path nulList(Collection<String> items) throws IOException {
        Path file = Files.createTempFile(root.resolve(".git"), "wb-", ".list");
        StringBuilder text = new StringBuilder();
        items.forEach(item -> text.append(item).append('\0'));
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private void gitWithLiteralPaths(String... args) throws IOException {
        Map<String, String> env = environment();
        env.put("GIT_LITERAL_PATHSPECS", "1");
        check(GitProcess.run(root, List.of(args), env, TIMEOUT), args);
    }

    private void gitStdin(Path stdin, String... args) throws IOException {
        check(GitProcess.run(root, List.of(args), environment(), TIMEOUT, stdin), args);
    }

    private void git(String... args) throws IOException {
        check(GitProcess.run(root, List.of(args), environment(), TIMEOUT), args);
    }

    /** Runs git and returns the last line of its output: the object id the plumbing used here prints. */
    private String output(String... args) throws IOException {
        GitProcess.Result result = GitProcess.run(root, List.of(args), environment(), TIMEOUT);
        check(result, args);
        String text = result.output().strip();
        return text.substring(text.lastIndexOf('\n') + 1);
    }

    private void check(GitProcess.Result result, String... args) throws IOException {
        if (result.exitCode() != 0) {
            String command = Arrays.stream(args)
                    .filter(a -> !a.startsWith("-") && !a.contains("="))
                    .findFirst()
                    .orElse(args[0]);
            throw new IOException("git " + command + " failed in the snapshot repository: "
                    + result.output().strip());
        }
    }

    private Map<String, String> environment() {
        return environment(runEnv);
    }

    /** As {@link ScratchRepository#environment(Map)}, with the candidate's fixed author and time. */
    static Map<String, String> environment(Map<String, String> run) {
        Map<String, String> env = ScratchRepository.environment(run);
        env.put("GIT_AUTHOR_NAME", "wb snapshot");
        env.put("GIT_AUTHOR_EMAIL", "snapshot@wb.invalid");
        env.put("GIT_COMMITTER_NAME", "wb snapshot");
        env.put("GIT_COMMITTER_EMAIL", "snapshot@wb.invalid");
        env.put("GIT_AUTHOR_DATE", EPOCH);
        env.put("GIT_COMMITTER_DATE", EPOCH);
        return env;
    }
}
