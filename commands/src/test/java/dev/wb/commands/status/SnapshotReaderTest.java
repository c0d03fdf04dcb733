package dev.wb.commands.status;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventReader;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.InMemoryEventLog;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The reader two workspace projections share in one status: each stream list and head is asked once. */
class SnapshotReaderTest {

    static final StreamId TASK = StreamId.task(new TaskKey("ABC-1"));

    /** Counts what it is asked. */
    static final class Counting implements EventReader {
        final InMemoryEventLog log = new InMemoryEventLog();
        int lists;
        int hints;

        @Override
        public List<StreamId> streams() {
            lists++;
            return log.streams();
        }

        @Override
        public Optional<StreamHead> headHint(StreamId stream) {
            hints++;
            return log.headHint(stream);
        }

        @Override
        public Optional<StreamHead> head(StreamId stream) {
            return log.head(stream);
        }

        @Override
        public void forEach(StreamId stream, long fromVersion, Consumer<EventEnvelope> visitor) {
            log.forEach(stream, fromVersion, visitor);
        }

        @Override
        public void forEachStored(StreamId stream, StoredVisitor visitor) {
            log.forEachStored(stream, visitor);
        }
    }

    @Test
    void the_stream_list_and_each_head_are_read_once_and_events_always_from_the_log() {
        Counting log = new Counting();
        log.log.append(TASK, ExpectedVersion.any(), TestEvents.notes(0, 2), TestEvents.invocation());
        SnapshotReader reader = new SnapshotReader(log);

        reader.streams();
        reader.headHint(TASK);
        log.log.append(TASK, ExpectedVersion.any(), TestEvents.notes(2, 1), TestEvents.invocation());

        assertEquals(List.of(TASK), reader.streams());
        assertEquals(1, reader.headHint(TASK).orElseThrow().version(), "the head as first seen");
        assertEquals(3, reader.read(TASK).size(), "reading is never remembered");
        assertEquals(1, log.lists);
        assertEquals(1, log.hints);
    }
}
