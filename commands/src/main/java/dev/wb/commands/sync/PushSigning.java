package dev.wb.commands.sync;

import dev.wb.commands.Failure;
import dev.wb.gitrun.SignedChains;
import dev.wb.gitrun.SyncGit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a push signs its commits, and the commits it signs (docs/SYNC.md, "Signed pushes"): when the
 * repository's git has {@code user.signingkey} set, fast-import writes the push's commits onto scratch
 * refs and git re-creates each one signed ({@link SignedChains}); otherwise they are written unsigned,
 * as before, with a warning when the repository commits {@code .workflow/allowed_signers} (whose
 * readers count only signed events).
 */
public final class PushSigning {

    /** The file of allowed signers a repository commits: read at HEAD from git, never from the work tree. */
    static final String ALLOWED_SIGNERS = ".workflow/allowed_signers";

    /** The warning of an unsigned push to a repository that lists allowed signers. */
    public static final String UNSIGNED =
            "these events are unsigned (git has no user.signingkey here), and this repository" + " commits "
                    + ALLOWED_SIGNERS + ": other clones will fetch and show them but not count them";

    /** How to sign: an ssh key, as git signs with one. */
    public static final String UNSIGNED_FIX =
            "git config user.signingkey ~/.ssh/id_ed25519.pub && git config gpg.format ssh   # then push again";

    private final SignedChains git;
    private Optional<Boolean> signs = Optional.empty();
    private final Map<String, List<SignedChains.Commit>> commits = new LinkedHashMap<>();
    private final Map<String, Optional<String>> tips = new LinkedHashMap<>();

    PushSigning(SyncGit git) {
        this.git = git.signing();
    }

    /** Whether this push signs: asked of git once, when the first commit is about to be written. */
    boolean signs() throws IOException {
        if (signs.isEmpty()) {
            signs = Optional.of(git.signingKey().isPresent());
        }
        return signs.get();
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
        if (!signs() && git.atHead(ALLOWED_SIGNERS)) {
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
