package dev.wb.commands.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wb.projections.run.RunState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node's program in a process group of its own, found again after its parent is gone: a real script
 * whose leader exits and leaves a member of its group running, as an agent's or tool's children would.
 */
class ProcessGroupsTest {

    @TempDir
    Path tmp;

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(p -> {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        });
    }

    private Path script(String body) throws IOException {
        Path file = tmp.resolve("program");
        Files.writeString(file, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
        return file;
    }

    @Test
    void only_an_executable_named_by_its_absolute_path_is_started_in_a_group() throws IOException {
        Path program = script("exit 0");
        assertEquals(Optional.empty(), ProcessGroups.inOwnGroup(List.of("program")));
        assertEquals(
                Optional.empty(),
                ProcessGroups.inOwnGroup(List.of(tmp.resolve("missing").toString())));
        Optional<List<String>> grouped = ProcessGroups.inOwnGroup(List.of(program.toString(), "-p", "x"));
        assumeTrue(grouped.isPresent(), "no setsid and no perl here");
        assertEquals(
                List.of(program.toString(), "-p", "x"),
                grouped.get().subList(grouped.get().size() - 3, grouped.get().size()));
    }

    @Test
    void a_group_whose_leader_ended_is_alive_while_a_member_runs_and_stop_ends_it() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc")), "Linux: the group's members come from /proc");
        Path marker = tmp.resolve("member");
        Path program = script("sleep 30 &\necho $! > '" + marker + "'\nsleep 1\nexit 0");
        List<String> argv =
                ProcessGroups.inOwnGroup(List.of(program.toString())).orElseThrow();
        Process leader = new ProcessBuilder(argv).start();
        started.add(leader);
        Instant began = leader.toHandle().info().startInstant().orElseThrow();
        assertTrue(leader.waitFor(20, TimeUnit.SECONDS), "the leader exits at once");
        long member = Long.parseLong(Files.readString(marker).trim());
        RunState.Child child = new RunState.Child(leader.pid(), Optional.of(leader.pid()), Optional.of(began));

        List<ProcessHandle> alive = ProcessGroups.alive(child);

        assertEquals(List.of(member), alive.stream().map(ProcessHandle::pid).toList(), "the member, re-parented");
        assertTrue(ProcessGroups.stop(child, Duration.ofSeconds(5)), "SIGTERM ends it");
        Awaitility.await()
                .atMost(Duration.ofSeconds(10))
                .until(() -> ProcessGroups.alive(child).isEmpty());
        assertFalse(ProcessHandle.of(member).map(ProcessGroups::running).orElse(false));
    }

    @Test
    void a_live_pid_with_another_start_time_is_not_the_node_s_process() throws Exception {
        Process other = new ProcessBuilder("sleep", "30").start();
        started.add(other);
        Instant began = other.toHandle().info().startInstant().orElseThrow();

        RunState.Child same = new RunState.Child(other.pid(), Optional.empty(), Optional.of(began));
        RunState.Child reused = new RunState.Child(other.pid(), Optional.empty(), Optional.of(began.minusSeconds(60)));

        assertEquals(
                List.of(other.pid()),
                ProcessGroups.alive(same).stream().map(ProcessHandle::pid).toList());
        assertEquals(List.of(), ProcessGroups.alive(reused), "a pid given again is another process");
    }
}
