package dev.wb.engine.internal.chronicle;

import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.Invocation;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.engine.TestEvents;
import dev.wb.engine.VersionConflictException;
import dev.wb.engine.logs.EventLogs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * Child process for {@link ConcurrentAppendsIT}: appends {@code count} single-event batches to one
 * stream (and, optionally, every {@code every}-th one also to a shared stream), each payload carrying
 * the child's id and a sequence number.
 *
 * <p>Arguments: {@code logDir warmDir goFile childId count mode stream [sharedStream every]}, where
 * mode is {@code any} (ExpectedVersion.any()) or {@code exact} (read the head, append with
 * ExpectedVersion.after(head), retry on VersionConflictException).
 *
 * <p>It first appends once to a private warm-up log so class loading is over, prints {@code READY},
 * waits for {@code goFile} to exist so all children start at once, then appends and prints
 * {@code DONE <retries>}.
 */
public final class AppendingChild {

    private AppendingChild() {}

    public static void main(String[] args) throws Exception {
        Path logDir = Path.of(args[0]);
        Path warmDir = Path.of(args[1]);
        Path goFile = Path.of(args[2]);
        int child = Integer.parseInt(args[3]);
        int count = Integer.parseInt(args[4]);
        boolean exact = switch (args[5]) {
            case "any" -> false;
            case "exact" -> true;
            default -> throw new IllegalArgumentException("mode must be any or exact: " + args[5]);
        };
        StreamId own = new StreamId(args[6]);
        StreamId shared = args.length > 7 ? new StreamId(args[7]) : null;
        int every = args.length > 8 ? Integer.parseInt(args[8]) : 0;
        Invocation invocation = TestEvents.invocation(Clock.systemUTC());

        try (EventLog warm = EventLogs.chronicle(warmDir)) {
            StreamId warmStream = new StreamId("WARM-" + child);
            warm.append(warmStream, ExpectedVersion.any(), List.of(event(child, -1)), invocation);
            warm.head(warmStream);
            warm.read(warmStream);
        }
        System.out.println("READY");
        System.out.flush();
        while (!Files.exists(goFile)) {
            Thread.sleep(1);
        }

        long retries = 0;
        try (EventLog log = EventLogs.chronicle(logDir)) {
            for (int seq = 0; seq < count; seq++) {
                retries += append(log, own, exact, event(child, seq), invocation);
                if (shared != null && seq % every == 0) {
                    retries += append(log, shared, exact, event(child, seq), invocation);
                }
            }
        }
        System.out.println("DONE " + retries);
        System.out.flush();
    }

    /** Appends one event; returns how many version conflicts it took. */
    private static long append(EventLog log, StreamId stream, boolean exact, NewEvent event, Invocation invocation) {
        if (!exact) {
            log.append(stream, ExpectedVersion.any(), List.of(event), invocation);
            return 0;
        }
        for (long conflicts = 0; ; conflicts++) {
            long head = log.head(stream).map(StreamHead::version).orElse(-1L);
            try {
                log.append(stream, ExpectedVersion.after(head), List.of(event), invocation);
                return conflicts;
            } catch (VersionConflictException e) {
                if (conflicts > 100_000) {
                    throw e;
                }
            }
        }
    }

    private static NewEvent event(int child, int seq) {
        return TestEvents.event("test.appended", Map.of("child", child, "seq", seq));
    }
}
