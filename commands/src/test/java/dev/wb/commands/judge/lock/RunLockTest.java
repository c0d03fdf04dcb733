package dev.wb.commands.judge.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunLockTest {

    static final TaskKey TASK = new TaskKey("TASK-1");
    static final Instant NOW = Instant.parse("2026-11-30T08:00:00Z");
    static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    static final Instant EARLIER = Instant.parse("2026-11-30T07:00:00Z");

    @TempDir
    Path tmp;

    Workspace ws() {
        return new Workspace(tmp);
    }

    @Test
    void a_run_holds_the_lock_naming_pid_host_start_task_and_snapshot_until_it_closes() throws IOException {
        Path lockPath;
        try (RunLock lock = RunLock.acquire(ws(), TASK, "0123456789abcdef0123", false, CLOCK)) {
            lockPath = lock.path();
            assertEquals(tmp.resolve(".workflow/local/judge/run.lock"), lockPath);
            ObjectNode file = CanonicalJson.parseObject(Files.readAllBytes(lockPath));
            assertEquals(ProcessHandle.current().pid(), file.get("pid").longValue());
            assertEquals(LocalHost.name(), file.get("host").textValue());
            assertEquals(NOW.toString(), file.get("started").textValue());
            assertEquals("TASK-1", file.get("task").textValue());
            assertEquals("0123456789abcdef0123", file.get("snapshot").textValue());
            assertEquals(Optional.empty(), lock.notice());
            assertEquals(Optional.of(lock.holder()), RunLock.current(ws()));
        }
        assertFalse(Files.exists(lockPath));
        assertEquals(Optional.empty(), RunLock.current(ws()));
    }

    @Test
    void a_second_run_is_refused_and_told_who_holds_the_lock_and_since_when() {
        try (RunLock first = RunLock.acquire(ws(), TASK, "snap-1", false, CLOCK)) {
            RunLock.Busy busy = assertThrows(
                    RunLock.Busy.class, () -> RunLock.acquire(ws(), new TaskKey("TASK-2"), "snap-2", false, CLOCK));

            assertEquals(first.holder(), busy.holder());
            assertFalse(busy.otherHost());
            assertFalse(busy.breakLockNeeded());
            assertTrue(
                    busy.getMessage()
                            .contains("process " + ProcessHandle.current().pid() + " on this host since " + NOW
                                    + ", task TASK-1, snapshot snap-1"),
                    busy.getMessage());
        }
    }

    @Test
    void break_lock_never_takes_a_lock_whose_process_is_alive_on_this_host() {
        try (RunLock first = RunLock.acquire(ws(), TASK, "snap-1", false, CLOCK)) {
            RunLock.Busy busy =
                    assertThrows(RunLock.Busy.class, () -> RunLock.acquire(ws(), TASK, "snap-2", true, CLOCK));

            assertTrue(
                    String.join("\n", busy.fixes()).contains("--break-lock never takes"),
                    busy.fixes().toString());
            assertEquals(Optional.of(first.holder()), RunLock.current(ws()));
        }
    }

    @Test
    void a_lock_left_by_a_dead_process_on_this_host_is_reclaimed_with_a_notice() throws IOException {
        long dead = LockFiles.deadPid();
        LockFiles.write(ws(), dead, LocalHost.name(), EARLIER, "TASK-9", "snap-old");
        assertEquals(Optional.empty(), RunLock.current(ws()), "a dead run holds nothing");

        try (RunLock lock = RunLock.acquire(ws(), TASK, "snap-new", false, CLOCK)) {
            assertEquals(
                    Optional.of("reclaimed a lock left by dead process " + dead + " on this host (TASK-9, snapshot"
                            + " snap-old, since " + EARLIER + ")"),
                    lock.notice());
            assertEquals("snap-new", RunLock.current(ws()).orElseThrow().snapshot());
        }
    }

    @Test
    void a_pid_reused_by_a_later_process_does_not_keep_a_dead_runs_lock() throws IOException {
        // The pid is this JVM's, alive; but the run that wrote the lock started a day before this JVM did.
        Instant dayBefore = LocalHost.processStarted().orElseThrow().minusSeconds(86_400);
        LockFiles.write(
                ws(),
                Map.of(
                        "version",
                        1,
                        "pid",
                        ProcessHandle.current().pid(),
                        "host",
                        LocalHost.name(),
                        "started",
                        dayBefore.toString(),
                        "task",
                        "TASK-9",
                        "snapshot",
                        "snap-old",
                        "token",
                        "old",
                        "processStarted",
                        dayBefore.toString()));

        try (RunLock lock = RunLock.acquire(ws(), TASK, "snap-new", false, CLOCK)) {
            assertTrue(
                    lock.notice().orElseThrow().startsWith("reclaimed a lock left by dead process "),
                    lock.notice().toString());
        }
    }

    @Test
    void another_hosts_lock_is_refused_with_break_lock_named_as_the_way_out() throws IOException {
        LockFiles.write(ws(), 4242, "build-agent-7", EARLIER, "TASK-9", "snap-old");

        RunLock.Busy busy = assertThrows(RunLock.Busy.class, () -> RunLock.acquire(ws(), TASK, "snap", false, CLOCK));

        assertTrue(busy.otherHost());
        assertEquals(new RunLock.Holder(4242, "build-agent-7", EARLIER, "TASK-9", "snap-old"), busy.holder());
        assertTrue(
                busy.getMessage().contains("process 4242 on host build-agent-7 since " + EARLIER), busy.getMessage());
        assertTrue(busy.getMessage().contains("--break-lock"), busy.getMessage());
        assertEquals(Optional.of(busy.holder()), RunLock.current(ws()), "another host's lock counts as held");
    }

    @Test
    void break_lock_takes_another_hosts_lock_and_says_whose_it_broke() throws IOException {
        LockFiles.write(ws(), 4242, "build-agent-7", EARLIER, "TASK-9", "snap-old");

        try (RunLock lock = RunLock.acquire(ws(), TASK, "snap", true, CLOCK)) {
            assertEquals(
                    Optional.of("broke the lock of process 4242 on host build-agent-7 (TASK-9, snapshot snap-old,"
                            + " since " + EARLIER + ")"),
                    lock.notice());
            assertEquals(Optional.of(lock.holder()), RunLock.current(ws()));
        }
    }

    @Test
    void close_leaves_a_lock_that_is_no_longer_this_runs() throws IOException {
        RunLock mine = RunLock.acquire(ws(), TASK, "snap", false, CLOCK);
        // Meanwhile another host broke it and took it.
        Path theirs = LockFiles.write(ws(), 4242, "build-agent-7", EARLIER, "TASK-9", "snap-other");
        String content = Files.readString(theirs);

        mine.close();

        assertEquals(content, Files.readString(theirs));
    }

    @Test
    void close_twice_is_harmless() {
        RunLock lock = RunLock.acquire(ws(), TASK, "snap", false, CLOCK);
        lock.close();
        RunLock next = RunLock.acquire(ws(), TASK, "snap", false, CLOCK);
        lock.close();
        assertEquals(Optional.of(next.holder()), RunLock.current(ws()), "the second close left the next run's lock");
        next.close();
    }

    @Test
    void a_malformed_lock_file_is_held_by_an_unknown_process_until_break_lock() throws IOException {
        LockFiles.writeRaw(ws(), "not json at all\n");

        RunLock.Holder unknown = RunLock.current(ws()).orElseThrow();
        assertTrue(unknown.unknown());
        assertTrue(
                unknown.describe().startsWith("an unknown process (the lock file is not one wb wrote"),
                unknown.describe());

        RunLock.Busy busy = assertThrows(RunLock.Busy.class, () -> RunLock.acquire(ws(), TASK, "snap", false, CLOCK));
        assertTrue(busy.breakLockNeeded());
        assertTrue(
                busy.getMessage().contains("is not one wb wrote")
                        && busy.getMessage().contains("--break-lock"),
                busy.getMessage());

        try (RunLock lock = RunLock.acquire(ws(), TASK, "snap", true, CLOCK)) {
            assertTrue(
                    lock.notice().orElseThrow().startsWith("broke an unreadable run lock "),
                    lock.notice().toString());
        }
    }

    @Test
    void a_lock_missing_a_field_is_as_unreadable_as_garbage() throws IOException {
        LockFiles.write(ws(), Map.of("version", 1, "pid", 12, "host", LocalHost.name(), "task", "TASK-1"));

        assertTrue(RunLock.current(ws()).orElseThrow().unknown());
    }

    @Test
    void of_many_threads_reclaiming_one_dead_runs_lock_exactly_one_wins() throws Exception {
        LockFiles.write(ws(), LockFiles.deadPid(), LocalHost.name(), EARLIER, "TASK-9", "snap-old");
        int threads = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Optional<RunLock>>> attempts = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                Callable<Optional<RunLock>> attempt = () -> {
                    start.await();
                    try {
                        return Optional.of(RunLock.acquire(ws(), TASK, "snap", false, CLOCK));
                    } catch (RunLock.Busy busy) {
                        return Optional.empty();
                    }
                };
                attempts.add(pool.submit(attempt));
            }
            start.countDown();
            List<RunLock> winners = new ArrayList<>();
            for (Future<Optional<RunLock>> attempt : attempts) {
                attempt.get(30, TimeUnit.SECONDS).ifPresent(winners::add);
            }

            assertEquals(1, winners.size());
            assertTrue(winners.get(0).notice().isPresent());
            winners.get(0).close();
        } finally {
            pool.shutdownNow();
        }
    }
}
