package dev.wb.projections.checkpoint;

import static dev.wb.engine.TestEvents.invocation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.AppendedStreams;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventLog;
import dev.wb.engine.EventReader;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.logs.EventLogs;
import dev.wb.projections.activity.Activity;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workspace load with the journal's mark kept in its checkpoint checks only the streams appended to since
 * (and those it could not call settled), and still equals a full rebuild.
 */
class LoadsReadOnlyStreamsAppendedSinceTheMarkTest {

    @TempDir
    Path dir;

    private EventLog log;
    private CheckpointStore store;
    private WorkspaceProjection<Activity.State> projection;

    @BeforeEach
    void open() {
        log = EventLogs.chronicle(dir.resolve("log"));
        store = new CheckpointStore(dir.resolve("checkpoints"), () -> Optional.of("boot-a"));
        projection = new WorkspaceProjection<>(Activity.INSTANCE, store);
    }

    @AfterEach
    void close() {
        log.close();
    }

    private static StreamId task(String key) {
        return StreamId.task(new TaskKey(key));
    }

    private void append(String key, int count) {
        log.append(task(key), ExpectedVersion.any(), TestEvents.notes(0, count), invocation());
    }

    @Test
    void after_nothing_was_appended_no_stream_is_listed_and_no_head_is_read() {
        for (int i = 1; i <= 20; i++) {
            append("T-" + i, 2);
        }
        projection.load(log);
        Counting counting = new Counting(log);

        WorkspaceProjection.Load<Activity.State> load = projection.load(counting);

        assertEquals(WorkspaceProjection.rebuild(Activity.INSTANCE, log), load.streams());
        assertEquals(20, load.reused());
        assertEquals(0, counting.lists);
        assertEquals(Set.of(), counting.looked);
    }

    @Test
    void after_appends_to_two_streams_and_a_new_one_only_those_three_are_read() {
        for (int i = 1; i <= 20; i++) {
            append("T-" + i, 2);
        }
        projection.load(log);
        append("T-3", 1);
        append("T-17", 4);
        append("NEW-1", 1);
        Counting counting = new Counting(log);

        WorkspaceProjection.Load<Activity.State> load = projection.load(counting);

        assertEquals(WorkspaceProjection.rebuild(Activity.INSTANCE, log), load.streams());
        assertEquals(Set.of("NEW-1", "T-17", "T-3"), counting.looked);
        assertEquals(0, counting.lists);
        assertEquals(6, load.streams().get(task("T-17")).state().events());
        assertEquals(21, load.streams().size());
    }

    @Test
    void a_batch_named_before_the_mark_and_committed_after_the_load_read_is_caught_by_the_next_load()
            throws IOException {
        append("A-1", 2);
        append("B-1", 2);
        projection.load(log);
        Path journal = dir.resolve("log/appended");
        Path hint = dir.resolve("log/streams/A-1/head");
        String settledHint = Files.readString(hint);
        // A writer moved A-1's hint and named it in the journal; its batch is not committed yet.
        Files.writeString(hint, "9 sha256:" + "cd".repeat(32) + "\n");
        Files.writeString(journal, "A-1\n", StandardOpenOption.APPEND);
        long named = Files.size(journal);

        WorkspaceProjection.Load<Activity.State> first = projection.load(log);
        assertEquals(2, first.streams().get(task("A-1")).state().events());
        assertTrue(store.read(Activity.INSTANCE)
                .orElseThrow()
                .mark()
                .orElseThrow()
                .carried()
                .contains(task("A-1")));

        // The batch lands now; its journal line was the one already read (the real append's own line is cut).
        Files.writeString(hint, settledHint);
        append("A-1", 3);
        try (FileChannel channel = FileChannel.open(journal, StandardOpenOption.WRITE)) {
            channel.truncate(named);
        }

        WorkspaceProjection.Load<Activity.State> second = projection.load(log);

        assertEquals(5, second.streams().get(task("A-1")).state().events());
        assertEquals(WorkspaceProjection.rebuild(Activity.INSTANCE, log), second.streams());
    }

    @Test
    void a_new_journal_or_another_boot_makes_the_load_check_every_stream() throws IOException {
        append("A-1", 2);
        append("B-1", 2);
        projection.load(log);
        Files.delete(dir.resolve("log/appended"));
        append("A-1", 1);

        Counting counting = new Counting(log);
        WorkspaceProjection.Load<Activity.State> load = projection.load(counting);
        assertEquals(WorkspaceProjection.rebuild(Activity.INSTANCE, log), load.streams());
        assertEquals(1, counting.lists);
        assertEquals(Set.of("A-1", "B-1"), counting.looked);

        CheckpointStore bootB = new CheckpointStore(dir.resolve("checkpoints"), () -> Optional.of("boot-b"));
        Counting afterReboot = new Counting(log);
        new WorkspaceProjection<>(Activity.INSTANCE, bootB).load(afterReboot);
        assertEquals(1, afterReboot.lists);
        assertEquals(Set.of("A-1", "B-1"), afterReboot.looked);
    }

    @Test
    void the_mark_is_where_the_journal_ends_and_is_kept_with_the_cursors() throws IOException {
        append("A-1", 2);
        projection.load(log);

        CheckpointStore.Mark mark =
                store.read(Activity.INSTANCE).orElseThrow().mark().orElseThrow();

        assertEquals(Files.size(dir.resolve("log/appended")), mark.end());
        assertEquals(Set.of(), mark.carried());
        String text = Files.readString(store.file(Activity.INSTANCE), StandardCharsets.UTF_8);
        assertTrue(text.contains("\"appended\":{\"carried\":[],\"end\":" + mark.end()), text);
    }

    @Test
    void a_checkpoint_written_after_one_stream_moved_is_byte_for_byte_the_whole_document_written_anew()
            throws IOException {
        for (int i = 1; i <= 30; i++) {
            append("T-" + i, 1 + i % 4);
        }
        projection.load(log);
        append("T-7", 2);
        append("NEW-1", 1);

        projection.load(log);

        CheckpointStore.Checkpoint<Activity.State> read =
                store.read(Activity.INSTANCE).orElseThrow();
        ObjectNode root = CanonicalJson.objectNode();
        root.put("format", CheckpointStore.FORMAT);
        root.put("projection", Activity.INSTANCE.name());
        root.put("projectionVersion", Activity.INSTANCE.version());
        root.put("bootId", "boot-a");
        ObjectNode appended = root.putObject("appended");
        appended.put("journal", read.mark().orElseThrow().journal());
        appended.put("end", read.mark().orElseThrow().end());
        appended.putArray("carried");
        ObjectNode streams = root.putObject("streams");
        WorkspaceProjection.rebuild(Activity.INSTANCE, log)
                .forEach((stream, cursor) -> streams.set(stream.name(), Spliced.node(Activity.INSTANCE, cursor)));
        byte[] file = Files.readAllBytes(store.file(Activity.INSTANCE));
        byte[] whole = CanonicalJson.bytes(root);

        assertEquals(
                new String(whole, StandardCharsets.UTF_8), new String(file, 0, whole.length, StandardCharsets.UTF_8));
        assertEquals('\n', file[whole.length]);
        assertEquals(6, read.cursors().get(task("T-7")).state().events());
    }

    /** A reader over the log that counts stream listings and names every stream whose head or hint it read. */
    private static final class Counting implements EventReader {
        private final EventReader log;
        int lists;
        final Set<String> looked = new TreeSet<>();

        Counting(EventReader log) {
            this.log = log;
        }

        @Override
        public List<StreamId> streams() {
            lists++;
            return log.streams();
        }

        @Override
        public void forEach(StreamId stream, long fromVersion, Consumer<EventEnvelope> visitor) {
            log.forEach(stream, fromVersion, visitor);
        }

        @Override
        public Optional<StreamHead> head(StreamId stream) {
            looked.add(stream.name());
            return log.head(stream);
        }

        @Override
        public Optional<StreamHead> headHint(StreamId stream) {
            looked.add(stream.name());
            return log.headHint(stream);
        }

        @Override
        public Optional<AppendedStreams> appendMark() {
            return log.appendMark();
        }

        @Override
        public Optional<AppendedStreams> appendedSince(String journal, long offset) {
            return log.appendedSince(journal, offset);
        }

        @Override
        public void forEachStored(StreamId stream, StoredVisitor visitor) {
            log.forEachStored(stream, visitor);
        }
    }
}
