package dev.wb.engine.internal.chronicle;

import java.nio.file.Path;
import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Child process for {@link BusyStreamIT}: opens one stream's queue directly, with the settings
 * {@link ChronicleEventLog} uses, enters {@code writingDocument()} (taking the queue's write lock),
 * writes a few bytes of an unfinished frame, prints {@code HOLDING} and sleeps until it is killed.
 *
 * <p>Arguments: {@code queueDir} (i.e. {@code <logDir>/streams/<name>}).
 */
public final class HoldingChild {

    private HoldingChild() {}

    @SuppressWarnings("resource") // held until the process is killed
    public static void main(String[] args) throws InterruptedException {
        SingleChronicleQueue queue = SingleChronicleQueueBuilder.binary(Path.of(args[0]))
                .rollCycle(RollCycles.FAST_DAILY)
                .blockSize(StreamQueues.BLOCK_SIZE)
                .syncMode(SyncMode.SYNC)
                .build();
        ExcerptAppender appender = queue.createAppender();
        DocumentContext dc = appender.writingDocument();
        // The start of a frame (format 1, one event) that will never be finished.
        dc.wire().bytes().writeInt(1).writeInt(1).writeInt(4096);
        System.out.println("HOLDING");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
