package dev.wb.commands.judge.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Workspace;
import dev.wb.engine.TaskKey;
import dev.wb.testkit.ChildJvm;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run lock between real processes: another JVM holds it, is killed, and leaves it to be reclaimed. */
class RunLockIT {

    static final Duration START_UP = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    @Test
    void a_lock_held_by_another_process_is_busy_and_is_reclaimed_once_that_process_is_killed() throws Exception {
        Workspace ws = new Workspace(tmp);
        Process child = ChildJvm.start(
                tmp,
                Map.of(),
                tmp.resolve("child.out").toFile(),
                tmp.resolve("child.err").toFile(),
                HoldsRunLock.class,
                tmp.toString(),
                "TASK-7",
                "snap-child");
        try {
            Awaitility.await()
                    .atMost(START_UP)
                    .pollInSameThread()
                    .until(() -> RunLock.current(ws).map(RunLock.Holder::pid).orElse(-1L) == child.pid());

            RunLock.Busy busy = assertThrows(
                    RunLock.Busy.class,
                    () -> RunLock.acquire(ws, new TaskKey("TASK-1"), "snap", false, Clock.systemUTC()));
            assertEquals(child.pid(), busy.holder().pid());
            assertEquals("TASK-7", busy.holder().task());
            assertFalse(busy.otherHost());
        } finally {
            child.destroyForcibly();
            child.waitFor();
        }

        try (RunLock lock = RunLock.acquire(ws, new TaskKey("TASK-1"), "snap", false, Clock.systemUTC())) {
            assertTrue(
                    lock.notice()
                            .orElseThrow()
                            .startsWith("reclaimed a lock left by dead process " + child.pid()
                                    + " on this host (TASK-7, snapshot snap-child"),
                    lock.notice().toString());
        }
    }

    @Test
    void of_several_processes_reclaiming_a_dead_runs_lock_at_once_exactly_one_holds_it() throws Exception {
        Workspace ws = new Workspace(tmp);
        LockFiles.write(
                ws, LockFiles.deadPid(), LocalHost.name(), Instant.parse("2026-11-30T07:00:00Z"), "TASK-9", "snap-old");
        List<Process> children = new ArrayList<>();
        List<Path> outputs = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                Path out = tmp.resolve("child-" + i + ".out");
                outputs.add(out);
                children.add(ChildJvm.start(
                        tmp,
                        Map.of(),
                        out.toFile(),
                        tmp.resolve("child-" + i + ".err").toFile(),
                        HoldsRunLock.class,
                        tmp.toString(),
                        "TASK-" + (i + 1),
                        "snap-" + i));
            }
            Awaitility.await()
                    .atMost(START_UP)
                    .pollInSameThread()
                    .until(() -> outputs.stream()
                            .allMatch(out ->
                                    read(out).startsWith("HOLDING") || read(out).startsWith("BUSY")));

            List<String> holding = outputs.stream()
                    .map(RunLockIT::read)
                    .filter(s -> s.startsWith("HOLDING"))
                    .toList();
            assertEquals(
                    1,
                    holding.size(),
                    outputs.stream().map(RunLockIT::read).toList().toString());
            assertTrue(holding.get(0).startsWith("HOLDING reclaimed a lock left by dead process "), holding.get(0));
            long holder = RunLock.current(ws).orElseThrow().pid();
            assertTrue(children.stream().anyMatch(c -> c.pid() == holder && c.isAlive()));
        } finally {
            for (Process child : children) {
                child.destroyForcibly();
                child.waitFor();
            }
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
