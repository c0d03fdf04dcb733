package dev.wb.commands.sync;

import dev.wb.commands.base.Failure;
import dev.wb.commands.sync.trust.AllowedSigners;
import dev.wb.gitrun.SignedChains;
import dev.wb.gitrun.SyncGit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Whether a push signs its commits, and the commits it signs (docs/SYNC.md, "Signed pushes"): when the
 * repository's git has {@code user.signingkey} set, fast-import writes the push's commits onto scratch
 * refs and git re-creates each one signed ({@link SignedChains}); otherwise they are written unsigned,
 * as before, with a warning when the repository commits {@code .workflow/allowed_signers} (whose
 * readers count only signed events).
 */
public final class PushSigning {

    /** The file of allowed signers a repository commits: read at HEAD from git, never from the work tree. */

    /** The warning of an unsigned push to a repository that lists allowed signers. */
    public static final String UNSIGNED =
            "these events are unsigned (git has no user.signingkey here), and this repository" + " commits "
                    + AllowedSigners.PATH + ": other clones will fetch and show them but not count them";

    /** How to sign: an ssh key, as git signs with one. */
    public static final String UNSIGNED_FIX =
            "git config user.signingkey ~/.ssh/id_ed25519.pub && git config gpg.format ssh   # then push again";

    private final SignedChains git;
    private final CompletableFuture<Setup> setup;
    private final Map<String, List<SignedChains.Commit>> commits = new LinkedHashMap<>();
    private final Map<String, Optional<String>> tips = new LinkedHashMap<>();

    /** What git says: whether it has a signing key, and if not, whether HEAD lists allowed signers. */
    private record Setup(boolean signs, boolean listsSigners) {}

    /**
     * Starts asking git, on a thread of its own, whether it signs (and, when it does not, whether
     * HEAD commits a list of allowed signers), so the answer is ready by the time a commit is written.
     */
    PushSigning(SyncGit git) {
        this.git = git.signing();
        SignedChains signing = this.git;
        this.setup = CompletableFuture.supplyAsync(
                () -> {
                    try {
                        boolean signs = signing.signingKey().isPresent();
                        return new Setup(signs, !signs && signing.atHead(AllowedSigners.PATH));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                },
                task -> {
                    Thread thread = new Thread(task, "wb-sync-signing");
                    thread.setDaemon(true);
                    thread.start();
                });
    }

    private Setup setup() throws IOException {
        try {
            return setup.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof UncheckedIOException io) {
                throw io.getCause();
            }
            throw e;
        }
    }

    /** Whether this push signs: git has {@code user.signingkey}. */
    boolean signs() throws IOException {
        return setup().signs();
    }

    /** The ref fast-import writes a commit of {@code ref} (below {@code refs/wb/}) onto. */
    String target(String ref) throws IOException {
        return (signs() ? SignedChains.SCRATCH : SyncGit.OWN) + ref;
    }

    /** Notes one commit written for {@code ref}, whose tip before this push is {@code tip}. */
    void add(String ref, Optional<String> tip, String replica, long seconds, byte[] message) {
        tips.putIfAbsent(ref, tip);
        commits.computeIfAbsent(ref, r -> new ArrayList<>())
                .add(new SignedChains.Commit("wb", replica + "@replica.wb.invalid", seconds, message));
    }

    /** Signs the commits noted and moves the real refs to them; each ref's signed tip, by ref name. */
    Map<String, String> sign() throws IOException {
        List<SignedChains.Chain> chains = new ArrayList<>();
        commits.forEach((ref, list) -> chains.add(new SignedChains.Chain(ref, tips.get(ref), List.copyOf(list))));
        return git.sign(chains);
    }

    /** After an unsigned push: the warning, when the repository commits a list of allowed signers at HEAD. */
    void warnIfUnsigned(List<String> warnings) throws IOException {
        if (setup().listsSigners()) {
            warnings.add(UNSIGNED);
        }
    }

    /** A signing failure as the push reports it: nothing was moved, nothing pushed, and the next push retries. */
    static Failure failed(SignedChains.SigningException e) {
        return new Failure(
                Failure.Kind.NOT_COMPLETED,
                "git could not sign this push's commits, so no ref was moved and nothing was pushed: "
                        + SyncSetup.oneLine(e.getMessage()),
                List.of(
                        "git config --get user.signingkey   # the key git signs with; gpg.format says how (docs/SYNC.md,"
                                + " \"Signed pushes\")",
                        "git config --unset user.signingkey   # or push unsigned"));
    }
}
