package dev.wb.commands.judge.snapshot;

import static dev.wb.commands.judge.snapshot.JudgeFixture.TASK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The review judge's definitions of a scope's {@code taskDigest}, {@code changedFiles} and {@code changeDigest},
 * computed here by hand from git's own output in real repositories with a rename, a mode change and an
 * uncommitted capsule edit, and held against {@code wb judge scope}'s.
 */
class JudgeScopeDefinitionsTest {

    static final List<String> DOCUMENTS =
            List.of("task.md", "context.md", "plan.md", "acceptance-criteria.md", "review-checklist.md");

    @TempDir
    Path tmp;

    JudgeFixture fx;

    @BeforeEach
    void repository() throws IOException {
        fx = JudgeFixture.create(tmp).capsule(TASK, "true\n");
        fx.repo.git("mv", "src/Util.java", "src/Helper.java");
        Files.setPosixFilePermissions(fx.repo.resolve("src/App.java"), PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** {@code git args} in the fixture's repository, its standard output as bytes. */
    byte[] git(String... args) {
        List<String> argv = new ArrayList<>(List.of("git"));
        argv.addAll(List.of(args));
        ProcessBuilder builder =
                new ProcessBuilder(argv).directory(fx.repo.root().toFile());
        builder.environment().putAll(TempGitRepo.gitEnvironment());
        builder.redirectError(ProcessBuilder.Redirect.DISCARD);
        try {
            Process process = builder.start();
            byte[] out = process.getInputStream().readAllBytes();
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, process.exitValue(), () -> String.join(" ", args));
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    List<String> names(String... args) {
        return new String(git(args), StandardCharsets.UTF_8)
                .lines()
                .filter(name -> !name.isEmpty())
                .toList();
    }

    /** {@code "sha256:" + hex(sha256(concat(parts)))}, the judge's digest. */
    static String digest(List<byte[]> parts) throws NoSuchAlgorithmException {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        parts.forEach(sha::update);
        return "sha256:" + HexFormat.of().formatHex(sha.digest());
    }

    static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    String taskDigestOnDisk() throws IOException, NoSuchAlgorithmException {
        List<byte[]> parts = new ArrayList<>();
        for (String name : DOCUMENTS) {
            parts.add(text(name + "\0"));
            parts.add(Files.readAllBytes(fx.repo.resolve(".workflow/TASK-1/" + name)));
            parts.add(text("\0"));
        }
        return digest(parts);
    }

    @Test
    void a_head_candidate_digests_the_capsule_on_disk_with_its_uncommitted_edit() throws Exception {
        fx.repo.commitAll("the change");
        String committed = fx.scope("main~1", new Candidate.Commit("HEAD")).taskDigest();
        fx.repo.write(".workflow/TASK-1/plan.md", "# Plan, edited after the commit\n");

        ScopeBlock scope = fx.scope("main~1", new Candidate.Commit("HEAD"));

        assertNotEquals(committed, scope.taskDigest(), "the uncommitted edit is in the digest");
        assertEquals(taskDigestOnDisk(), scope.taskDigest());
        assertEquals(
                scope.taskDigest(), fx.scope("main~1", new Candidate.Worktree()).taskDigest(), "as for WORKTREE");
    }

    @Test
    void a_commit_candidates_changed_files_and_change_digest_are_gits_with_its_rename_and_mode_change()
            throws Exception {
        fx.repo.commitAll("rename, chmod and capsule");

        ScopeBlock scope = fx.scope("main~1", new Candidate.Commit("HEAD"));

        List<String> expected = names("diff", "--name-only", "--no-ext-diff", fx.base, "HEAD", "--");
        assertEquals(expected, scope.changedFiles());
        assertTrue(scope.changedFiles().contains("src/Helper.java"), "the rename, by its new path");
        assertFalse(scope.changedFiles().contains("src/Util.java"), "its old path, as git --name-only lists it");
        assertTrue(scope.changedFiles().contains("src/App.java"), "the mode change");
        byte[] diff = git("diff", "--binary", "--no-ext-diff", fx.base, "HEAD", "--");
        assertEquals(digest(List.of(text("git-diff\0"), diff, text("excluded\0"), text("\0"))), scope.changeDigest());
    }

    @Test
    void a_worktree_candidates_changed_files_are_gits_tracked_names_and_its_untracked_files() throws Exception {
        ScopeBlock scope = fx.scope("main", new Candidate.Worktree());

        TreeSet<String> expected = new TreeSet<>(names("diff", "--name-only", "--no-ext-diff", fx.base, "--"));
        expected.addAll(names("ls-files", "--others", "--exclude-standard"));
        assertEquals(List.copyOf(expected), scope.changedFiles());
        assertTrue(scope.changedFiles().containsAll(List.of("src/Helper.java", "src/App.java")));
        assertFalse(scope.changedFiles().contains("src/Util.java"));
        ByteArrayOutputStream parts = new ByteArrayOutputStream();
        parts.writeBytes(text("git-diff\0"));
        parts.writeBytes(git("diff", "--binary", "--no-ext-diff", fx.base, "--"));
        for (String path : new TreeSet<>(names("ls-files", "--others", "--exclude-standard"))) {
            parts.writeBytes(text("untracked\0" + path + "\0"));
            parts.writeBytes(Files.readAllBytes(fx.repo.resolve(path)));
            parts.writeBytes(text("\0"));
        }
        parts.writeBytes(text("excluded\0\0"));
        assertEquals(digest(List.of(parts.toByteArray())), scope.changeDigest());
    }
}
