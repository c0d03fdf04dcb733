package dev.wb.engine.internal.chronicle;

import static dev.wb.engine.TestEvents.invocation;
import static dev.wb.engine.TestEvents.notes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.HashChain;
import dev.wb.engine.LogUnavailableException;
import dev.wb.engine.StreamId;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full or read-only disk refuses an append with a clear error (issue 13, item 17), on a real, small file
 * system: a tmpfs of 2 MiB mounted for each test. Mounting needs root (CI runs as root); where it is
 * refused, the tests are skipped, not passed.
 */
class FullOrReadOnlyDiskRefusesAppendIT {

    private static final StreamId WORKSPACE = StreamId.workspace();
    private static final StreamId TASK = new StreamId("T-1");
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    @TempDir
    Path tmp;

    private Path mount;
    private boolean mounted;

    @BeforeEach
    void smallFileSystem() throws Exception {
        mount = Files.createDirectories(tmp.resolve("fs"));
        mounted = run("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mount.toString()) == 0;
        assumeTrue(mounted, "mounting a tmpfs needs root");
    }

    @AfterEach
    void unmount() throws Exception {
        if (mounted) {
            // Lazily: Chronicle's mappings of the closed queues may outlive them until collected.
            run("umount", "-l", mount.toString());
        }
    }

    @Test
    void item17_a_full_disk_refuses_an_append_with_a_clear_error_and_the_log_stays_intact() throws Exception {
        // Defect: a full disk printed a raw java.lang.InternalError ("unsafe memory access") with 26 frames.
        Path logDir = mount.resolve("log");
        try (EventLog log = new ChronicleEventLog(logDir, TIMEOUT)) {
            log.append(WORKSPACE, ExpectedVersion.noStream(), notes(0, 1), invocation());
        }
        Path filler = fill(0);

        try (EventLog log = new ChronicleEventLog(logDir, TIMEOUT)) {
            LogUnavailableException e = assertThrows(
                    LogUnavailableException.class,
                    () -> log.append(TASK, ExpectedVersion.noStream(), notes(0, 1), invocation()));
            assertTrue(e.getMessage().contains("is full"), e.getMessage());
            assertTrue(
                    e.fixes().get(0).startsWith("free space on that disk"),
                    e.fixes().toString());
        }
        Files.delete(filler);
        assertAppendsAndVerifies(logDir);
    }

    @Test
    void item17_a_mapped_write_that_runs_out_of_disk_is_worded_as_a_full_disk_not_an_internal_error() throws Exception {
        // The same defect where the free-space check cannot see it coming: the fault inside Chronicle is mapped.
        Path logDir = mount.resolve("log");
        try (EventLog log = new ChronicleEventLog(logDir, TIMEOUT)) {
            log.append(WORKSPACE, ExpectedVersion.noStream(), notes(0, 1), invocation());
        }
        Path filler = fill(12 * 1024);

        EventLog log = new ChronicleEventLog(logDir, TIMEOUT, 0);
        LogUnavailableException e = assertThrows(
                LogUnavailableException.class,
                () -> log.append(TASK, ExpectedVersion.noStream(), notes(0, 1), invocation()));
        assertTrue(e.getMessage().contains("is full"), e.getMessage());
        // The faulted queue is left to the process's end, as a wb command's is: its lock then dies with it.
        Files.delete(filler);
        try (EventLog reader = new ChronicleEventLog(logDir, TIMEOUT)) {
            assertEquals(0, reader.read(TASK).size(), "nothing was recorded");
            assertTrue(HashChain.verify(reader, WORKSPACE).intact());
            assertEquals(1, reader.read(WORKSPACE).size());
        }
    }

    @Test
    void item17_a_read_only_log_folder_refuses_an_append_with_a_clear_error() throws Exception {
        // Defect: exit 70 "IllegalStateException: Can't append to a read-only chronicle".
        Path logDir = mount.resolve("log");
        try (EventLog log = new ChronicleEventLog(logDir, TIMEOUT)) {
            log.append(TASK, ExpectedVersion.noStream(), notes(0, 1), invocation());
        }
        assertEquals(0, run("mount", "-o", "remount,ro", mount.toString()));

        try (EventLog log = new ChronicleEventLog(logDir, TIMEOUT)) {
            LogUnavailableException e = assertThrows(
                    LogUnavailableException.class,
                    () -> log.append(TASK, ExpectedVersion.exactly(0), notes(1, 1), invocation()));
            assertTrue(e.getMessage().contains("read-only"), e.getMessage());
            assertTrue(e.fixes().get(0).contains("writable"), e.fixes().toString());
        }
        assertEquals(0, run("mount", "-o", "remount,rw", mount.toString()));
        try (EventLog log = new ChronicleEventLog(logDir, TIMEOUT)) {
            assertEquals(1, log.read(TASK).size(), "nothing was half-written");
        }
    }

    /** After space came back, both streams take an append and verify. */
    private static void assertAppendsAndVerifies(Path logDir) {
        try (EventLog log = new ChronicleEventLog(logDir, TIMEOUT)) {
            log.append(TASK, ExpectedVersion.any(), notes(1, 1), invocation());
            log.append(WORKSPACE, ExpectedVersion.exactly(0), notes(1, 1), invocation());
            assertTrue(HashChain.verify(log, TASK).intact());
            HashChain.Report workspace = HashChain.verify(log, WORKSPACE);
            assertTrue(workspace.intact());
            assertEquals(2, workspace.eventsChecked());
        }
    }

    /** Fills the file system until about {@code leave} bytes are free. */
    private Path fill(long leave) throws IOException {
        Path filler = mount.resolve("filler");
        byte[] block = new byte[4096];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (mount.toFile().getUsableSpace() > leave) {
                out.write(block);
            }
        } catch (IOException full) {
            // No space left: filled.
        }
        return filler;
    }

    private static int run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getInputStream().readAllBytes();
        return process.waitFor();
    }
}
