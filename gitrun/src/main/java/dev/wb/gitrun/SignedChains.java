package dev.wb.gitrun;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Signed sync commits, signed by git itself (docs/SYNC.md, "Signed pushes"). {@code git fast-import}
 * cannot sign, so a signed push has it write the unsigned commits onto scratch refs under {@link
 * #SCRATCH} (never pushed: the push's refspec is {@code refs/wb/*}); each new commit is then made again
 * by {@code git commit-tree -S} with the same tree, author, committer and message, its parent the
 * signed commit before it; and one {@code git update-ref --stdin} transaction moves every real ref from
 * the tip it had (checked) to its signed tip and drops the scratch refs. A signing failure moves no
 * real ref: the scratch refs are dropped, and the signed commits already made are unreachable.
 */
public final class SignedChains {

    /** Where fast-import writes the unsigned commits a signed push re-creates: never pushed, never read as a chain. */
    public static final String SCRATCH = "refs/wb-unsigned/";

    private static final Duration TIMEOUT = Duration.ofMinutes(10);
    private static final long OUTPUT_LIMIT = 1024L * 1024;

    private final Path root;
    private final Map<String, String> env;

    SignedChains(Path root, Map<String, String> env) {
        this.root = root;
        this.env = Map.copyOf(env);
    }

    /** Signing failed (git, ssh-keygen or gpg refused): no real ref was moved. */
    public static final class SigningException extends IOException {
        private static final long serialVersionUID = 1L;

        SigningException(String message) {
            super(message);
        }
    }

    /**
     * One commit to sign: its author and committer (one identity, one time, in UTC, as wb writes it
     * unsigned) and its message, byte for byte.
     */
    // Bytes handed over once; a commit is never compared.
    @SuppressWarnings("ArrayRecordComponent")
    public record Commit(String name, String email, long seconds, byte[] message) {}

    /**
     * One ref's new commits, oldest first, as fast-import wrote them onto {@code SCRATCH + ref}; {@code
     * tip}: the ref's tip before (the first commit's parent), empty for a new ref.
     */
    public record Chain(String ref, Optional<String> tip, List<Commit> commits) {}

    /**
     * The key git signs with, {@code user.signingkey} in the repository's effective configuration; empty
     * when none is set (the push is then unsigned).
     */
    public Optional<String> signingKey() throws IOException {
        GitPipe.Result result = run(List.of("config", "--get", "user.signingkey"), new byte[0]);
        if (result.exitCode() == 1) {
            return Optional.empty();
        }
        if (!result.ok()) {
            throw new IOException(
                    "git config --get user.signingkey failed (exit " + result.exitCode() + "): " + result.stderr());
        }
        String key = result.out().strip();
        return key.isEmpty() ? Optional.empty() : Optional.of(key);
    }

    /** Whether the commit HEAD names holds {@code path} (a file of the repository, read from git, not the work tree). */
    public boolean atHead(String path) throws IOException {
        GitPipe.Result result = run(List.of("cat-file", "-e", "HEAD:" + path), new byte[0]);
        return result.ok();
    }

    /**
     * Signs every chain's new commits and moves each real ref ({@code refs/wb/<ref>}) to its signed tip
     * in one transaction, from the tip it had; the scratch refs are dropped either way.
     *
     * @return each ref's signed tip, by ref name below {@code refs/wb/}
     * @throws SigningException when git could not sign (nothing was moved)
     */
    public Map<String, String> sign(List<Chain> chains) throws IOException {
        Map<String, String> signed = new LinkedHashMap<>();
        try {
            for (Chain chain : chains) {
                Optional<String> parent = chain.tip();
                int count = chain.commits().size();
                for (int i = 0; i < count; i++) {
                    String unsigned = SCRATCH + chain.ref() + "~" + (count - 1 - i);
                    String id = commitTree(
                            unsigned + "^{tree}", parent, chain.commits().get(i));
                    parent = Optional.of(id);
                }
                signed.put(chain.ref(), parent.orElseThrow());
            }
        } catch (IOException | RuntimeException e) {
            dropScratch(chains);
            throw e;
        }
        StringBuilder transaction = new StringBuilder();
        for (Chain chain : chains) {
            String id = signed.get(chain.ref());
            String old = chain.tip().orElse("0".repeat(id.length()));
            transaction
                    .append("update ")
                    .append(SyncGit.OWN)
                    .append(chain.ref())
                    .append(' ')
                    .append(id)
                    .append(' ')
                    .append(old)
                    .append('\n');
            transaction.append("delete ").append(SCRATCH).append(chain.ref()).append('\n');
        }
        GitPipe.Result moved =
                run(List.of("update-ref", "--stdin"), transaction.toString().getBytes(StandardCharsets.UTF_8));
        if (!moved.ok()) {
            dropScratch(chains);
            throw new IOException("git update-ref failed (exit " + moved.exitCode() + "): " + moved.stderr());
        }
        return signed;
    }

    private String commitTree(String tree, Optional<String> parent, Commit commit) throws IOException {
        List<String> args = new ArrayList<>(List.of("commit-tree", "-S"));
        parent.ifPresent(p -> {
            args.add("-p");
            args.add(p);
        });
        args.add(tree);
        Map<String, String> identity = new HashMap<>(env);
        String date = "@" + commit.seconds() + " +0000";
        identity.put("GIT_AUTHOR_NAME", commit.name());
        identity.put("GIT_AUTHOR_EMAIL", commit.email());
        identity.put("GIT_AUTHOR_DATE", date);
        identity.put("GIT_COMMITTER_NAME", commit.name());
        identity.put("GIT_COMMITTER_EMAIL", commit.email());
        identity.put("GIT_COMMITTER_DATE", date);
        GitPipe.Result result = GitPipe.run(root, args, identity, commit.message(), OUTPUT_LIMIT, TIMEOUT);
        String id = result.out().strip();
        if (!result.ok() || !id.matches("[0-9a-f]{40}|[0-9a-f]{64}")) {
            throw new SigningException("git commit-tree -S failed (exit " + result.exitCode() + "): "
                    + (result.stderr().isEmpty() ? "no signature was made" : result.stderr()));
        }
        return id;
    }

    /** Deletes the scratch refs of these chains; best effort (a scratch ref left over is overwritten next time). */
    private void dropScratch(List<Chain> chains) {
        StringBuilder deletes = new StringBuilder();
        for (Chain chain : chains) {
            deletes.append("delete ").append(SCRATCH).append(chain.ref()).append('\n');
        }
        try {
            run(List.of("update-ref", "--stdin"), deletes.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException ignored) {
            // left over: never pushed, and the next signed push writes over it (fast-import --force)
        }
    }

    private GitPipe.Result run(List<String> args, byte[] stdin) throws IOException {
        return GitPipe.run(root, new ArrayList<>(args), env, stdin, OUTPUT_LIMIT, TIMEOUT);
    }
}
