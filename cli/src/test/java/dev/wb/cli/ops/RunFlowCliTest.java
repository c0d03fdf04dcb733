package dev.wb.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.cli.testing.RunFixture;
import dev.wb.engine.EventEnvelope;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.run.RunState;
import dev.wb.testkit.FakeProviders;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb run KEY}: the reference's implementation flow driven with a scripted fake provider, in a real repository. */
class RunFlowCliTest {

    @TempDir
    Path tmp;

    RunFixture f;

    @BeforeEach
    void setUp() {
        f = new RunFixture(tmp);
        f.flow("implementation", RunFixture.IMPLEMENTATION);
    }

    private List<String> outcomes() {
        return f.events().stream()
                .filter(NodeFinished.TYPE::matches)
                .map(e -> NodeFinished.TYPE.read(e).node() + ":"
                        + NodeFinished.TYPE.read(e).outcome())
                .toList();
    }

    @Test
    void the_implementation_flow_runs_to_done_and_every_step_is_in_the_log() {
        f.checks("ok.sh");
        f.audited();

        CliRun.Result run = f.wb("run", RunFixture.KEY);

        assertEquals(0, run.code(), run.toString());
        assertEquals(
                List.of(
                        "planning:done",
                        "implementation:done",
                        "testing:pass",
                        "review:accept",
                        "documentation:done",
                        "publish:done"),
                outcomes());
        assertTrue(run.out().contains("run ABC-1: done"), run.toString());
        RunState state = f.state();
        assertEquals("done", state.status());
        assertEquals(0, state.fixIterations());
        List<String> types = f.types();
        assertEquals("run.started", types.get(types.indexOf("run.started")));
        assertEquals("run.finished", types.get(types.size() - 1));
        assertTrue(types.contains("checks.ran"), types.toString());
        assertEquals(5, types.stream().filter("edge.taken"::equals).count(), types.toString());
        // the evaluator's prompt: known tokens filled in, an unknown one verbatim; read-only (plan mode)
        String calls = FakeProviders.calls(f.bin, "claude").orElseThrow();
        assertTrue(calls.contains("Review ABC-1 in repo; keep {unknown_token} as is."), calls);
        assertTrue(calls.contains("plan"), calls);
        // the agent's output is stored by digest
        EventEnvelope review = f.events().stream()
                .filter(e -> NodeFinished.TYPE.matches(e)
                        && NodeFinished.TYPE.read(e).node().equals("review"))
                .findFirst()
                .orElseThrow();
        assertEquals("output", NodeFinished.TYPE.read(review).artifacts().get(0).name());
        assertEquals("low", NodeFinished.TYPE.read(review).severity().orElseThrow());
        // replay narrates every step in one line each
        CliRun.Result replay = f.wb("replay", RunFixture.KEY);
        assertTrue(replay.out().contains("testing → review on pass"), replay.out());
        assertTrue(replay.out().contains("done · the flow ended at 'publish' with done"), replay.out());
        // status shows the run
        CliRun.Result status = f.wb("status", RunFixture.KEY);
        assertTrue(status.out().contains("  run:           done (flow implementation, run 1)"), status.toString());
        // a finished run starts afresh when run again
        assertEquals(0, f.wb("run", RunFixture.KEY).code());
        assertEquals(2, f.state().runs());
    }

    @Test
    void a_fix_loop_that_spends_its_budget_ends_for_a_person() {
        f.checks("fail.sh");
        f.audited();

        CliRun.Result run = f.wb("run", RunFixture.KEY);

        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("loop test_fix spent its budget of 2"), run.toString());
        List<String> types = f.types();
        assertTrue(types.contains("run.budget_exhausted"), types.toString());
        RunState state = f.state();
        assertEquals("manual_action_required", state.status());
        assertEquals(2, state.counter("test_fix"));
        assertEquals(2, state.fixIterations());
        assertEquals(3, state.attempts("testing"));
        assertEquals(2, state.attempts("fixing"));
    }

    @Test
    void an_evaluator_asks_for_rework_once_and_the_loop_goes_round() {
        f.checks("ok.sh");
        f.audited();
        f.agent("review-1", "echo '{\"verdict\": \"rework\", \"severity\": \"high\"}'");

        CliRun.Result run = f.wb("run", RunFixture.KEY);

        assertEquals(0, run.code(), run.toString());
        assertEquals(
                List.of(
                        "planning:done",
                        "implementation:done",
                        "testing:pass",
                        "review:rework",
                        "fixing:done",
                        "testing:pass",
                        "review:accept",
                        "documentation:done",
                        "publish:done"),
                outcomes());
        assertEquals(1, f.state().counter("review_fix"));
    }

    @Test
    void a_tool_decides_by_its_json_outcome_and_reads_its_args_on_stdin() {
        f.script(".workflow/tools/gate", """
                IFS= read -r input; case "$input" in *'"mode":"strict"'*) ;; *) echo "no args: $input" >&2; exit 9;; esac
                if [ -f .git/gate-ran ]; then exit 0; fi
                : > .git/gate-ran; echo '{"outcome": "fail", "findings": ["a", "b"]}'""");
        f.flow("tooling", """
                flow:
                  name: tooling
                  task_type: tooling
                  permission_ceiling: workspace-write
                  output_policy: code_change
                  publishing: none
                  nodes:
                    - {id: start, kind: agent, role_file: roles/start.md, permission_profile: read-only}
                    - {id: gate, kind: tool, tool: gate, args: {mode: strict}}
                    - {id: mend, kind: agent, role_file: roles/mend.md}
                    - {id: out, kind: publish, policy: none}
                  edges:
                    - {from: start, to: gate}
                    - {from: gate, to: out, outcome: pass}
                    - {from: gate, to: mend, outcome: fail, loop: gate_fix}
                    - {from: mend, to: gate}
                  budgets: {gate_fix: 3}
                """);

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "tooling");

        assertEquals(0, run.code(), run.toString());
        assertEquals(List.of("start:done", "gate:fail", "mend:done", "gate:pass", "out:done"), outcomes());
        assertTrue(run.out().contains("gate (tool) → fail — 2 finding(s)"), run.toString());
    }

    @Test
    void a_tool_that_crashes_leaves_the_run_to_a_person() {
        f.script(".workflow/tools/gate", "echo 'Traceback: boom' >&2; exit 3");
        f.flow("tooling", """
                flow:
                  name: tooling
                  task_type: tooling
                  permission_ceiling: read-only
                  output_policy: code_change
                  publishing: none
                  nodes:
                    - {id: gate, kind: tool, tool: gate}
                    - {id: out, kind: publish, policy: none}
                  edges:
                    - {from: gate, to: out, outcome: pass}
                """);

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "tooling");

        assertEquals(2, run.code(), run.toString());
        assertEquals(List.of("gate:crashed"), outcomes());
        assertTrue(
                f.state().reason().orElseThrow().contains("Traceback: boom"),
                f.state().toString());
    }

    @Test
    void a_hitl_approval_parks_and_the_answer_routes_the_run() {
        f.flow("approval", """
                flow:
                  name: approval
                  task_type: approval
                  permission_ceiling: read-only
                  output_policy: code_change
                  publishing: none
                  nodes:
                    - {id: gate, kind: hitl, signal: approval}
                    - {id: ship, kind: publish, policy: none}
                    - {id: stop, kind: publish, policy: none}
                  edges:
                    - {from: gate, to: ship, outcome: 'route:approve'}
                    - {from: gate, to: stop, outcome: 'route:deny'}
                """);

        CliRun.Result parked = f.wb("run", RunFixture.KEY, "--flow", "approval");
        assertEquals(3, parked.code(), parked.toString());
        assertEquals("parked", f.state().status());
        assertEquals(3, f.wb("run", RunFixture.KEY).code(), "still parked without an answer");
        assertEquals(2, f.wb("run", RunFixture.KEY, "--answer", "maybe").code(), "an approval takes approve or deny");

        CliRun.Result answered = f.wb("run", RunFixture.KEY, "--answer", "approve");

        assertEquals(0, answered.code(), answered.toString());
        assertEquals(List.of("gate:route:approve", "ship:done"), outcomes());
        assertTrue(f.types().contains("run.answered"));
    }

    @Test
    void a_flow_that_fails_validation_never_starts() {
        f.flow("broken", """
                flow:
                  name: broken
                  task_type: broken
                  permission_ceiling: read-only
                  output_policy: code_change
                  publishing: none
                  nodes:
                    - {id: work, kind: agent, role_file: roles/work.md, permission_profile: workspace-write}
                """);

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "broken");

        assertEquals(3, run.code(), run.toString());
        assertTrue(run.err().contains("exceeds permission_ceiling"), run.toString());
        assertFalse(f.types().contains("run.started"), f.types().toString());
    }
}
