package dev.wb.commands.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.common.util.concurrent.Uninterruptibles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node ends with its whole process group: a real program that sends work to the background and exits
 * leaves nothing running after {@link NodeProcess#run} returned, and what it left is told.
 */
class NodeProcessTest {

    @TempDir
    Path tmp;

    private final List<Long> groups = new ArrayList<>();

    @AfterEach
    void stop() {
        groups.forEach(ProcessGroups::killGroup);
    }

    private Path script(String body) throws IOException {
        Path file = tmp.resolve("tool");
        Files.writeString(file, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
        return file;
    }

    private NodeProcess.Ended run(Path program) {
        assumeTrue(Files.isDirectory(Path.of("/proc")), "Linux: the group's members come from /proc");
        assumeTrue(ProcessGroups.inOwnGroup(List.of(program.toString())).isPresent(), "no setsid and no perl here");
        return NodeProcess.run(
                new NodeProcess.Spawn(
                        List.of(program.toString()),
                        tmp,
                        Map.of("PATH", "/usr/bin:/bin"),
                        Duration.ofSeconds(60),
                        tmp.resolve("scratch")),
                new byte[0],
                launched -> launched.group().ifPresent(groups::add));
    }

    @Test
    void a_stray_the_program_left_running_is_stopped_before_the_node_ends_and_never_writes() throws IOException {
        Path late = tmp.resolve("f");
        Path program = script("sh -c 'sleep 3; echo late > \"" + late + "\"' &\nexit 0");

        NodeProcess.Ended ended = run(program);

        assertEquals(0, ended.exitCode());
        assertTrue(ended.strays().processes() >= 1, ended::toString);
        assertEquals(0, ended.strays().killed(), "SIGTERM was enough");
        assertEquals(0, ended.strays().left());
        assertEquals(List.of(), ProcessGroups.members(groups.get(0)), "nothing of the group runs");
        Uninterruptibles.sleepUninterruptibly(4500, TimeUnit.MILLISECONDS);
        assertFalse(Files.exists(late), "the stray wrote after the node ended");
    }

    @Test
    void a_stray_that_ignores_sigterm_gets_sigkill_after_the_grace() throws IOException {
        Path late = tmp.resolve("f");
        Path program = script("sh -c 'trap \"\" TERM; sleep 30; echo late > \"" + late + "\"' &\nexit 0");
        long start = System.nanoTime();

        NodeProcess.Ended ended = run(program);

        long took = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ended.strays().killed() >= 1, ended::toString);
        assertEquals(0, ended.strays().left());
        assertTrue(took >= NodeProcess.GRACE.toMillis(), "SIGKILL only after the grace: " + took + " ms");
        assertEquals(List.of(), ProcessGroups.members(groups.get(0)));
        assertFalse(Files.exists(late));
    }

    @Test
    void a_program_that_leaves_nothing_has_no_strays() throws IOException {
        NodeProcess.Ended ended = run(script("echo hi\nexit 3"));

        assertEquals(3, ended.exitCode());
        assertEquals("hi\n", ended.stdout());
        assertEquals(ProcessGroups.Strays.NONE, ended.strays());
    }
}
