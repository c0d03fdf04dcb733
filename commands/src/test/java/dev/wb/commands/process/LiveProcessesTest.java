package dev.wb.commands.process;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** wb interrupted while a command runs: the shutdown hook's killAll, or an interrupted thread. */
@DisabledOnOs(OS.WINDOWS)
class LiveProcessesTest {

    @TempDir
    Path tmp;

    @Test
    void kill_all_during_a_run_ends_the_tree_and_the_run_is_interrupted() throws Exception {
        // Given a command that has run for a heartbeat, with a grandchild
        Path script = sleeperScript();
        Path pidFile = tmp.resolve("grandchild.pid");
        CountDownLatch beat = new CountDownLatch(1);
        CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> ProcessRunner.run(
                List.of(script.toString(), pidFile.toString()),
                tmp,
                ProcessRunnerTest.ENV,
                Duration.ofSeconds(30),
                tmp.resolve("out"),
                elapsed -> beat.countDown()));
        assertTrue(beat.await(10, TimeUnit.SECONDS), "no heartbeat within 10 s");

        // When wb's shutdown hook kills everything
        int killed = LiveProcesses.killAll();

        // Then the run reports INTERRUPTED, not the exit code the kill caused, and nothing is left
        RunResult result = run.get(10, TimeUnit.SECONDS);
        assertEquals(1, killed);
        assertEquals(Outcome.INTERRUPTED, result.outcome());
        assertEquals(-1, result.exitCode());
        ProcessRunnerTest.assertGone(pidFile);
        assertEquals(0, LiveProcesses.running());
    }

    @Test
    void an_interrupted_thread_ends_the_tree_and_keeps_its_interrupt() throws Exception {
        Path script = sleeperScript();
        Path pidFile = tmp.resolve("grandchild.pid");
        RunResult[] result = new RunResult[1];
        AtomicBoolean stillInterrupted = new AtomicBoolean();
        Thread thread = new Thread(() -> {
            result[0] = ProcessRunner.run(
                    List.of(script.toString(), pidFile.toString()),
                    tmp,
                    ProcessRunnerTest.ENV,
                    Duration.ofSeconds(30),
                    tmp.resolve("out"),
                    elapsed -> {});
            stillInterrupted.set(Thread.currentThread().isInterrupted());
        });
        thread.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> Files.exists(pidFile) && Files.size(pidFile) > 0);

        thread.interrupt();
        thread.join(10_000);

        assertEquals(Outcome.INTERRUPTED, result[0].outcome());
        assertTrue(stillInterrupted.get(), "the caller still sees the interrupt");
        ProcessRunnerTest.assertGone(pidFile);
        assertEquals(0, LiveProcesses.running());
    }

    @Test
    void kill_all_with_nothing_running_kills_nothing() {
        assertEquals(0, LiveProcesses.killAll());
    }

    private Path sleeperScript() throws IOException {
        Path file = Files.writeString(tmp.resolve("hang.sh"), "#!/bin/sh\n" + ProcessRunnerTest.SPAWNS_A_SLEEPER);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }
}
