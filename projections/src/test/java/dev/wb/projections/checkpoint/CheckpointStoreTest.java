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
import dev.wb.projections.status.TaskStages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The streamed read of a checkpoint: what write wrote comes back, and anything else reads as absent. */
class CheckpointStoreTest {

    private static final String VALID = "{\"bootId\":\"boot-a\",\"format\":2,\"projection\":\"activity\","
            + "\"projectionVersion\":%d,\"streams\":{\"A-1\":{\"hash\":\"sha256:ab\",\"state\":"
            + "{\"countsByType\":{\"note\":1},\"events\":1,\"lastVersion\":1},\"version\":1}}}";

    @TempDir
    Path dir;

    private EventLog log;
    private CheckpointStore store;

    @BeforeEach
    void open() {
        log = EventLogs.chronicle(dir.resolve("log"));
        store = new CheckpointStore(dir.resolve("checkpoints"), () -> Optional.of("boot-a"));
        for (String key : new String[] {"A-1", "B-2", "C-3"}) {
            log.append(StreamId.task(new TaskKey(key)), ExpectedVersion.any(), TestEvents.notes(0, 3), invocation());
        }
    }

    @AfterEach
    void close() {
        log.close();
    }

    @Test
    void what_write_wrote_reads_back_equal_for_both_projections_of_status() {
        Map<StreamId, StreamCursor<Activity.State>> activity = WorkspaceProjection.rebuild(Activity.INSTANCE, log);
        Map<StreamId, StreamCursor<TaskStages.State>> stages = WorkspaceProjection.rebuild(TaskStages.INSTANCE, log);
        store.write(Activity.INSTANCE, activity);
        store.write(TaskStages.INSTANCE, stages);

        CheckpointStore.Checkpoint<Activity.State> a =
                store.read(Activity.INSTANCE).orElseThrow();
        assertEquals(activity, a.cursors());
        assertTrue(a.sameBoot());
        assertEquals(stages, store.read(TaskStages.INSTANCE).orElseThrow().cursors());
        CheckpointStore otherBoot = new CheckpointStore(dir.resolve("checkpoints"), () -> Optional.of("boot-b"));
        assertFalse(otherBoot.read(Activity.INSTANCE).orElseThrow().sameBoot());
    }

    @Test
    void a_hand_written_checkpoint_of_the_right_shape_is_read() throws IOException {
        writeRaw(String.format(VALID, Activity.INSTANCE.version()));
        StreamCursor<Activity.State> cursor =
                store.read(Activity.INSTANCE).orElseThrow().cursors().get(StreamId.task(new TaskKey("A-1")));
        assertEquals(1, cursor.version());
        assertEquals("sha256:ab", cursor.hash());
        assertEquals(1, cursor.state().events());
    }

    @Test
    void a_checkpoint_of_another_projection_version_reads_as_absent() throws IOException {
        writeRaw(String.format(VALID, Activity.INSTANCE.version() + 1));
        assertTrue(store.read(Activity.INSTANCE).isEmpty());
        writeRaw(String.format(VALID, Activity.INSTANCE.version()).replace("\"format\":2", "\"format\":3"));
        assertTrue(store.read(Activity.INSTANCE).isEmpty());
    }

    @Test
    void a_checkpoint_whose_header_comes_after_its_streams_is_still_checked() throws IOException {
        writeRaw("{\"streams\":{},\"format\":2,\"projection\":\"stages\",\"projectionVersion\":1}");
        assertTrue(store.read(Activity.INSTANCE).isEmpty());
    }

    @Test
    void content_that_passes_its_checksum_but_not_the_shape_reads_as_absent() throws IOException {
        String valid = String.format(VALID, Activity.INSTANCE.version());
        String[] bad = {
            valid + "{}", // content after the document
            valid.replace("\"hash\":\"sha256:ab\",", ""), // a cursor without its hash
            valid.replace("\"version\":1}}}", "\"version\":\"1\"}}}"), // a version that is not a number
            valid.replace("\"events\":1,", ""), // a state the projection refuses
            valid.replace("\"format\":2,", "\"format\":2,\"format\":2,"), // a duplicate key
            valid.replace("\"A-1\"", "\"not a stream\""), // not a stream name
            valid.replace(",\"streams\":{", ",\"streams\":[").replace("}}}", "}]}"), // streams not an object
            valid.substring(0, valid.length() - 1), // cut short
        };
        for (String content : bad) {
            writeRaw(content);
            assertTrue(store.read(Activity.INSTANCE).isEmpty(), content);
        }
    }

    @Test
    void a_file_read_again_unchanged_answers_the_same_cursors_and_a_changed_one_is_parsed_anew() throws IOException {
        writeRaw(String.format(VALID, Activity.INSTANCE.version()));
        CheckpointStore.Checkpoint<Activity.State> first =
                store.read(Activity.INSTANCE).orElseThrow();
        first.cursors().clear(); // a caller's own copy: changing it changes nothing read later

        CheckpointStore.Checkpoint<Activity.State> again =
                store.read(Activity.INSTANCE).orElseThrow();
        assertEquals(1, again.cursors().size());
        assertTrue(again.sameBoot());
        CheckpointStore otherBoot = new CheckpointStore(dir.resolve("checkpoints"), () -> Optional.of("boot-b"));
        assertFalse(otherBoot.read(Activity.INSTANCE).orElseThrow().sameBoot(), "a remembered parse keeps its boot");

        writeRaw(String.format(VALID, Activity.INSTANCE.version()).replace("\"events\":1", "\"events\":2"));
        assertEquals(
                2,
                store.read(Activity.INSTANCE)
                        .orElseThrow()
                        .cursors()
                        .get(StreamId.task(new TaskKey("A-1")))
                        .state()
                        .events());
    }

    @Test
    void the_journal_mark_reads_back_with_its_carried_streams() {
        Map<StreamId, StreamCursor<Activity.State>> activity = WorkspaceProjection.rebuild(Activity.INSTANCE, log);
        CheckpointStore.Mark mark =
                new CheckpointStore.Mark("0123456789abcdef", 42, java.util.Set.of(StreamId.task(new TaskKey("B-2"))));
        store.write(Activity.INSTANCE, activity, Optional.of(mark));

        assertEquals(
                Optional.of(mark), store.read(Activity.INSTANCE).orElseThrow().mark());
    }

    private void writeRaw(String content) throws IOException {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        Files.createDirectories(dir.resolve("checkpoints"));
        Files.writeString(
                store.file(Activity.INSTANCE),
                content + "\ncrc32c:" + Long.toHexString(crc.getValue()) + "\n",
                StandardCharsets.UTF_8);
    }
}
