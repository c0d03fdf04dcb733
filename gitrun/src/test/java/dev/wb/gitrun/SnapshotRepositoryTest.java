package dev.wb.gitrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A snapshot's private repository, made from a real live repository: the checkout that overlaps the
 * fetch, with the live store lent and without it, and the candidate written by {@code commit-tree}.
 */
class SnapshotRepositoryTest {

    /** The run's environment these tests give: this JVM's own. */
    private static final Map<String, String> ENV = System.getenv();

    @TempDir
    Path dir;

    String git(Path root, String... args) {
        List<String> argv = new ArrayList<>(List.of("git"));
        argv.addAll(List.of(args));
        return TempGitRepo.Processes.run(root, argv, TempGitRepo.gitEnvironment(), 60)
                .stdout()
                .strip();
    }

    /**
     * A live repository (in {@code folder}) with a base commit and a head commit on top: 250 files, more
     * than git's threshold (100) for writing them on parallel workers.
     */
    private String[] live(Path folder) throws IOException {
        Map<String, String> files = new HashMap<>(Map.of("a.txt", "a\n", "src/b.txt", "b\n"));
        for (int i = 0; i < 248; i++) {
            files.put("many/f" + i + ".txt", "file " + i + "\n");
        }
        String base = ScratchRepository.create(folder, files, "base", ENV);
        Files.writeString(folder.resolve("src/b.txt"), "b, changed\n");
        Files.writeString(folder.resolve("src/c.txt"), "c\n");
        String head = ScratchRepository.commitAll(folder, "head", ENV);
        return new String[] {base, head};
    }

    @Test
    void the_checkout_overlapping_the_fetch_leaves_a_repository_that_holds_its_own_objects() throws IOException {
        Path liveRoot = dir.resolve("live");
        String[] commits = live(liveRoot);
        SnapshotRepository repo = SnapshotRepository.init(dir.resolve("snap"), "sha1", ENV);

        SnapshotRepository.CheckedOut how =
                repo.fetchAndCheckout(liveRoot, List.of(commits[0], commits[1]), commits[1]);

        assertEquals(SnapshotRepository.CheckedOut.LENT, how);
        Path root = repo.root();
        assertEquals("b, changed\n", Files.readString(root.resolve("src/b.txt")));
        assertEquals("file 247\n", Files.readString(root.resolve("many/f247.txt")));
        assertEquals("c\n", Files.readString(root.resolve("src/c.txt")));
        assertEquals(commits[1], git(root, "rev-parse", "HEAD"));
        assertEquals("", git(root, "status", "--porcelain"));
        // Nothing of the loan stays: no alternates file, and every object the checkout read is here.
        assertFalse(Files.exists(root.resolve(".git/objects/info/alternates")));
        assertEquals("", git(root, "fsck", "--connectivity-only", "--no-dangling", commits[1]));
        assertEquals(commits[0], git(root, "rev-parse", commits[0] + "^{commit}"));
    }

    @Test
    void a_live_store_that_cannot_be_lent_is_fetched_first_and_checked_out_after() throws IOException {
        // A ':' separates entries of GIT_ALTERNATE_OBJECT_DIRECTORIES: such a store is never lent.
        Path liveRoot = dir.resolve("live:colon");
        String[] commits = live(liveRoot);
        SnapshotRepository repo = SnapshotRepository.init(dir.resolve("snap"), "sha1", ENV);

        SnapshotRepository.CheckedOut how = repo.fetchAndCheckout(liveRoot, List.of(commits[1]), commits[1]);

        assertEquals(SnapshotRepository.CheckedOut.NOT_LENT, how);
        assertEquals("b, changed\n", Files.readString(repo.root().resolve("src/b.txt")));
        assertEquals(commits[1], git(repo.root(), "rev-parse", "HEAD"));
    }

    @Test
    void a_checkout_that_cannot_read_what_it_was_lent_is_done_again_from_the_fetched_objects() throws IOException {
        Path liveRoot = dir.resolve("live");
        String[] commits = live(liveRoot);
        SnapshotRepository repo = SnapshotRepository.init(dir.resolve("snap"), "sha1", ENV);
        Path empty = Files.createDirectories(dir.resolve("empty-store"));

        SnapshotRepository.CheckedOut how =
                repo.fetchAndCheckout(liveRoot, List.of(commits[1]), commits[1], Optional.of(empty));

        // The checkout usually fails at once and is done again; it can only have succeeded if the fetch
        // had already filled the repository's own store. Either way the files are the commit's.
        assertNotEquals(SnapshotRepository.CheckedOut.NOT_LENT, how);
        assertEquals("b, changed\n", Files.readString(repo.root().resolve("src/b.txt")));
        assertEquals("file 0\n", Files.readString(repo.root().resolve("many/f0.txt")));
        assertEquals("", git(repo.root(), "status", "--porcelain"));
        assertEquals(
                Optional.of(liveRoot.resolve(".git/objects").toRealPath()),
                SnapshotRepository.objectStore(liveRoot, ENV).map(p -> {
                    try {
                        return p.toRealPath();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }));
    }

    @Test
    void a_fetch_that_fails_fails_the_whole_even_when_the_checkout_could_read_the_loan() throws IOException {
        Path liveRoot = dir.resolve("live");
        String[] commits = live(liveRoot);
        SnapshotRepository repo = SnapshotRepository.init(dir.resolve("snap"), "sha1", ENV);
        String missing = "0123456789abcdef0123456789abcdef01234567";

        IOException failed =
                assertThrows(IOException.class, () -> repo.fetchAndCheckout(liveRoot, List.of(missing), commits[1]));

        assertTrue(failed.getMessage().startsWith("git fetch failed in the snapshot repository"), failed.getMessage());
    }

    @Test
    void the_candidate_is_the_commit_git_commit_would_write_and_the_refs_name_it() throws IOException {
        Path liveRoot = dir.resolve("live");
        String[] commits = live(liveRoot);
        SnapshotRepository repo = SnapshotRepository.init(dir.resolve("snap"), "sha1", ENV);
        repo.fetchAndCheckout(liveRoot, List.of(commits[0], commits[1]), commits[1]);
        Files.writeString(repo.root().resolve("a.txt"), "a, in the working tree\n");
        repo.stage(List.of("a.txt"));
        String message = "wb snapshot of TASK-1\n\nbase " + commits[0] + "\nhead " + commits[1] + "\n";

        String candidate = repo.commitCandidate(commits[0], message);

        Path root = repo.root();
        assertEquals(candidate, git(root, "rev-parse", "HEAD"));
        assertEquals(candidate, git(root, "rev-parse", "refs/wb/candidate"));
        assertEquals(commits[0], git(root, "rev-parse", "refs/wb/base"));
        assertEquals(commits[1], git(root, "rev-parse", "HEAD~1"));
        assertEquals("a.txt", git(root, "diff", "--name-only", "HEAD~1", "HEAD"));
        // git commit, in the same repository state with the same identity and time, writes the same object.
        Map<String, String> env = new HashMap<>(SnapshotRepository.environment(ENV));
        git(root, "update-ref", "--no-deref", "HEAD", commits[1]);
        GitProcess.Result made = GitProcess.run(
                root,
                List.of("-c", "commit.gpgsign=false", "commit", "-q", "--allow-empty", "--no-verify", "-m", message),
                env,
                Duration.ofMinutes(1));
        assertEquals(0, made.exitCode(), made.output());
        assertEquals(candidate, git(root, "rev-parse", "HEAD"));
    }
}
