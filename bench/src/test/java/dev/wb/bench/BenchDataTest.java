package dev.wb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventLog;
import dev.wb.engine.Payload;
import dev.wb.engine.StreamId;
import dev.wb.engine.logs.EventLogs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchDataTest {

    @Test
    void payloadsAreAbout200Bytes() {
        for (long seq : new long[] {0, 1, 99, 9_999, 999_999}) {
            int size = Payload.of(BenchData.payload(seq)).size();
            assertTrue(size >= 180 && size <= 230, "payload " + seq + " has " + size + " bytes");
        }
    }

    @Test
    void aWorkspaceIsMadeOnceAndReusedWhileItsRecipeHolds(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("ws");
        // Batches of BenchData.BATCH, as the real workspaces: they must fit the log's record size limit.
        assertEquals(dir, BenchData.ensureWorkspace(dir, 3, 2 * BenchData.BATCH, BenchData.BATCH));
        try (EventLog log = EventLogs.chronicle(dir)) {
            assertEquals(List.of(BenchData.task(1), BenchData.task(2), BenchData.task(3)), log.streams());
            for (StreamId stream : log.streams()) {
                List<EventEnvelope> events = log.read(stream);
                assertEquals(2 * BenchData.BATCH, events.size());
                for (int v = 0; v < events.size(); v++) {
                    assertEquals(v, events.get(v).version());
                }
            }
        }
        Path marker = dir.resolve(BenchData.MARKER);
        FileTime made = FileTime.fromMillis(0);
        Files.setLastModifiedTime(marker, made);

        BenchData.ensureWorkspace(dir, 3, 2 * BenchData.BATCH, BenchData.BATCH);
        assertEquals(made, Files.getLastModifiedTime(marker), "reused, not made again");

        BenchData.ensureWorkspace(dir, 2, 20, 10);
        assertTrue(Files.getLastModifiedTime(marker).toMillis() > 0, "another recipe makes it again");
        try (EventLog log = EventLogs.chronicle(dir)) {
            assertEquals(2, log.streams().size());
        }
    }
}
