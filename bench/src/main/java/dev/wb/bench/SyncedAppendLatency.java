package dev.wb.bench;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.InMemoryEventLog;
import dev.wb.engine.Invocation;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.logs.EventLogs;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Latency of one single-event append to the Chronicle log, synced to disk before it returns (every
 * {@code ChronicleEventLog.append} is: write lock, head read, seal, head hint, write,
 * {@code sync()}). Sampled, so the table shows the distribution: {@code appendOne·p0.50},
 * {@code ·p0.99}, {@code ·p0.999} (microseconds per append).
 *
 * <p>Two parts of it, measured alone to show what dominates:
 * <ul>
 *   <li>{@code headHintWrite} — the {@code head} hint each append writes under the lock before it
 *       commits: ~90 bytes overwritten in place, not synced (it is trusted only within one boot).
 *       This copies what the package-private {@code HeadHint.write} does; keep the two in step;
 *   <li>{@code appendOneInMemory} — the same append to {@code InMemoryEventLog}: the CPU work
 *       (seal, canonical JSON, SHA-256, frame encoding) with no I/O.
 * </ul>
 *
 * <p>Run, from the project root:
 * <pre>
 * mvn -q -Pbench -pl bench -am package -DskipTests &amp;&amp; java -jar bench/target/benchmarks.jar SyncedAppendLatency
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
public class SyncedAppendLatency extends ChronicleFork {

    private Path dir;
    private EventLog log;
    private final StreamId stream = BenchData.task(1);
    private List<NewEvent> one;
    private Invocation invocation;
    private InMemoryEventLog memory;
    private Path hint;
    private final byte[] hintBytes = String.format("%019d sha256:%s\n", 12345L, "0123456789abcdef".repeat(4))
            .getBytes(StandardCharsets.US_ASCII);

    @Setup(Level.Trial)
    public void open() {
        dir = BenchData.tempLogDir("wb-bench-latency-");
        log = EventLogs.chronicle(dir);
        one = BenchData.batch(0, 1);
        invocation = BenchData.invocation();
        log.append(stream, ExpectedVersion.noStream(), one, invocation);
        hint = dir.resolve("head-hint-only");
    }

    /** A fresh in-memory log each iteration, so its heap does not grow through the run. */
    @Setup(Level.Iteration)
    public void freshMemoryLog() {
        memory = new InMemoryEventLog();
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        log.close();
        BenchData.deleteTree(dir);
    }

    @Benchmark
    public List<EventEnvelope> appendOne() {
        return log.append(stream, ExpectedVersion.any(), one, invocation);
    }

    @Benchmark
    public long headHintWrite() throws IOException {
        try (FileChannel channel = FileChannel.open(hint, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ByteBuffer buffer = ByteBuffer.wrap(hintBytes);
            long position = 0;
            while (buffer.hasRemaining()) {
                position += channel.write(buffer, position);
            }
            channel.truncate(hintBytes.length);
            return position;
        }
    }

    /**
     * The floor this disk sets: ~700 bytes (one event's frame) written at the end of a file and
     * fdatasync'd, with no log at all. An append cannot be faster than its sync.
     */
    @Benchmark
    public long diskSyncFloor() throws IOException {
        syncFloorBuffer.clear();
        syncFloorPosition += syncFloorChannel.write(syncFloorBuffer, syncFloorPosition);
        if (syncFloorPosition > 64L * 1024 * 1024) {
            syncFloorPosition = 0;
        }
        syncFloorChannel.force(false);
        return syncFloorPosition;
    }

    private FileChannel syncFloorChannel;
    private final ByteBuffer syncFloorBuffer = ByteBuffer.allocate(700);
    private long syncFloorPosition;

    @Setup(Level.Trial)
    public void openSyncFloor() throws IOException {
        syncFloorChannel = FileChannel.open(
                dir.resolve("sync-floor"),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                StandardOpenOption.READ);
    }

    @TearDown(Level.Trial)
    public void closeSyncFloor() throws IOException {
        syncFloorChannel.close();
    }

    @Benchmark
    public List<EventEnvelope> appendOneInMemory() {
        return memory.append(stream, ExpectedVersion.any(), one, invocation);
    }
}
