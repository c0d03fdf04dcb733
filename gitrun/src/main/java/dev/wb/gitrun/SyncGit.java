package dev.wb.gitrun;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The git side of {@code wb sync} (docs/adr/0010-shared-histories.md), here because this module is
 * the only one that writes to a repository: wb's own refs under {@code refs/wb/} are written by one
 * {@code git fast-import}, pushed as {@code refs/wb/*:refs/wb/*} (never forced), and fetched into the
 * private namespace {@code refs/wb-fetch/<remote>/}; objects are read back by {@code git cat-file
 * --batch}. The user's git and environment, so remotes, credentials and hooks apply; nothing is
 * written to git's configuration, and no branch or tag is touched.
 */
public final class SyncGit {

    /** Where this replica's own refs live, locally and on every remote. */
    public static final String OWN = "refs/wb/";

    /** Where the refs fetched from a remote are put to be verified: never read as this replica's own. */
    public static final String FETCHED = "refs/wb-fetch/";

    private static final Pattern REMOTE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    private static final Pattern OBJECT_ID = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
    private static final Duration TIMEOUT = Duration.ofMinutes(10);
    private static final long REF_LIST_LIMIT = 256L * 1024 * 1024;

    private final Path root;
    private final Map<String, String> env;

    public SyncGit(Path root, Map<String, String> env) {
        this.root = root;
        this.env = Map.copyOf(env);
    }

    /** A remote's name as wb accepts it: letters, digits, {@code . _ -}; never a URL or a path. */
    public static boolean isRemoteName(String name) {
        return name != null && REMOTE.matcher(name).matches() && !name.contains("..");
    }

    /** Where the refs fetched from {@code remote} are kept: {@code refs/wb-fetch/<remote>/}. */
    public static String fetched(String remote) {
        return FETCHED + remote + "/";
    }

    /** The remotes this repository names ({@code git remote}). */
    public List<String> remotes() throws IOException {
        GitPipe.Result result = run(List.of("remote"), new byte[0], REF_LIST_LIMIT);
        require(result, "git remote");
        return result.out()
                .lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty())
                .toList();
    }

    /** Every ref under {@code prefix} (which ends in {@code /}) and the object it names, by ref name. */
    public Map<String, String> refs(String prefix) throws IOException {
        GitPipe.Result result =
                run(List.of("for-each-ref", "--format=%(objectname) %(refname)", prefix), new byte[0], REF_LIST_LIMIT);
        require(result, "git for-each-ref");
        Map<String, String> refs = new TreeMap<>();
        for (String line : result.out().split("\n", -1)) {
            int space = line.indexOf(' ');
            if (space > 0) {
                refs.put(line.substring(space + 1), line.substring(0, space));
            }
        }
        return refs;
    }

    /**
     * A reader that keeps its {@code git cat-file} processes for every read until it is closed: for a
     * walk of many small reads (docs/adr/0010, a fetch's walk of a long chain of commits).
     */
    public ObjectReader reader() {
        return new ObjectReader(root, env);
    }

    /** One object as read: its type and size, and its content unless it was over the limit. */
    // Content handed over once; an object is never compared.
    @SuppressWarnings("ArrayRecordComponent")
    public record GitObject(String id, String type, long size, byte[] content) {
        public Optional<byte[]> read() {
            return Optional.ofNullable(content);
        }
    }

    /**
     * Reads objects by id: each one's type and size first ({@code cat-file --batch-check}), then the
     * content of those of at most {@code maxSize} bytes ({@code --batch}), so a huge blob is named,
     * never read. An id the repository does not hold is absent from the answer.
     */
    public Map<String, GitObject> read(Collection<String> ids, long maxSize) throws IOException {
        return read(ids, maxSize, Long.MAX_VALUE);
    }

    /**
     * As {@link #read(Collection, long)}, reading at most {@code maxTotal} bytes in all: the objects
     * that would go beyond it (in the order asked) are left unread, as those over {@code maxSize} are.
     */
    public Map<String, GitObject> read(Collection<String> ids, long maxSize, long maxTotal) throws IOException {
        Map<String, GitObject> objects = new LinkedHashMap<>();
        if (ids.isEmpty()) {
            return objects;
        }
        StringBuilder request = new StringBuilder();
        for (String id : ids) {
            if (!OBJECT_ID.matcher(id).matches()) {
                throw new IOException("not an object id: " + id);
            }
            request.append(id).append('\n');
        }
        byte[] ask = request.toString().getBytes(StandardCharsets.UTF_8);
        GitPipe.Result checked = run(List.of("cat-file", "--batch-check"), ask, REF_LIST_LIMIT);
        require(checked, "git cat-file --batch-check");
        StringBuilder wanted = new StringBuilder();
        long total = 0;
        for (String line : checked.out().split("\n", -1)) {
            String[] words = line.split(" ", -1);
            if (words.length == 3) {
                long size = Long.parseLong(words[2]);
                objects.put(words[0], new GitObject(words[0], words[1], size, null));
                if (size <= maxSize && total + size <= maxTotal) {
                    wanted.append(words[0]).append('\n');
                    total += size + 200;
                }
            }
        }
        if (wanted.length() == 0) {
            return objects;
        }
        GitPipe.Result batch =
                run(List.of("cat-file", "--batch"), wanted.toString().getBytes(StandardCharsets.UTF_8), total + 4096);
        require(batch, "git cat-file --batch");
        byte[] out = batch.stdout();
        int at = 0;
        while (at < out.length) {
            int eol = indexOf(out, (byte) '\n', at);
            if (eol < 0) {
                throw new IOException("git cat-file --batch ended inside a header");
            }
            String[] words = new String(out, at, eol - at, StandardCharsets.UTF_8).split(" ", -1);
            if (words.length != 3) {
                throw new IOException("git cat-file --batch answered an unexpected line");
            }
            int size = Integer.parseInt(words[2]);
            if (eol + 1L + size > out.length) {
                throw new IOException("git cat-file --batch ended inside " + words[0]);
            }
            byte[] content = new byte[size];
            System.arraycopy(out, eol + 1, content, 0, size);
            objects.put(words[0], new GitObject(words[0], words[1], size, content));
            at = eol + 1 + size + 1;
        }
        return objects;
    }

    /**
     * Runs {@code git fast-import} over {@code commands} (which must end with {@code done}): the blobs,
     * trees and commits of a push and the refs they move, all under {@link #OWN}. fast-import refuses
     * to move a ref that would not fast-forward.
     */
    public void fastImport(byte[] commands) throws IOException {
        GitPipe.Result result = run(List.of("fast-import", "--quiet", "--done"), commands, REF_LIST_LIMIT);
        require(result, "git fast-import");
    }

    /**
     * Runs {@code git fast-import --force} over {@code commands} that move only scratch refs under {@link
     * SignedChains#SCRATCH}: a scratch ref a failed signed push left behind is written over.
     */
    public void fastImportScratch(byte[] commands) throws IOException {
        GitPipe.Result result = run(List.of("fast-import", "--quiet", "--done", "--force"), commands, REF_LIST_LIMIT);
        require(result, "git fast-import");
    }

    /** The signing side of a push: the signing key git would use, and commits signed by git (SignedChains). */
    public SignedChains signing() {
        return new SignedChains(root, env);
    }

    /** How a push or fetch ended: git's exit code and what it said (stderr, then stdout). */
    public record Outcome(int exitCode, String output) {
        public boolean ok() {
            return exitCode == 0;
        }
    }

    /** {@code git push --porcelain <remote> refs/wb/*:refs/wb/*}: never forced, so git refuses a rewrite. */
    public Outcome push(String remote) throws IOException {
        return push(remote, List.of());
    }

    /**
     * {@code git push --porcelain <remote> <ref>:<ref>…} for the named refs (full names under {@link
     * #OWN}), or {@code refs/wb/*:refs/wb/*} when none is named; never forced.
     */
    public Outcome push(String remote, List<String> refs) throws IOException {
        requireRemoteName(remote);
        List<String> args = new ArrayList<>(List.of("push", "--porcelain", remote));
        if (refs.isEmpty()) {
            args.add(OWN + "*:" + OWN + "*");
        }
        for (String ref : refs) {
            if (!ref.startsWith(OWN) || ref.contains("..") || ref.contains(":") || ref.contains("*")) {
                throw new IOException("not one of wb's own refs: " + ref);
            }
            args.add(ref + ":" + ref);
        }
        GitPipe.Result result = run(args, new byte[0], REF_LIST_LIMIT);
        return new Outcome(result.exitCode(), (result.stderr() + "\n" + result.out()).strip());
    }

    /**
     * {@code git fetch --no-tags <remote> +refs/wb/*:refs/wb-fetch/<remote>/*}: the private namespace
     * follows the remote (the {@code +}), so that a rewrite arrives to be named by wb, not hidden by git.
     */
    public Outcome fetch(String remote) throws IOException {
        requireRemoteName(remote);
        GitPipe.Result result = run(
                List.of(
                        "fetch",
                        "--quiet",
                        "--no-tags",
                        // A ref the remote deleted goes from the private namespace too (the refspec's
                        // destination is all that --prune touches), and nothing recurses into submodules.
                        "--prune",
                        "--no-recurse-submodules",
                        "--no-write-fetch-head",
                        remote,
                        "+" + OWN + "*:" + fetched(remote) + "*"),
                new byte[0],
                REF_LIST_LIMIT);
        return new Outcome(result.exitCode(), (result.stderr() + "\n" + result.out()).strip());
    }

    /** Writes the fast-import command {@code data <n>} followed by the bytes. */
    public static void data(ByteArrayOutputStream out, byte[] bytes) {
        out.writeBytes(("data " + bytes.length + "\n").getBytes(StandardCharsets.UTF_8));
        out.writeBytes(bytes);
        out.write('\n');
    }

    private static void requireRemoteName(String remote) throws IOException {
        if (!isRemoteName(remote)) {
            throw new IOException("not a remote's name: " + remote);
        }
    }

    private GitPipe.Result run(List<String> args, byte[] stdin, long maxStdout) throws IOException {
        return GitPipe.run(root, new ArrayList<>(args), env, stdin, maxStdout, TIMEOUT);
    }

    private static void require(GitPipe.Result result, String what) throws IOException {
        if (!result.ok()) {
            throw new IOException(what + " failed (exit " + result.exitCode() + "): " + result.stderr());
        }
    }

    private static int indexOf(byte[] bytes, byte b, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
