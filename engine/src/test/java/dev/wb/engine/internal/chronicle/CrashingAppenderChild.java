package dev.wb.engine.internal.chronicle;

import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.Invocation;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.engine.TestEvents;
import dev.wb.engine.logs.EventLogs;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Child process for {@link KilledWriterIT}: appends batches of 1 to 5 events to one stream until it
 * is killed. Every event of a batch carries the batch's id and size and its index in the batch, so a
 * reader can tell a whole batch from a partial one. Odd batches append with ExpectedVersion.any(),
 * even ones with the exact head just read. After each append returns it prints
 * {@code APPENDED <batchId> <lastVersion>}.
 *
 * <p>Arguments: {@code logDir stream trial seed}.
 */
public final class CrashingAppenderChild {

    private CrashingAppenderChild() {}

    public static void main(String[] args) {
        Path logDir = Path.of(args[0]);
        StreamId stream = new StreamId(args[1]);
        int trial = Integer.parseInt(args[2]);
        Random random = new Random(Long.parseLong(args[3]));
        Invocation invocation = TestEvents.invocation(Clock.systemUTC());
        try (EventLog log = EventLogs.chronicle(logDir)) {
            for (int batch = 0; ; batch++) {
                String batchId = "t" + trial + "-b" + batch;
                int size = 1 + random.nextInt(5);
                List<NewEvent> events = new ArrayList<>(size);
                for (int i = 0; i < size; i++) {
                    events.add(TestEvents.event(
                            "test.batched",
                            Map.of(
                                    "batch",
                                    batchId,
                                    "size",
                                    size,
                                    "index",
                                    i,
                                    "filler",
                                    "x".repeat(random.nextInt(200)))));
                }
                ExpectedVersion expected = batch % 2 == 1
                        ? ExpectedVersion.any()
                        : ExpectedVersion.after(
                                log.head(stream).map(StreamHead::version).orElse(-1L));
                long last = log.append(stream, expected, events, invocation)
                        .get(size - 1)
                        .version();
                System.out.println("APPENDED " + batchId + " " + last);
                System.out.flush();
            }
        }
    }
}
