package dev.wb.projections.checkpoint;

import static dev.wb.engine.TestEvents.invocation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.logs.EventLogs;
import dev.wb.projections.activity.Activity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checkpoint is only a cache: whatever happens to it, a load equals a full rebuild. */
class WorkspaceProjectionTest {

    @TempDir
    Path dir;

    private EventLog log;
    private CheckpointStore store;
    private WorkspaceProjection<Activity.State> projection;

    @BeforeEach
    void open() {
        log = EventLogs.chronicle(dir.resolve("log"));
        store = new CheckpointStore(dir.resolve("checkpoints"));
        projection = new WorkspaceProjection<>(Activity.INSTANCE, store);
    }

    @AfterEach
    void close() {
        log.close();
    }

    private void append(String key, int count) {
        StreamId stream = StreamId.task(new TaskKey(key));
        log.append(stream, ExpectedVersion.any(), TestEvents.notes(0, count), invocation());
    }

    private Map<StreamId, StreamCursor<Activity.State>> rebuild() {
        return WorkspaceProjection.rebuild(Activity.INSTANCE, log);
    }

    @Test
    void a_checkpoint_always_equals_a_full_rebuild_across_random_appends() {
        Random random = new Random(42);
        for (int round = 0; round < 25; round++) {
            int appends = random.nextInt(4);
            for (int i = 0; i < appends; i++) {
                append("T-" + random.nextInt(6), 1 + random.nextInt(3));
            }
            assertEquals(rebuild(), projection.load(log).streams(), "round " + round);
        }
    }

    @Test
    void an_unchanged_log_is_answered_from_the_checkpoint_alone() {
        append("A-1", 3);
        append("B-1", 2);
        projection.load(log);

        WorkspaceProjection.Load<Activity.State> second = projection.load(log);

        assertEquals(2, second.reused());
        assertEquals(0, second.caughtUp() + second.rebuilt());
    }

    @Test
    void a_stale_checkpoint_is_caught_up_from_its_cursor() {
        append("A-1", 3);
        projection.load(log);
        append("A-1", 2);
        append("B-1", 1);

        WorkspaceProjection.Load<Activity.State> load = projection.load(log);

        assertEquals(1, load.caughtUp());
        assertEquals(1, load.rebuilt());
        assertEquals(rebuild(), load.streams());
        assertEquals(
                5, load.streams().get(StreamId.task(new TaskKey("A-1"))).state().events());
    }

    @Test
    void a_damaged_checkpoint_is_ignored_and_rewritten() throws IOException {
        append("A-1", 3);
        projection.load(log);
        Path file = store.file(Activity.INSTANCE);
        String text = Files.readString(file);
        Files.writeString(file, text.replace("\"events\":3", "\"events\":9"), StandardCharsets.UTF_8);

        WorkspaceProjection.Load<Activity.State> load = projection.load(log);

        assertFalse(load.checkpointUsable());
        assertEquals(rebuild(), load.streams());
        assertTrue(projection.load(log).checkpointUsable(), "the damaged file was replaced");
    }

    @Test
    void a_checkpoint_that_is_not_json_at_all_is_rebuilt() throws IOException {
        append("A-1", 2);
        Files.createDirectories(store.file(Activity.INSTANCE).getParent());
        Files.write(store.file(Activity.INSTANCE), new byte[] {0, 1, 2, '{'});

        assertEquals(rebuild(), projection.load(log).streams());
    }

    @Test
    void a_checkpoint_of_a_different_history_is_rebuilt_even_at_the_same_version() {
        append("A-1", 3);
        projection.load(log);
        log.close();
        deleteRecursively(dir.resolve("log"));
        log = EventLogs.chronicle(dir.resolve("log"));
        log.append(
                StreamId.task(new TaskKey("A-1")),
                ExpectedVersion.noStream(),
                List.of(TestEvents.event("other.kind", Map.of("x", 1)), TestEvents.note(1), TestEvents.note(2)),
                invocation());

        WorkspaceProjection.Load<Activity.State> load = projection.load(log);

        assertEquals(1, load.rebuilt());
        assertEquals(rebuild(), load.streams());
        assertEquals(
                1L,
                load.streams()
                        .get(StreamId.task(new TaskKey("A-1")))
                        .state()
                        .countsByType()
                        .get("other.kind"));
    }

    @Test
    void a_head_hint_left_ahead_by_a_writer_that_died_sends_the_load_to_the_log() throws IOException {
        append("A-1", 3);
        projection.load(log);
        // A writer wrote its hint and died before its batch landed: the hint names a batch that never did.
        Path hint = dir.resolve("log/streams/A-1/head");
        assertTrue(Files.isRegularFile(hint), "the log keeps a head hint beside the queue");
        Files.writeString(hint, "7 sha256:" + "ab".repeat(32) + "\n");

        // No journal line either (it dies before naming the stream): the load's answer stands on the log.
        WorkspaceProjection.Load<Activity.State> load = projection.load(log);

        assertEquals(rebuild(), load.streams());
        assertEquals(
                3, load.streams().get(StreamId.task(new TaskKey("A-1"))).state().events());
        // Without the journal's mark, the hint alone sends the load to the log.
        store.discard(Activity.INSTANCE);
        projection.load(log);
        store.write(
                Activity.INSTANCE, store.read(Activity.INSTANCE).orElseThrow().cursors());
        assertEquals(0, projection.load(log).reused());
    }

    @Test
    void a_missing_or_garbled_head_hint_costs_a_read_of_the_log_never_a_wrong_answer() throws IOException {
        append("A-1", 2);
        append("B-1", 2);
        projection.load(log);
        Files.delete(dir.resolve("log/streams/A-1/head"));
        Files.writeString(dir.resolve("log/streams/B-1/head"), "garbage");
        append("B-1", 1);

        assertEquals(rebuild(), projection.load(log).streams());
    }

    @Test
    void after_a_reboot_hints_are_not_trusted_so_a_hint_lost_with_the_power_is_no_wrong_answer() throws IOException {
        CheckpointStore bootA = new CheckpointStore(dir.resolve("checkpoints"), () -> Optional.of("boot-a"));
        CheckpointStore bootB = new CheckpointStore(dir.resolve("checkpoints"), () -> Optional.of("boot-b"));
        append("A-1", 3);
        new WorkspaceProjection<>(Activity.INSTANCE, bootA).load(log);
        Path hint = dir.resolve("log/streams/A-1/head");
        String hintBefore = Files.readString(hint);
        append("A-1", 1);
        // Power loss: the log's synced batch survived, the unsynced hint did not.
        Files.writeString(hint, hintBefore);

        WorkspaceProjection.Load<Activity.State> load = new WorkspaceProjection<>(Activity.INSTANCE, bootB).load(log);

        assertEquals(rebuild(), load.streams());
        assertEquals(
                4, load.streams().get(StreamId.task(new TaskKey("A-1"))).state().events());
        assertEquals(0, load.reused());
    }

    @Test
    void a_checkpoint_from_an_earlier_boot_is_rewritten_so_later_loads_trust_hints_again() {
        CheckpointStore bootA = new CheckpointStore(dir.resolve("checkpoints"), () -> Optional.of("boot-a"));
        CheckpointStore bootB = new CheckpointStore(dir.resolve("checkpoints"), () -> Optional.of("boot-b"));
        append("A-1", 2);
        new WorkspaceProjection<>(Activity.INSTANCE, bootA).load(log);

        new WorkspaceProjection<>(Activity.INSTANCE, bootB).load(log);

        assertTrue(bootB.read(Activity.INSTANCE).orElseThrow().sameBoot());
    }

    private static void deleteRecursively(Path root) {
        try (var paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
