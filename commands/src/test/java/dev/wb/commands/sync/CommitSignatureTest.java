package dev.wb.commands.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.sync.trust.AllowedSigners;
import dev.wb.commands.sync.trust.CommitSignature;
import dev.wb.testkit.TempGitRepo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The in-process check of a commit's SSH signature agrees with git and OpenSSH: keys made by the real
 * {@code ssh-keygen}, commits signed by the real {@code git commit -S}, fingerprints as {@code ssh-keygen
 * -l} prints them; a commit changed after signing, an unsigned commit and a key the allowed signers do
 * not list are told apart.
 */
class CommitSignatureTest {

    @TempDir
    Path tmp;

    static TempGitRepo.ProcessResult run(Path dir, String... argv) {
        TempGitRepo.ProcessResult result =
                TempGitRepo.Processes.run(dir, List.of(argv), new HashMap<>(System.getenv()), 60);
        assertEquals(0, result.exitCode(), () -> String.join(" ", argv) + "\n" + result.stdout() + result.stderr());
        return result;
    }

    /** A new key of this type made by ssh-keygen: its private file's path. */
    static Path key(Path dir, String type, String name) {
        Path key = dir.resolve(name);
        run(dir, "ssh-keygen", "-q", "-t", type, "-N", "", "-C", name, "-f", key.toString());
        return key;
    }

    static String fingerprint(Path key) {
        // "256 SHA256:… comment (ED25519)"
        String line = run(key.getParent(), "ssh-keygen", "-l", "-E", "sha256", "-f", key + ".pub")
                .stdout();
        return line.substring(line.indexOf(' ') + 1, line.indexOf(' ', line.indexOf(' ') + 1));
    }

    byte[] signedCommit(Path key) {
        TempGitRepo repo = TempGitRepo.create(tmp, "r-" + key.getFileName());
        repo.git("config", "gpg.format", "ssh");
        repo.git("config", "user.signingkey", key + ".pub");
        repo.git("commit", "-q", "--allow-empty", "-S", "-m", "signed\n\nWb-Stream: T-1");
        return repo.git("cat-file", "commit", "HEAD").getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ed25519", "rsa", "ecdsa"})
    void a_commit_git_signed_verifies_and_names_the_key_ssh_keygen_names(String type) {
        Path key = key(tmp, type, "alice-" + type);
        CommitSignature signature = CommitSignature.of(signedCommit(key));
        CommitSignature.Good good = assertInstanceOf(CommitSignature.Good.class, signature, signature::toString);
        assertEquals(fingerprint(key), good.fingerprint());
    }

    @Test
    void a_commit_changed_after_signing_does_not_verify() {
        byte[] raw = signedCommit(key(tmp, "ed25519", "alice"));
        String text = new String(raw, StandardCharsets.UTF_8).replace("Wb-Stream: T-1", "Wb-Stream: T-2");
        CommitSignature signature = CommitSignature.of(text.getBytes(StandardCharsets.UTF_8));
        assertInstanceOf(CommitSignature.Bad.class, signature, signature::toString);
    }

    @Test
    void an_unsigned_commit_and_an_openpgp_signature_are_told_apart() {
        TempGitRepo repo = TempGitRepo.create(tmp, "plain");
        byte[] plain = repo.git("cat-file", "commit", "HEAD").getBytes(StandardCharsets.UTF_8);
        assertInstanceOf(CommitSignature.Unsigned.class, CommitSignature.of(plain));

        String pgp = """
                tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904
                author a <a@x> 1 +0000
                committer a <a@x> 1 +0000
                gpgsig -----BEGIN PGP SIGNATURE-----
                 iQEz
                 -----END PGP SIGNATURE-----

                m
                """;
        CommitSignature.Bad bad =
                assertInstanceOf(CommitSignature.Bad.class, CommitSignature.of(pgp.getBytes(StandardCharsets.UTF_8)));
        assertTrue(bad.why().contains("OpenPGP"), bad.why());
    }

    @Test
    void the_allowed_signers_name_a_listed_key_by_its_principals_and_nobody_else() throws Exception {
        Path alice = key(tmp, "ed25519", "alice");
        Path bob = key(tmp, "ed25519", "bob");
        String file = "# the team\n"
                + "alice@example.com,alice@laptop " + Files.readString(Path.of(alice + ".pub"))
                + "bob@example.com namespaces=\"file\" " + Files.readString(Path.of(bob + ".pub"))
                + "carol@example.com valid-before=\"20200101\" " + Files.readString(Path.of(bob + ".pub"))
                + "garbage\n";
        AllowedSigners signers = AllowedSigners.parse(file.getBytes(StandardCharsets.UTF_8), Instant.now());

        assertEquals(java.util.Set.of("alice@example.com", "alice@laptop"), signers.principals(fingerprint(alice)));
        assertTrue(signers.principals(fingerprint(bob)).isEmpty(), "bob's key is for files, carol's expired");
        Map<Integer, String> skipped = signers.skipped();
        assertEquals(List.of(3, 4, 5), List.copyOf(skipped.keySet()), skipped::toString);
    }

    @Test
    void git_itself_accepts_what_wb_accepts() throws Exception {
        Path alice = key(tmp, "ed25519", "alice");
        TempGitRepo repo = TempGitRepo.create(tmp, "both");
        repo.git("config", "gpg.format", "ssh");
        repo.git("config", "user.signingkey", alice + ".pub");
        repo.git("commit", "-q", "--allow-empty", "-S", "-m", "signed");
        Path allowed = tmp.resolve("allowed");
        Files.writeString(allowed, "alice@example.com " + Files.readString(Path.of(alice + ".pub")));
        String verified = repo.git("-c", "gpg.ssh.allowedSignersFile=" + allowed, "log", "-1", "--format=%G? %GK");
        CommitSignature.Good good = assertInstanceOf(
                CommitSignature.Good.class,
                CommitSignature.of(repo.git("cat-file", "commit", "HEAD").getBytes(StandardCharsets.UTF_8)));
        assertEquals("G " + good.fingerprint(), verified.strip());
    }
}
