package dev.wb.commands.judge.snapshot;

import static dev.wb.commands.judge.snapshot.JudgeFixture.ENV;
import static dev.wb.commands.judge.snapshot.JudgeFixture.TASK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.lock.RunLock;
import dev.wb.commands.judge.record.CatchUpCapture;
import dev.wb.commands.judge.run.JudgeRun;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.judge.JudgeSnapshotsPruned;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb judge prune}: the newest kept with their ancestors, a dry run by default, broken folders left. */
class JudgePruneTest {

    @TempDir
    Path tmp;

    JudgeFixture fx;
    Path snapshots;

    @BeforeEach
    void repository() {
        fx = JudgeFixture.create(tmp);
        snapshots = Snapshots.dir(fx.workspace());
    }

    static String id(int n) {
        return String.format("%020x", n);
    }

    /** A snapshot folder as prune sees it: metadata only (prune never runs the integrity check). */
    Path fake(String id, String createdAt, String parent, int receipts) throws IOException {
        Path dir = snapshots.resolve(id);
        Files.createDirectories(dir.resolve("worktree/src"));
        Files.writeString(dir.resolve("worktree/src/App.java"), "class App {}\n");
        ObjectNode meta = CanonicalJson.objectNode();
        meta.put("format", Snapshot.FORMAT);
        meta.put("id", id);
        meta.put("taskId", "TASK-1");
        if (createdAt != null) {
            meta.put("createdAt", createdAt);
        }
        if (parent == null) {
            meta.putNull("parent");
        } else {
            meta.put("parent", parent);
        }
        Files.writeString(dir.resolve(Snapshot.METADATA), CanonicalJson.text(meta, true));
        for (int i = 0; i < receipts; i++) {
            Files.createDirectories(dir.resolve("receipts"));
            Files.writeString(dir.resolve("receipts/" + i + ".json"), "{}");
        }
        return dir;
    }

    JudgePrune.Result prune(int keep, boolean force) {
        try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
            return JudgePrune.prune(session, keep, force, Clock.systemUTC());
        }
    }

    List<EventEnvelope> pruned() {
        try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
            return session.reader().read(StreamId.workspace()).stream()
                    .filter(e -> e.type().equals(JudgeSnapshotsPruned.TYPE.name()))
                    .toList();
        }
    }

    @Test
    void keeping_one_keeps_a_catch_ups_parent_and_deletes_the_rest_with_their_receipts() throws Exception {
        fx.capsule(TASK, "true\n");
        fx.repo.write("src/App.java", "class App { int w; }\n");
        Snapshot older = fx.snapshot("main", false).snapshot();
        try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
            JudgeRun.run(
                    session,
                    new JudgeRun.Request(TASK, older.id(), List.of("true"), false, false, Optional.empty()),
                    ENV,
                    Clock.systemUTC(),
                    Timings.OFF,
                    JudgeRun.Progress.NONE);
        }
        Thread.sleep(5);
        fx.repo.write("src/App.java", "class App { int x; }\n");
        Snapshot parent = fx.snapshot("main", false).snapshot();
        String receipt;
        try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
            receipt = JudgeRun.run(
                            session,
                            new JudgeRun.Request(TASK, parent.id(), List.of("true"), false, false, Optional.empty()),
                            ENV,
                            Clock.systemUTC(),
                            Timings.OFF,
                            JudgeRun.Progress.NONE)
                    .receipt()
                    .orElseThrow()
                    .digest();
        }
        Path record = writeRecord(parent);
        fx.repo.write("src/App.java", "class App { int x; int y; }\n");
        Thread.sleep(5);
        Snapshot child = CatchUpCapture.capture(
                        fx.workspace(),
                        new CatchUpCapture.Request(
                                TASK, record, Optional.of(receipt), List.of(), false, Optional.empty()),
                        ENV,
                        Clock.systemUTC(),
                        Timings.OFF)
                .snapshot();

        JudgePrune.Result preview = prune(1, false);
        JudgePrune.Result done = prune(1, true);

        for (JudgePrune.Result result : List.of(preview, done)) {
            assertEquals(List.of(child.id(), parent.id()), result.plan().kept());
            assertEquals(List.of(older.id()), result.plan().deleted());
        }
        JudgePrune.Entry kept = done.plan().snapshots().get(1);
        assertEquals(JudgePrune.Why.ANCESTOR, kept.why());
        assertEquals(Optional.of(child.id()), kept.ancestorOf());
        assertEquals(1, kept.receipts());
        assertEquals(1, done.plan().snapshots().get(2).receipts(), "the older snapshot's receipt goes with it");
        assertFalse(Files.exists(older.dir()));
        assertTrue(Files.exists(parent.receipts()));
        assertEquals(
                child,
                Snapshots.load(fx.workspace(), child.id(), ENV).withDir(child.dir()),
                "the kept catch-up still loads: its ancestor is whole");
    }

    Path writeRecord(Snapshot snapshot) throws IOException {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("schemaVersion", 6);
        doc.put("taskId", TASK.value());
        doc.set(
                "scope",
                fx.scope(snapshot.base(), new Candidate.Snapshot(snapshot.id())).toJson());
        doc.put("verdict", "APPROVED");
        doc.putArray("tests").addObject().put("command", "true").put("status", "passed");
        doc.putArray("criteria")
                .addObject()
                .put("id", "AC-1")
                .put("status", "pass")
                .put("evidence", "App has x");
        doc.putArray("observations");
        doc.put("reviewedAt", "2026-11-30T10:00:00Z");
        Path file = fx.repo.resolve(".workflow/local/judge/TASK-1/review.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, CanonicalJson.text(doc, true));
        return file;
    }

    @Test
    void a_dry_run_deletes_nothing_and_records_nothing() throws IOException {
        fake(id(1), "2026-01-01T10:00:00Z", null, 1);
        fake(id(2), "2026-01-02T10:00:00Z", null, 0);
        fake(id(3), "2026-01-03T10:00:00Z", id(1), 0);

        JudgePrune.Result result = prune(1, false);

        assertTrue(result.dryRun());
        assertEquals(List.of(id(3), id(1)), result.plan().kept(), "the newest, and the parent it needs");
        assertEquals(List.of(id(2)), result.plan().deleted());
        assertTrue(Files.isDirectory(snapshots.resolve(id(2))));
        assertTrue(result.event().isEmpty());
        assertTrue(pruned().isEmpty());
        assertTrue(result.toJson().get("dryRun").asBoolean());
    }

    @Test
    void forcing_deletes_and_records_one_event_on_the_workspace_stream() throws IOException {
        fake(id(1), "2026-01-01T10:00:00Z", null, 2);
        fake(id(2), "2026-01-02T10:00:00Z", null, 0);
        fake(id(3), "2026-01-02T12:00:00+05:00", null, 0);
        Files.createDirectories(snapshots.resolve("junk"));

        JudgePrune.Result result = prune(2, true);

        assertFalse(result.dryRun());
        assertFalse(Files.exists(snapshots.resolve(id(1))));
        assertTrue(Files.isDirectory(snapshots.resolve(id(2))));
        assertTrue(Files.isDirectory(snapshots.resolve(id(3))));
        List<EventEnvelope> events = pruned();
        assertEquals(1, events.size());
        assertEquals(result.event().orElseThrow().eventId(), events.get(0).eventId());
        JsonNode payload = events.get(0).payload().json();
        assertEquals(List.of("broken", "deleted", "keep", "kept"), sortedNames(payload));
        assertEquals(2, payload.get("keep").asInt());
        assertEquals(List.of(id(1)), texts(payload.get("deleted")));
        assertEquals(
                List.of(id(2), id(3)),
                texts(payload.get("kept")),
                "newest first: 12:00+05:00 is 07:00Z, before id 2's 10:00Z");
        assertEquals(
                ".workflow/local/judge/snapshots/junk",
                payload.get("broken").get(0).get("dir").asText());
    }

    @Test
    void broken_folders_are_reported_and_left() throws IOException {
        Files.createDirectories(snapshots.resolve("junk"));
        Files.createDirectories(snapshots.resolve(id(7)));
        Files.createDirectories(snapshots.resolve(id(8)));
        Files.writeString(snapshots.resolve(id(8)).resolve(Snapshot.METADATA), "{not json");
        fake(id(9), "2026-01-01T10:00:00Z", null, 0);
        Files.writeString(snapshots.resolve(id(9)).resolve(Snapshot.METADATA), "{\"id\": \"" + id(10) + "\"}");
        fake(id(11), "2026-01-01T10:00:00Z", "not-an-id", 0);
        Files.writeString(snapshots.resolve("stray.txt"), "x");
        Files.createSymbolicLink(snapshots.resolve(id(12)), tmp);

        JudgePrune.Result result = prune(0, true);

        List<String> dirs =
                result.plan().broken().stream().map(JudgePrune.Broken::dir).toList();
        String prefix = ".workflow/local/judge/snapshots/";
        assertEquals(
                List.of(
                        prefix + id(7),
                        prefix + id(8),
                        prefix + id(9),
                        prefix + id(11),
                        prefix + id(12),
                        prefix + "junk",
                        prefix + "stray.txt"),
                dirs);
        assertTrue(
                result.plan().broken().stream().allMatch(b -> b.reason().endsWith("left in place")),
                result.plan().broken().toString());
        assertTrue(result.plan().broken().get(0).reason().contains("no snapshot.json"));
        assertTrue(result.plan().broken().get(1).reason().contains("not valid JSON"));
        assertTrue(result.plan().broken().get(2).reason().contains("names another id"));
        assertTrue(result.plan().broken().get(3).reason().contains("malformed parent"));
        assertTrue(result.plan().broken().get(4).reason().contains("symbolic link"));
        for (String dir : dirs) {
            assertTrue(Files.exists(fx.repo.resolve(dir), LinkOption.NOFOLLOW_LINKS), dir);
        }
        assertTrue(Files.isDirectory(tmp), "the link's target is untouched");
        assertEquals(7, pruned().get(0).payload().json().get("broken").size());
    }

    @Test
    void leftover_capture_folders_are_removed_but_a_recent_one_is_left() throws IOException {
        Path stale = snapshots.resolve(".capture-1111");
        Files.createDirectories(stale.resolve("worktree"));
        Files.writeString(stale.resolve("worktree/file"), "x");
        FileTime old = FileTime.from(Instant.now().minus(Duration.ofHours(3)));
        Files.setLastModifiedTime(stale.resolve("worktree"), old);
        Files.setLastModifiedTime(stale, old);
        Path recent = snapshots.resolve(".capture-2222");
        Files.createDirectories(recent.resolve("worktree"));

        JudgePrune.Result preview = prune(5, false);
        assertTrue(Files.exists(stale), "a dry run leaves it");
        JudgePrune.Result result = prune(5, true);

        assertEquals(
                List.of(true, false),
                result.plan().captures().stream()
                        .map(JudgePrune.Capture::delete)
                        .toList());
        assertEquals(preview.plan().captures(), result.plan().captures());
        assertFalse(Files.exists(stale));
        assertTrue(Files.exists(recent), "a capture may still be writing it");
        assertEquals(
                "delete", result.toJson().get("captures").get(0).get("action").asText());
    }

    @Test
    void an_unreadable_created_at_falls_back_to_the_folders_time() throws IOException {
        Path undated = fake(id(1), "last tuesday", null, 0);
        Files.setLastModifiedTime(undated, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
        fake(id(2), null, null, 0);
        fake(id(3), "2026-01-01T10:00:00Z", null, 0);
        Files.setLastModifiedTime(snapshots.resolve(id(2)), FileTime.from(Instant.parse("2030-01-01T00:00:00Z")));

        JudgePrune.Plan plan = prune(1, false).plan();

        assertEquals(List.of(id(2)), plan.kept());
        assertEquals(List.of(id(3), id(1)), plan.deleted());
        assertFalse(plan.snapshots().get(0).createdFromMetadata());
        assertEquals(
                Instant.parse("2020-01-01T00:00:00Z"), plan.snapshots().get(2).created());
    }

    // Lock is held for the block's length: taken, never read.
    @SuppressWarnings("try")
    @Test
    void a_run_holding_a_snapshot_that_would_be_deleted_refuses_the_prune() throws IOException {
        fake(id(1), "2026-01-01T10:00:00Z", null, 0);
        fake(id(2), "2026-01-02T10:00:00Z", null, 0);
        try (RunLock lock = RunLock.acquire(fx.workspace(), TASK, id(1), false, Clock.systemUTC())) {
            JudgePrune.Result preview = prune(1, false);
            assertTrue(preview.plan().lock().orElseThrow().conflict());

            Failure failure = assertThrows(Failure.class, () -> prune(1, true));

            assertEquals(Failure.Kind.USAGE, failure.kind());
            assertTrue(failure.getMessage().contains("SNAPSHOT:" + id(1)), failure.getMessage());
            assertTrue(Files.isDirectory(snapshots.resolve(id(1))));
            assertTrue(pruned().isEmpty());

            JudgePrune.Result keepingIt = prune(2, true);
            assertFalse(keepingIt.plan().lock().orElseThrow().conflict());
        }
        try (RunLock lock = RunLock.acquire(fx.workspace(), TASK, id(2), false, Clock.systemUTC())) {
            JudgePrune.Result result = prune(1, true);
            assertEquals(List.of(id(1)), result.plan().deleted(), "the run's own snapshot is kept");
            assertFalse(Files.exists(snapshots.resolve(id(1))));
        }
    }

    @Test
    void keep_must_not_be_negative_and_zero_deletes_every_snapshot() throws IOException {
        fake(id(1), "2026-01-01T10:00:00Z", null, 0);

        Failure failure = assertThrows(Failure.class, () -> prune(-1, false));
        assertEquals(Failure.Kind.USAGE, failure.kind());

        JudgePrune.Result result = prune(0, true);
        assertEquals(List.of(id(1)), result.plan().deleted());
        assertTrue(result.plan().kept().isEmpty());
        assertFalse(Files.exists(snapshots.resolve(id(1))));
    }

    @Test
    void no_snapshot_folder_is_nothing_to_prune() {
        JudgePrune.Result result = prune(5, true);

        assertTrue(result.plan().snapshots().isEmpty());
        assertEquals(1, pruned().size());
    }

    static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(n -> texts.add(n.asText()));
        return texts;
    }

    static List<String> sortedNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        names.sort(null);
        return names;
    }
}
