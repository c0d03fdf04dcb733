package dev.wb.commands.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.ci.CiCheck;
import dev.wb.commands.merged.Replica;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.commands.verify.ImplVerify;
import dev.wb.engine.TaskKey;
import dev.wb.projections.events.Verdict;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two clones with different signing keys (real ed25519 keys from ssh-keygen, real signatures by git)
 * share a task through a real remote: a CI clone counts both while {@code .workflow/allowed_signers}
 * lists both and {@code wb ci check} passes, naming whose claims it counted; once one signer is removed
 * from the file on the base branch, that signer's claims count for nothing and the check fails, naming
 * the replica and the key.
 */
class SignedSyncTest {

    static final TaskKey KEY = TaskKey.parse("T-2").orElseThrow();

    static final String PLAN = """
            {"schema":1,"key":"T-2","preset":"startup","persona":"fullstack-specialist",
             "objective":"Raise the value.",
             "evidence":[{"claim":"value is one","file":"src/app.py","line":2,"quote":"value = 1"}],
             "files":[{"path":"src/app.py","change":"edit","why":"raise it"}],"zones":{},
             "steps":[{"do":"set value to 2"}],
             "tests":[{"kind":"regression","target":"src/app.py","asserts":"value is 2"}],
             "verify":["make -s check"],"rollback":"revert the commit","product":{},"questions":[]}
            """;

    @TempDir
    Path tmp;

    Path remote;
    TempGitRepo alice;
    TempGitRepo bob;
    Path aliceKey;
    Path bobKey;
    Map<String, String> env;

    static Path key(Path dir, String name) {
        Path key = dir.resolve(name);
        TempGitRepo.ProcessResult made = TempGitRepo.Processes.run(
                dir,
                List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", key.toString()),
                new HashMap<>(System.getenv()),
                60);
        assertEquals(0, made.exitCode(), made::stderr);
        return key;
    }

    static String signer(String principal, Path key) throws IOException {
        return principal + " " + Files.readString(Path.of(key + ".pub"));
    }

    @BeforeEach
    void clones() throws IOException {
        Path keys = Files.createDirectories(tmp.resolve("keys"));
        aliceKey = key(keys, "alice");
        bobKey = key(keys, "bob");
        remote = TempGitRepo.createBare(tmp, "remote.git");
        TempGitRepo seed = TempGitRepo.create(tmp, "seed");
        seed.write("src/app.py", "# app\nvalue = 1\n");
        seed.write("Makefile", "check:\n\t@true\n");
        seed.write(
                ".workflow/T-2/sdd.json",
                ForgedReplicaTest.plan()
                        .replace("\"verify\":[\"true\"]", "\"verify\":[\"make -s check\"]")
                        .replace("tests/test_app.py", "src/app.py"));
        seed.write(
                ".workflow/allowed_signers", signer("alice@example.com", aliceKey) + signer("bob@example.com", bobKey));
        seed.commitAll("app, its plan, and who may sign");
        seed.git("push", "-q", remote.toString(), "main");
        alice = signing(TempGitRepo.cloneOf(remote, tmp, "alice"), aliceKey);
        bob = signing(TempGitRepo.cloneOf(remote, tmp, "bob"), bobKey);
        env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
    }

    static TempGitRepo signing(TempGitRepo clone, Path key) {
        clone.git("config", "gpg.format", "ssh");
        clone.git("config", "user.signingkey", key + ".pub");
        return clone;
    }

    Session session(TempGitRepo repo) {
        return Session.open(Workspace.require(repo.root()), env, Clock.systemUTC());
    }

    String replica(TempGitRepo repo) {
        return Replica.existing(Workspace.require(repo.root())).orElseThrow().id();
    }

    /** A fresh clone of the pull request's branch that fetches the histories and runs the check against origin/main. */
    CiCheck.Result ci(String name) {
        TempGitRepo ci = TempGitRepo.cloneOf(remote, tmp, name);
        ci.git("checkout", "-q", "task/T-2");
        try (Session s = session(ci)) {
            SyncFetch.run(s, "origin");
        }
        try (Session s = session(ci)) {
            return CiCheck.run(s, KEY, "origin/main");
        }
    }

    @Test
    void both_signers_allowed_pass_ci_and_a_removed_signer_fails_it_by_name() throws IOException {
        try (Session s = session(alice)) {
            assertTrue(SddAudit.run(s, KEY, false).passed());
            SyncPush.run(s, "origin");
        }
        try (Session s = session(bob)) {
            SyncFetch.run(s, "origin");
        }
        bob.git("checkout", "-q", "-b", "task/T-2");
        bob.write("src/app.py", "# app\nvalue = 2\n");
        bob.commitAll("raise the value");
        bob.git("push", "-q", "origin", "task/T-2");
        try (Session s = session(bob)) {
            ImplVerify.Result verified = ImplVerify.run(s, KEY, System.getenv(), ImplVerify.Progress.NONE);
            assertEquals(Verdict.PASS, verified.verdict(), verified::toString);
            SyncPush.run(s, "origin");
        }

        CiCheck.Result both = ci("ci-both");
        assertTrue(both.passed(), both::toString);
        assertEquals(
                List.of(
                        "counted replica " + replica(alice) + ": signed by alice@example.com"
                                + " (.workflow/allowed_signers at "
                                + both.base().substring(0, 12) + ")",
                        "counted replica " + replica(bob) + ": signed by bob@example.com"
                                + " (.workflow/allowed_signers at "
                                + both.base().substring(0, 12) + ")"),
                both.trust().stream()
                        .sorted(java.util.Comparator.comparing((String l) -> !l.contains("alice")))
                        .toList());
        assertTrue(both.checks().get(2).detail().contains("run on replica " + replica(bob)), both::toString);

        alice.write(".workflow/allowed_signers", signer("alice@example.com", aliceKey));
        alice.commitAll("bob no longer signs for this repository");
        alice.git("push", "-q", "origin", "main");

        CiCheck.Result one = ci("ci-one");
        assertFalse(one.passed(), one::toString);
        assertFalse(one.checks().get(2).passed(), "bob's verify run counts for nothing now: " + one);
        String bobFingerprint = CommitSignatureTest.fingerprint(bobKey);
        assertTrue(
                one.trust()
                        .contains("not counted: replica " + replica(bob) + ": signed by key " + bobFingerprint
                                + ", which .workflow/allowed_signers at "
                                + one.base().substring(0, 12) + " does not list"),
                one.trust()::toString);
        assertTrue(
                one.trust().stream().anyMatch(l -> l.startsWith("counted replica " + replica(alice))),
                one.trust()::toString);
    }
}
