package dev.wb.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.common.util.concurrent.Uninterruptibles;
import dev.wb.cli.Wb;
import dev.wb.cli.testing.CliRun;
import dev.wb.cli.testing.RunFixture;
import dev.wb.commands.process.ProcessGroups;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.testkit.ChildJvm;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node ends with its whole process group, end to end: a real {@code wb run} (a JVM of its own) drives a
 * tool whose script sends {@code sleep 3; echo late > late.txt} to the background and exits 0. The node is
 * recorded done, {@code wb run} exits 0, and the stray never writes: it was stopped before the node was
 * recorded finished, and {@code node.finished} says so.
 */
class RunNodeEndIT {

    private static final String FLOW = """
            flow:
              name: tooling
              task_type: tooling
              permission_ceiling: read-only
              output_policy: code_change
              publishing: none
              nodes:
                - {id: first, kind: tool, tool: first}
                - {id: out, kind: publish, policy: none}
              edges:
                - {from: first, to: out, outcome: pass}
            """;

    @TempDir
    Path tmp;

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void nothing_left_running() {
        started.forEach(Process::destroyForcibly);
    }

    @Test
    void a_stray_a_tool_left_running_is_stopped_with_the_node_and_never_edits_the_tree() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc")), "Linux: the group's members come from /proc");
        RunFixture f = new RunFixture(tmp.resolve("repo"));
        Path strayPid = tmp.resolve("stray.pid");
        f.script(
                ".workflow/tools/first",
                "PATH=/usr/bin:/bin\n"
                        + "sh -c 'echo $$ > \"" + strayPid + "\"; sleep 3; echo late > late.txt' &\n"
                        // the node ends once the stray is surely running (a loaded machine may not have started it yet)
                        + "i=0; while [ ! -s \"" + strayPid
                        + "\" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done\n"
                        + "exit 0");
        f.flow("tooling", FLOW);

        ProcessBuilder builder = new ProcessBuilder(
                        ChildJvm.command(Wb.class, "run", RunFixture.KEY, "--flow", "tooling"))
                .directory(f.repo.root().toFile())
                .redirectOutput(tmp.resolve("wb.out").toFile())
                .redirectError(tmp.resolve("wb.err").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().keySet().removeIf(name -> name.startsWith("GIT_"));
        builder.environment().putAll(f.env);
        Process wb = builder.start();
        started.add(wb);
        assertTrue(wb.waitFor(120, TimeUnit.SECONDS), "wb run ends");
        String output = output();

        assertEquals(0, wb.exitValue(), output);
        NodeFinished first = f.events().stream()
                .filter(NodeFinished.TYPE::matches)
                .map(NodeFinished.TYPE::read)
                .filter(n -> n.node().equals("first"))
                .findFirst()
                .orElseThrow();
        assertEquals("pass", first.outcome());
        NodeFinished.Stopped stopped = first.stopped().orElseThrow(() -> new AssertionError(output));
        assertTrue(stopped.processes() >= 1, stopped::toString);
        assertEquals(0, stopped.killed(), "SIGTERM was enough");
        long stray = Long.parseLong(Files.readString(strayPid).trim());
        assertFalse(ProcessHandle.of(stray).map(ProcessGroups::running).orElse(false), "the stray is gone");
        // the stray started before wb run exited: 4 s after that exit it would have written
        Uninterruptibles.sleepUninterruptibly(4, TimeUnit.SECONDS);
        assertFalse(Files.exists(f.repo.resolve("late.txt")), "the stray wrote after the node ended");
        CliRun.Result replay = f.wb("replay", RunFixture.KEY);
        assertTrue(replay.out().contains("process(es) left running"), replay.out());
    }

    private String output() throws IOException {
        return Files.readString(tmp.resolve("wb.out")) + Files.readString(tmp.resolve("wb.err"));
    }
}
