package dev.wb.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.cli.testing.RunFixture;
import dev.wb.engine.BootId;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.run.EdgeTaken;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.NodeKind;
import dev.wb.projections.events.run.NodeStarted;
import dev.wb.projections.events.run.RunParked;
import dev.wb.projections.events.run.RunStarted;
import dev.wb.projections.run.RunState;
import dev.wb.testkit.FakeProviders;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb run KEY} after a crash: the log holds a node started and never finished (as a kill -9 leaves
 * it), and the run resumes from there: finished nodes are not run again, a node safe to repeat is run
 * again, an agent that edited the tree is recorded interrupted and parked with the tree's state.
 */
class RunResumeCliTest {

    /** A process id no process has: the crashed run's. */
    static final long DEAD = 99_999_999L;

    static final List<String> PATH =
            List.of("planning", "implementation", "testing", "review", "documentation", "publish");
    static final List<NodeKind> KINDS = List.of(
            NodeKind.AGENT, NodeKind.AGENT, NodeKind.CHECKS, NodeKind.EVALUATOR, NodeKind.AGENT, NodeKind.PUBLISH);
    static final List<String> OUTCOMES = List.of("done", "done", "pass", "accept", "done");

    @TempDir
    Path tmp;

    /** A fixture whose run crashed with {@code node} of the implementation flow in flight, driven by {@code pid}. */
    static RunFixture crashedAt(Path dir, String node, long pid) {
        RunFixture f = new RunFixture(dir);
        f.flow("implementation", RunFixture.IMPLEMENTATION);
        f.checks("ok.sh");
        f.audited();
        List<WbEvent> events = new ArrayList<>();
        events.add(new RunStarted("implementation", f.digest("implementation"), "0".repeat(64), "implementation"));
        for (int i = 0; i < PATH.size(); i++) {
            events.add(new NodeStarted(PATH.get(i), KINDS.get(i), 1, pid, BootId.current()));
            if (PATH.get(i).equals(node)) {
                break;
            }
            events.add(NodeFinished.of(PATH.get(i), OUTCOMES.get(i), 5));
            String outcome = OUTCOMES.get(i);
            events.add(new EdgeTaken(
                    PATH.get(i),
                    PATH.get(i + 1),
                    outcome.equals("done") ? Optional.empty() : Optional.of(outcome),
                    Optional.empty(),
                    0));
        }
        f.append(events.toArray(WbEvent[]::new));
        // the crashed implementation had changed the code
        f.repo.write("src/app.py", "# app\nvalue = 2\n");
        return f;
    }

    private static long finished(RunFixture f, String node) {
        return f.events().stream()
                .filter(e -> NodeFinished.TYPE.matches(e)
                        && NodeFinished.TYPE.read(e).node().equals(node))
                .count();
    }

    @Test
    void a_node_safe_to_repeat_is_run_again_and_finished_ones_are_not() {
        for (String node : List.of("planning", "testing", "review", "documentation", "publish")) {
            RunFixture f = crashedAt(tmp.resolve(node), node, DEAD);

            CliRun.Result run = f.wb("run", RunFixture.KEY);

            if (node.equals("documentation")) {
                // an agent with workspace-write: not repeated, see below
                assertEquals(3, run.code(), node + ": " + run);
                continue;
            }
            assertEquals(0, run.code(), node + ": " + run);
            assertTrue(run.out().contains("was in flight: run again"), node + ": " + run);
            RunState state = f.state();
            assertEquals("done", state.status(), node);
            assertEquals(2, state.attempts(node), node + " ran again as attempt 2");
            for (String before : PATH.subList(0, PATH.indexOf(node))) {
                assertEquals(1, finished(f, before), node + ": " + before + " finished once, never again");
            }
            String calls = FakeProviders.calls(f.bin, "claude").orElse("");
            assertFalse(
                    !node.equals("planning") && calls.contains("You are the planning step."),
                    node + ": planning was run again: " + calls);
        }
    }

    @Test
    void an_agent_that_edited_the_tree_is_interrupted_and_parked_with_the_trees_state() {
        RunFixture f = crashedAt(tmp, "implementation", DEAD);
        String head = f.repo.git("rev-parse", "HEAD").trim();

        CliRun.Result run = f.wb("run", RunFixture.KEY);

        assertEquals(3, run.code(), run.toString());
        assertEquals(List.of("planning:done", "implementation:interrupted"), outcomes(f));
        assertTrue(run.out().contains("--answer approve|rerun|deny"), run.toString());
        RunParked parked = f.events().stream()
                .filter(RunParked.TYPE::matches)
                .map(RunParked.TYPE::read)
                .findFirst()
                .orElseThrow();
        assertEquals(RunParked.Reason.INTERRUPTED, parked.reason());
        assertEquals(Optional.of(head), parked.head());
        assertTrue(parked.changedPaths().contains("src/app.py"), parked.toString());
        assertEquals(2, f.wb("run", RunFixture.KEY, "--answer", "perhaps").code());

        CliRun.Result kept = f.wb("run", RunFixture.KEY, "--answer", "approve");

        assertEquals(0, kept.code(), kept.toString());
        assertEquals(1, f.state().attempts("implementation"), "the interrupted agent was not run again");
        assertEquals("done", f.state().status());
    }

    @Test
    void a_tool_and_a_hitl_in_flight_are_run_again() {
        RunFixture f = new RunFixture(tmp.resolve("tool"));
        f.script(".workflow/tools/gate", "exit 0");
        f.flow("tooling", """
                flow:
                  name: tooling
                  task_type: tooling
                  permission_ceiling: read-only
                  output_policy: code_change
                  publishing: none
                  nodes:
                    - {id: gate, kind: tool, tool: gate}
                    - {id: ask, kind: hitl, signal: question}
                    - {id: out, kind: publish, policy: none}
                  edges:
                    - {from: gate, to: ask, outcome: pass}
                    - {from: ask, to: out}
                """);
        f.append(
                new RunStarted("tooling", f.digest("tooling"), "0".repeat(64), "tooling"),
                new NodeStarted("gate", NodeKind.TOOL, 1, DEAD, BootId.current()));

        CliRun.Result run = f.wb("run", RunFixture.KEY);

        assertEquals(3, run.code(), run.toString());
        assertEquals(List.of("gate:pass"), outcomes(f));
        assertEquals(2, f.state().attempts("gate"));
        // the hitl node parked; a crash now leaves nothing in flight, and a second hitl start re-parks
        f.append(new NodeStarted("ask", NodeKind.HITL, 2, DEAD, BootId.current()));
        CliRun.Result again = f.wb("run", RunFixture.KEY);
        assertEquals(3, again.code(), again.toString());
        assertEquals(3, f.state().attempts("ask"));

        CliRun.Result answered = f.wb("run", RunFixture.KEY, "--answer", "ship it on Friday");

        assertEquals(0, answered.code(), answered.toString());
        assertEquals(List.of("gate:pass", "ask:done", "out:done"), outcomes(f));
    }

    @Test
    void a_second_run_while_the_first_drives_the_task_is_refused_and_appends_nothing() {
        long live = ProcessHandle.current().parent().orElseThrow().pid();
        RunFixture f = crashedAt(tmp, "testing", live);
        int before = f.events().size();

        CliRun.Result run = f.wb("run", RunFixture.KEY);

        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("another wb run (pid " + live + ") is driving ABC-1"), run.toString());
        assertEquals(before, f.events().size());
    }

    @Test
    void a_flow_changed_since_the_run_started_is_refused_naming_both_digests() {
        RunFixture f = crashedAt(tmp, "testing", DEAD);
        String was = f.digest("implementation");
        f.flow("implementation", RunFixture.IMPLEMENTATION + "# edited after the crash\n");
        String now = f.digest("implementation");
        int before = f.events().size();

        CliRun.Result run = f.wb("run", RunFixture.KEY);

        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("flow 'implementation' changed since ABC-1's run started"), run.toString());
        assertTrue(run.err().contains(was) && run.err().contains(now), run.toString());
        assertEquals(before, f.events().size());
    }

    private static List<String> outcomes(RunFixture f) {
        return f.events().stream()
                .filter(NodeFinished.TYPE::matches)
                .map(e -> NodeFinished.TYPE.read(e).node() + ":"
                        + NodeFinished.TYPE.read(e).outcome())
                .toList();
    }
}
