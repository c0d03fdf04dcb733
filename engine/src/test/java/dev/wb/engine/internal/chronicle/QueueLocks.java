package dev.wb.engine.internal.chronicle;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.OptionalLong;
import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.queue.impl.single.WriteLock;
import net.openhft.chronicle.queue.impl.table.AbstractTSQueueLock;

/** Test diagnostics: who holds a stream queue's write lock right now, read from its metadata file. */
final class QueueLocks {

    private QueueLocks() {}

    /** The pid recorded in the queue's write lock, or empty when it is free. Never touches the lock. */
    static OptionalLong holder(Path queueDir) {
        try (SingleChronicleQueue queue = SingleChronicleQueueBuilder.binary(queueDir)
                .rollCycle(RollCycles.FAST_DAILY)
                .blockSize(ChronicleEventLog.BLOCK_SIZE)
                .syncMode(SyncMode.SYNC)
                .build()) {
            Method writeLock = SingleChronicleQueue.class.getDeclaredMethod("writeLock");
            writeLock.setAccessible(true);
            WriteLock lock = (WriteLock) writeLock.invoke(queue);
            if (!lock.locked()) {
                return OptionalLong.empty();
            }
            return lock instanceof AbstractTSQueueLock ts ? OptionalLong.of(ts.lockedBy()) : OptionalLong.of(-1);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read the write lock of " + queueDir, e);
        }
    }
}
