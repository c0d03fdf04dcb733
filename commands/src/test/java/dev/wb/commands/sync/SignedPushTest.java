package dev.wb.commands.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.gitrun.SyncGit;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Signed pushes with real processes and a real key: an ed25519 key made by {@code ssh-keygen}, git set
 * to sign with it ({@code gpg.format ssh}, {@code user.signingkey}), and every commit a push writes
 * checked by git's own {@code verify-commit} and {@code %G?}; a broken signing setup moves nothing.
 */
class SignedPushTest {

    static final StreamId TASK = new StreamId("S-1");

    @TempDir
    Path tmp;

    Path remote;
    TempGitRepo clone;
    TempGitRepo reader;
    Map<String, String> env;
    Path key;
    Path allowedSigners;

    @BeforeEach
    void clones() throws IOException {
        remote = TempGitRepo.createBare(tmp, "remote.git");
        TempGitRepo seed = TempGitRepo.create(tmp, "seed");
        seed.git("push", "-q", remote.toString(), "main");
        clone = TempGitRepo.cloneOf(remote, tmp, "clone");
        reader = TempGitRepo.cloneOf(remote, tmp, "reader");
        env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
        key = tmp.resolve("key");
        TempGitRepo.ProcessResult made = TempGitRepo.Processes.run(
                tmp,
                List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "wb-test", "-f", key.toString()),
                env,
                60);
        assertEquals(0, made.exitCode(), made.stderr());
        String publicKey = Files.readString(tmp.resolve("key.pub")).strip();
        allowedSigners = Files.writeString(tmp.resolve("allowed_signers"), "* " + publicKey + "\n");
    }

    void signWith(String signingKey) {
        clone.git("config", "gpg.format", "ssh");
        clone.git("config", "user.signingkey", signingKey);
    }

    Session session(TempGitRepo repo) {
        return Session.open(Workspace.require(repo.root()), env, Clock.systemUTC());
    }

    void record(TempGitRepo repo, int count) {
        try (Session s = session(repo)) {
            List<NewEvent> batch = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                batch.add(new NewEvent("test.noted", 1, CanonicalJson.object(Map.of("text", "event " + i))));
            }
            s.log().append(TASK, ExpectedVersion.any(), batch, s.invocation());
        }
    }

    SyncPush.Result push(TempGitRepo repo) {
        try (Session s = session(repo)) {
            return SyncPush.run(s, "origin");
        }
    }

    String ref(SyncPush.Result result) {
        return SyncGit.OWN + result.exported().get(0).ref();
    }

    /** Every commit of {@code ref} (newest first) that verifies against the allowed signers, by git itself. */
    void assertSigned(String ref) {
        List<String> commits = clone.git("rev-list", ref).lines().toList();
        for (String commit : commits) {
            TempGitRepo.ProcessResult verified = TempGitRepo.Processes.run(
                    clone.root(),
                    List.of("git", "-c", "gpg.ssh.allowedSignersFile=" + allowedSigners, "verify-commit", commit),
                    TempGitRepo.gitEnvironment(),
                    60);
            assertEquals(0, verified.exitCode(), () -> commit + " does not verify: " + verified.stderr());
        }
        String marks = clone.git("-c", "gpg.ssh.allowedSignersFile=" + allowedSigners, "log", "--format=%G?", ref);
        assertEquals(commits.size(), marks.lines().filter("G"::equals).count(), marks);
    }

    @Test
    void every_commit_of_a_signed_push_is_signed_by_git_and_the_next_push_extends_it_signed() {
        signWith(tmp.resolve("key.pub").toString());
        record(clone, 3);
        SyncPush.Result first = push(clone);
        String ref = ref(first);
        assertEquals(3, first.events());
        assertEquals(List.of(), first.warnings());
        assertSigned(ref);
        String tip = clone.git("rev-parse", ref).strip();
        assertEquals(
                tip, clone.git("--git-dir", remote.toString(), "rev-parse", ref).strip(), "the signed tip was pushed");
        assertEquals("", clone.git("for-each-ref", "refs/wb-unsigned/"), "no scratch ref is left");

        record(clone, 1);
        SyncPush.Result second = push(clone);
        assertEquals(1, second.events());
        assertSigned(ref);
        assertEquals(tip, clone.git("rev-parse", ref + "^").strip(), "the second push extends the first");
        assertEquals(
                clone.git("rev-parse", ref).strip(),
                clone.git("--git-dir", remote.toString(), "rev-parse", ref).strip());
        assertEquals("", clone.git("for-each-ref", "refs/wb-unsigned/"));

        // The record of exported commits holds the signed bytes: a third push with nothing new reads nothing
        // it cannot check, and another clone fetches the signed history and verifies it as any other.
        assertEquals(0, push(clone).events());
        try (Session s = session(reader)) {
            assertEquals(4, SyncFetch.run(s, "origin").events());
        }
    }

    @Test
    void a_broken_signing_setup_moves_nothing_pushes_nothing_and_the_next_push_retries() {
        signWith(tmp.resolve("key.pub").toString());
        record(clone, 2);
        String ref = ref(push(clone));
        String tip = clone.git("rev-parse", ref).strip();

        signWith(tmp.resolve("missing.pub").toString());
        record(clone, 1);
        Failure failure = assertThrows(Failure.class, () -> push(clone));
        assertEquals(Failure.Kind.NOT_COMPLETED, failure.kind());
        assertTrue(failure.getMessage().contains("could not sign"), failure.getMessage());
        assertTrue(failure.getMessage().contains("nothing was pushed"), failure.getMessage());
        assertEquals(tip, clone.git("rev-parse", ref).strip(), "the local ref did not move");
        assertEquals(
                tip, clone.git("--git-dir", remote.toString(), "rev-parse", ref).strip(), "nothing was pushed");
        assertEquals("", clone.git("for-each-ref", "refs/wb-unsigned/"), "no scratch ref is left");

        signWith(tmp.resolve("key.pub").toString());
        SyncPush.Result retried = push(clone);
        assertEquals(1, retried.events());
        assertEquals(tip, clone.git("rev-parse", ref + "^").strip());
        assertSigned(ref);
    }

    @Test
    void an_unsigned_push_warns_only_where_the_repository_commits_allowed_signers() {
        record(clone, 1);
        SyncPush.Result plain = push(clone);
        assertEquals(List.of(), plain.warnings());
        assertEquals("N", clone.git("log", "-1", "--format=%G?", ref(plain)).strip());

        clone.write(".workflow/allowed_signers", "* " + tmp.resolve("key.pub") + "\n");
        clone.git("add", "-f", ".workflow/allowed_signers");
        clone.git("commit", "-q", "-m", "allowed signers");
        record(clone, 1);
        SyncPush.Result warned = push(clone);
        assertEquals(1, warned.events());
        assertEquals(List.of(PushSigning.UNSIGNED), warned.warnings());
    }
}
