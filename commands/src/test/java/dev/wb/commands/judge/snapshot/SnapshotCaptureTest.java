package dev.wb.commands.judge.snapshot;

import static dev.wb.commands.judge.snapshot.JudgeFixture.ENV;
import static dev.wb.commands.judge.snapshot.JudgeFixture.TASK;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Failure;
import dev.wb.commands.judge.core.Timings;
import dev.wb.engine.Digests;
import dev.wb.engine.TaskKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb judge snapshot}: an immutable capture that never touches the live repository. */
class SnapshotCaptureTest {

    @TempDir
    Path tmp;

    JudgeFixture fx;

    @BeforeEach
    void repository() {
        fx = JudgeFixture.create(tmp).capsule(TASK, "true\n");
        fx.repo.write("src/App.java", "class App { int x; }\n");
        fx.repo.write("src/New.java", "class New {}\n");
    }

    @Test
    void the_snapshot_holds_base_and_candidate_with_the_working_tree_laid_over() throws IOException {
        Snapshot snapshot = fx.snapshot("main", false).snapshot();

        assertTrue(snapshot.id().matches("[0-9a-f]{20}"));
        assertEquals(
                "class App { int x; }\n", Files.readString(snapshot.worktree().resolve("src/App.java")));
        assertEquals("class New {}\n", Files.readString(snapshot.worktree().resolve("src/New.java")));
        assertEquals(fx.base, snapshot.base());
        assertEquals(Snapshots.dir(fx.workspace()).resolve(snapshot.id()), snapshot.dir());
        assertEquals(
                snapshot, Snapshots.load(fx.workspace(), snapshot.id(), ENV).withDir(snapshot.dir()));
    }

    @Test
    void the_live_repository_is_untouched_byte_for_byte() throws IOException {
        fx.repo.git("add", "src/App.java");
        fx.repo.write("stash-me.txt", "x\n");
        fx.repo.git("stash", "push", "-q", "--include-untracked", "--", "stash-me.txt");
        Map<String, String> before = tree(fx.repo.root());
        String status = fx.repo.git("status", "--porcelain=v1");

        fx.snapshot("main", false);

        assertEquals(before, tree(fx.repo.root()));
        assertEquals(status, fx.repo.git("status", "--porcelain=v1"));
    }

    @Test
    void the_snapshot_scope_binds_the_worktree_boundary_it_captured_computed_from_the_snapshot_itself() {
        ScopeBlock live = fx.scope("main", new Candidate.Worktree());
        Snapshot snapshot = fx.snapshot("main", false).snapshot();

        ScopeBlock captured = fx.scope("main", new Candidate.Snapshot(snapshot.id()));

        assertEquals(live.changedFiles(), captured.changedFiles());
        assertEquals(live.excludedPaths(), captured.excludedPaths());
        assertEquals(live.taskDigest(), captured.taskDigest());
        assertEquals(live.baseCommit(), captured.baseCommit());
        assertEquals(snapshot.label(), captured.candidate());
        assertEquals(snapshot.candidateCommit(), captured.candidateCommit(), "the captured tree's own commit");
        assertEquals(snapshot.scope().toJson(), captured.toJson());
    }

    @Test
    void an_empty_boundary_is_refused_and_leaves_no_folder() throws IOException {
        JudgeFixture clean = JudgeFixture.create(tmp.resolve("clean")).capsule(TASK, "true\n");
        clean.repo.commitAll("capsule");

        Failure failure = assertThrows(Failure.class, () -> clean.snapshot("HEAD", false));

        assertTrue(failure.getMessage().contains("empty"), failure.getMessage());
        Path dir = Snapshots.dir(clean.workspace());
        try (Stream<Path> left = Files.exists(dir) ? Files.list(dir) : Stream.empty()) {
            assertEquals(List.of(), left.toList());
        }
    }

    @Test
    void allow_empty_is_recorded_and_bound_into_the_id() {
        JudgeFixture clean = JudgeFixture.create(tmp.resolve("clean")).capsule(TASK, "true\n");
        clean.repo.commitAll("capsule");

        Snapshot snapshot = clean.snapshot("HEAD", true).snapshot();

        assertTrue(snapshot.emptyBoundaryAuthorized());
        assertEquals(List.of(), snapshot.scope().changedFiles());
        Snapshot unauthorised = new Snapshot(
                snapshot.id(),
                snapshot.origin(),
                snapshot.commits(),
                snapshot.scope().withEmptyBoundaryAuthorized(false),
                snapshot.content(),
                snapshot.lineage(),
                snapshot.dir());
        assertNotEquals(unauthorised.expectedId(), snapshot.id());
    }

    @Test
    void a_foreign_capsule_stops_the_capture_and_leaves_no_folder() throws IOException {
        fx.capsule(new TaskKey("TASK-2"), "true\n");

        assertThrows(Failure.class, () -> fx.snapshot("main", false));

        try (Stream<Path> left = Files.list(Snapshots.dir(fx.workspace())
                .getParent()
                .getParent()
                .resolve("judge")
                .resolve("snapshots"))) {
            assertEquals(List.of(), left.toList());
        } catch (NoSuchFileException none) {
            // nothing was created at all
        }
    }

    @Test
    void a_file_changed_and_restored_after_capture_reads_as_modified() throws Exception {
        Snapshot snapshot = fx.snapshot("main", false).snapshot();
        Path file = snapshot.worktree().resolve("src/Util.java");
        byte[] original = Files.readAllBytes(file);
        Thread.sleep(20);
        Files.writeString(file, "tampered\n");
        Files.write(file, original);

        assertArrayEquals(original, Files.readAllBytes(file));
        Failure failure = assertThrows(Failure.class, () -> Snapshots.load(fx.workspace(), snapshot.id(), ENV));
        assertTrue(failure.getMessage().contains("src/Util.java"), failure.getMessage());
    }

    @Test
    void a_file_created_and_deleted_inside_a_tracked_folder_reads_as_modified() throws Exception {
        Snapshot snapshot = fx.snapshot("main", false).snapshot();
        Thread.sleep(20);
        Path stray = snapshot.worktree().resolve("src/Stray.java");
        Files.writeString(stray, "x");
        Files.delete(stray);

        Failure failure = assertThrows(Failure.class, () -> Snapshots.load(fx.workspace(), snapshot.id(), ENV));
        assertTrue(failure.getMessage().contains("src"), failure.getMessage());
    }

    @Test
    void a_snapshot_in_an_older_format_is_refused_as_legacy() throws IOException {
        Snapshot snapshot = fx.snapshot("main", false).snapshot();
        Path metadata = snapshot.dir().resolve(Snapshot.METADATA);
        Files.writeString(
                metadata, Files.readString(metadata).replace("\"format\" : " + Snapshot.FORMAT, "\"format\" : 5"));

        Failure failure = assertThrows(Failure.class, () -> Snapshots.load(fx.workspace(), snapshot.id(), ENV));

        assertTrue(failure.getMessage().contains("legacy format"), failure.getMessage());
        assertEquals(Failure.Kind.MISSING, failure.kind());
    }

    @Test
    void edited_metadata_no_longer_answers_to_its_id() throws IOException {
        Snapshot snapshot = fx.snapshot("main", false).snapshot();
        Path metadata = snapshot.dir().resolve(Snapshot.METADATA);
        Files.writeString(metadata, Files.readString(metadata).replace("\"src/New.java\"", "\"src/Other.java\""));

        Failure failure = assertThrows(Failure.class, () -> Snapshots.load(fx.workspace(), snapshot.id(), ENV));

        assertTrue(failure.getMessage().contains("not intact"), failure.getMessage());
    }

    @Test
    void blocked_paths_are_withheld_and_a_blocked_untracked_file_does_not_abort() throws IOException {
        fx.repo.write("config/.env.prod", "TOKEN=committed\n");
        fx.repo.git("add", "config/.env.prod");
        fx.repo.git("commit", "-q", "-m", "tracked secret");
        String base = fx.repo.git("rev-parse", "HEAD").strip();
        fx.repo.write("config/.env.prod", "TOKEN=live\n");
        fx.repo.write(".env.local", "TOKEN=untracked\n");
        fx.repo.write(".workflow/policy.json", "{\"blockedReadPatterns\": [\".env*\"]}\n");

        Snapshot snapshot = fx.snapshot(base, false).snapshot();

        assertEquals(List.of(".env.local", "config/.env.prod"), snapshot.scope().excludedPaths());
        assertFalse(Files.exists(snapshot.worktree().resolve("config/.env.prod")));
        assertFalse(Files.exists(snapshot.worktree().resolve(".env.local")));
        assertFalse(snapshot.scope().changedFiles().contains("config/.env.prod"));
        Snapshots.load(fx.workspace(), snapshot.id(), ENV);
    }

    @Test
    void capturing_the_same_boundary_again_is_a_new_snapshot_of_the_same_boundary_and_content() {
        Snapshot first = fx.snapshot("main", false).snapshot();
        Snapshot second = fx.snapshot("main", false).snapshot();

        assertNotEquals(first.id(), second.id(), "the id binds the capture's own change times");
        assertNotEquals(first.scope().scopeDigest(), second.scope().scopeDigest(), "the scope names its snapshot");
        assertEquals(first.scope().changeDigest(), second.scope().changeDigest());
        assertEquals(first.scope().taskDigest(), second.scope().taskDigest());
        assertEquals(first.contentDigest(), second.contentDigest());
    }

    @Test
    void a_damaged_snapshot_does_not_stand_in_the_way_of_a_new_capture() throws IOException {
        Snapshot damaged = fx.snapshot("main", false).snapshot();
        Path file = damaged.worktree().resolve("src/App.java");
        Files.write(file, Files.readAllBytes(file));

        Snapshot fresh = fx.snapshot("main", false).snapshot();

        assertNotEquals(damaged.id(), fresh.id());
        Snapshots.load(fx.workspace(), fresh.id(), ENV);
    }

    @Test
    void editing_the_overlay_in_the_metadata_leaves_a_snapshot_that_answers_to_no_id() throws IOException {
        Snapshot snapshot = fx.snapshot("main", false).snapshot();
        Path metadata = snapshot.dir().resolve(Snapshot.METADATA);
        String evil = Digests.sha256("EVIL\n".getBytes(StandardCharsets.UTF_8));
        String text = Files.readString(metadata);
        String recorded = snapshot.overlay().stream()
                .filter(f -> f.path().equals("src/App.java"))
                .findFirst()
                .orElseThrow()
                .sha256()
                .orElseThrow();
        Files.writeString(metadata, text.replace(recorded, evil));

        Failure failure = assertThrows(Failure.class, () -> Snapshots.load(fx.workspace(), snapshot.id(), ENV));

        assertTrue(failure.getMessage().contains("no longer answers to its id"), failure.getMessage());
    }

    @Test
    void a_folder_replaced_by_a_file_is_captured() throws IOException {
        fx.repo.write("lib/x.txt", "x\n");
        fx.repo.git("add", "lib/x.txt");
        fx.repo.git("commit", "-q", "-m", "lib");
        Files.delete(fx.repo.resolve("lib/x.txt"));
        Files.delete(fx.repo.resolve("lib"));
        fx.repo.write("lib", "now a file\n");

        Snapshot snapshot = fx.snapshot("main", false).snapshot();

        assertEquals("now a file\n", Files.readString(snapshot.worktree().resolve("lib")));
        assertTrue(
                snapshot.scope().changedFiles().containsAll(List.of("lib", "lib/x.txt")),
                snapshot.scope().changedFiles().toString());
    }

    @Test
    void a_git_dir_inherited_from_a_hook_does_not_point_the_snapshot_at_the_live_repository() {
        Map<String, String> env = new HashMap<>(ENV);
        env.put("GIT_DIR", fx.repo.resolve(".git").toString());
        env.put("GIT_WORK_TREE", fx.repo.root().toString());

        Snapshot snapshot = SnapshotCapture.capture(
                        fx.workspace(),
                        new SnapshotCapture.Request(TASK, "main", List.of(), false),
                        env,
                        Clock.systemUTC(),
                        Timings.OFF)
                .snapshot();

        assertEquals(
                snapshot.id(),
                Snapshots.load(fx.workspace(), snapshot.id(), ENV).id());
        assertEquals(fx.base, fx.repo.git("rev-parse", "HEAD").strip(), "the live HEAD did not move");
    }

    @Test
    void a_snapshots_refs_are_read_by_the_git_on_the_path_of_the_runs_environment() {
        Snapshot snapshot = fx.snapshot("main", false).snapshot();
        Map<String, String> noGit = new HashMap<>(ENV);
        noGit.put("PATH", tmp.resolve("no-git-here").toString());

        Failure failure = assertThrows(Failure.class, () -> Snapshots.load(fx.workspace(), snapshot.id(), noGit));

        assertTrue(failure.getMessage().contains("git was not found on PATH"), failure.getMessage());
    }

    /** Every file under the repository (the wb folder aside) by path and content. */
    private static Map<String, String> tree(Path root) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.filter(Files::isRegularFile).toList()) {
                String rel = root.relativize(path).toString();
                if (!rel.startsWith(".workflow/local")) {
                    files.put(rel, Digests.sha256(Files.readAllBytes(path)));
                }
            }
        }
        return files;
    }
}
