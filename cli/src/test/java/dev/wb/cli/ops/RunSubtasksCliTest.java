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
import dev.wb.projections.events.run.NodeWhen;
import dev.wb.projections.events.run.RunBudgetExhausted;
import dev.wb.projections.events.run.RunDecomposed;
import dev.wb.projections.events.run.RunStarted;
import dev.wb.projections.events.run.SubtaskFinished;
import dev.wb.projections.events.run.SubtaskStarted;
import dev.wb.testkit.FakeProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb run} with {@code derived.*} facts and a flow's {@code decomposition}: the refinement node runs
 * or is skipped by the task's capsule, and the recorded {@code node.when} says why; a planning agent's
 * proposal splits the task and the region runs once per subtask; the shared budget spans subtasks; a run
 * cut inside a subtask resumes in it; with the gate off the task runs as one unit.
 */
class RunSubtasksCliTest {

    static final String DECOMPOSED = """
            flow:
              name: decomposed
              task_type: decomposed
              permission_ceiling: workspace-write
              output_policy: code_change
              publishing: local_artifact
              nodes:
                - {id: refinement, kind: agent, role_file: roles/refinement.md, permission_profile: read-only, when: {fact: derived.needs_refinement}}
                - {id: planning, kind: agent, role_file: roles/planning.md, permission_profile: read-only, output_artifact: plan}
                - {id: implementation, kind: agent, role_file: roles/implementation.md, permission_profile: workspace-write}
                - {id: testing, kind: tool, tool: check}
                - {id: documentation, kind: agent, role_file: roles/documentation.md, permission_profile: workspace-write}
                - {id: publish, kind: publish, policy: local_artifact}
              edges:
                - {from: refinement, to: planning}
                - {from: planning, to: implementation}
                - {from: implementation, to: testing}
                - {from: testing, to: documentation, outcome: pass}
                - {from: testing, to: implementation, outcome: fail, loop: test_fix}
                - {from: documentation, to: publish}
              budgets: {global_fix_iterations: 1, test_fix: 3}
              decomposition:
                proposed_by: planning
                sub_flow: [implementation, testing]
                shared_budget: global_fix_iterations
            """;

    static final String GATE_ON =
            "{\"agents\": {\"max_fix_cycles\": 5, \"decomposition\": {\"enabled\": true, \"max_subtasks\": 3}}}\n";

    @TempDir
    Path tmp;

    RunFixture f;
    Path prompts;

    @BeforeEach
    void setUp() {
        f = new RunFixture(tmp);
        f.flow("decomposed", DECOMPOSED);
        f.repo.write(
                ".workflow/flows/roles/implementation.md",
                "Subtask {subtask_order}/{subtask_count}: {subtask_spec_path}"
                        + "{?predecessor_context} after {predecessor_context}{/predecessor_context}\n");
        f.script(".workflow/tools/check", "exit 0");
        prompts = tmp.resolve("prompts.log");
        f.agent("planning", FakeProviders.planningAgent("api", "store", "ui"));
        f.agent(
                "implementation",
                "printf '%s\\n' \"${@: -1}\" >> '" + prompts + "'; echo \"# $RANDOM\" >> src/app.py; echo implemented");
        wellFormedTask();
    }

    private void wellFormedTask() {
        f.repo.write(".workflow/ABC-1/task.md", "# ABC-1: value\n\n## Goal\n\nMake the value 2.\n");
        f.repo.write(".workflow/ABC-1/acceptance-criteria.md", "# Acceptance criteria\n\n- AC-1: the value is 2\n");
    }

    private <E extends WbEvent> List<E> all(dev.wb.projections.events.EventType<E> type) {
        return f.events().stream().filter(type::matches).map(type::read).toList();
    }

    private long started(String node) {
        return all(NodeStarted.TYPE).stream().filter(n -> n.node().equals(node)).count();
    }

    @Test
    void a_well_formed_task_skips_refinement_and_the_log_says_why() {
        f.agent("planning", "echo one plan");

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "decomposed");

        assertEquals(0, run.code(), run.toString());
        NodeWhen when = all(NodeWhen.TYPE).get(0);
        assertEquals("refinement", when.node());
        assertEquals("derived.needs_refinement", when.fact());
        assertFalse(when.value());
        assertFalse(when.runs());
        assertTrue(when.basis().contains(".workflow/ABC-1/task.md has description"), when.basis());
        NodeFinished skipped = all(NodeFinished.TYPE).get(0);
        assertEquals(
                "skipped: when derived.needs_refinement is not met",
                skipped.reason().orElseThrow());
        CliRun.Result replay = f.wb("replay", RunFixture.KEY);
        assertTrue(
                replay.out().contains("refinement is skipped: derived.needs_refinement is false"), replay.toString());
    }

    @Test
    void a_task_without_criteria_runs_refinement() {
        f.repo.write(".workflow/ABC-1/acceptance-criteria.md", "# Acceptance criteria\n\n- AC-1:\n");
        f.agent("refinement", "echo refined");
        f.agent("planning", "echo one plan");

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "decomposed");

        assertEquals(0, run.code(), run.toString());
        NodeWhen when = all(NodeWhen.TYPE).get(0);
        assertTrue(when.value());
        assertTrue(when.runs());
        assertTrue(when.basis().endsWith("needs refinement"), when.basis());
        assertTrue(all(NodeFinished.TYPE).get(0).reason().isEmpty(), "refinement ran");
        assertEquals(1, started("refinement"));
    }

    @Test
    void an_unknown_derived_fact_is_a_warning_of_validate_flow() {
        f.flow(
                "typo",
                DECOMPOSED
                        .replace("derived.needs_refinement", "derived.needs_refinment")
                        .replace("name: decomposed", "name: typo")
                        .replace("task_type: decomposed", "task_type: typo"));

        CliRun.Result check = f.wb("validate-flow", "typo");

        assertEquals(0, check.code(), check.toString());
        assertTrue(
                check.out()
                        .contains(
                                "WARN — node 'refinement': when.fact 'derived.needs_refinment' is not a fact wb"
                                        + " derives (derived.needs_refinement): it reads as false, so the node is always skipped"),
                check.toString());
    }

    @Test
    void a_decomposed_run_goes_through_the_region_once_per_subtask_and_to_done() throws IOException {
        f.repo.write(".workflow/config.json", GATE_ON);

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "decomposed");

        assertEquals(0, run.code(), run.toString());
        RunDecomposed decided = all(RunDecomposed.TYPE).get(0);
        assertTrue(decided.accepted());
        assertEquals(
                List.of("api", "store", "ui"),
                decided.subtasks().stream().map(RunDecomposed.Subtask::slug).toList());
        assertEquals(
                List.of(1, 2, 3),
                all(SubtaskStarted.TYPE).stream().map(SubtaskStarted::order).toList());
        assertEquals(
                List.of(1, 2, 3),
                all(SubtaskFinished.TYPE).stream().map(SubtaskFinished::order).toList());
        assertEquals(3, started("implementation"));
        assertEquals(3, started("testing"));
        assertEquals(1, started("documentation"));
        assertEquals("done", f.state().status());
        String dir = ".workflow/local/run/ABC-1/subtasks/";
        assertEquals(
                List.of(
                        "Subtask 1/3: " + dir + "01-api.md",
                        "Subtask 2/3: " + dir + "02-store.md after " + dir + "02-store.predecessors.md",
                        "Subtask 3/3: " + dir + "03-ui.md after " + dir + "03-ui.predecessors.md"),
                Files.readAllLines(prompts).stream().filter(l -> !l.isBlank()).toList());
        String spec = Files.readString(f.repo.resolve(dir + "02-store.md"));
        assertTrue(spec.contains("# Subtask 02: Part 2 store") && spec.contains("- store works"), spec);
        String handoff = Files.readString(f.repo.resolve(dir + "02-store.predecessors.md"));
        assertTrue(handoff.contains("## Subtask 01: Part 1 api") && handoff.contains("- src/app.py"), handoff);
        CliRun.Result status = f.wb("status", RunFixture.KEY);
        assertTrue(status.out().contains("subtask=3/3"), status.toString());
        assertEquals(
                3,
                f.wb("status", RunFixture.KEY, "--json")
                        .json()
                        .at("/run/subtask/count")
                        .asInt());
    }

    @Test
    void the_shared_budget_spent_across_subtasks_ends_the_run_for_a_person() {
        f.repo.write(".workflow/config.json", GATE_ON);
        Path calls = tmp.resolve("check.calls");
        // fails its first call in each subtask: fail, pass, fail …
        // (shell builtins only: the run's PATH holds git and the fake agent alone)
        f.script(
                ".workflow/tools/check",
                "echo x >> '" + calls + "'; n=0; while read -r l; do n=$((n + 1)); done < '" + calls
                        + "'; if [ $((n % 2)) = 1 ]; then echo failing; exit 1; fi; echo passing");

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "decomposed");

        assertEquals(2, run.code(), run.toString());
        assertEquals("manual_action_required", f.state().status());
        RunBudgetExhausted spent = all(RunBudgetExhausted.TYPE).get(0);
        assertEquals("global_fix_iterations", spent.loop());
        assertEquals(1, spent.limit());
        // subtask 1 spent the one shared fix round; subtask 2's own test_fix loop had rounds left
        assertEquals(
                List.of(1, 2),
                all(SubtaskStarted.TYPE).stream().map(SubtaskStarted::order).toList());
        assertEquals(
                List.of(1),
                all(SubtaskFinished.TYPE).stream().map(SubtaskFinished::order).toList());
        assertEquals(0, f.state().counter("test_fix"));
        assertTrue(f.wb("status", RunFixture.KEY).out().contains("subtask=2/3"));
    }

    @Test
    void a_run_cut_inside_a_subtask_resumes_that_subtask() {
        f.repo.write(".workflow/config.json", GATE_ON);
        List<RunDecomposed.Subtask> specs = List.of(
                new RunDecomposed.Subtask(1, "Part 1", "api", List.of("api works"), List.of()),
                new RunDecomposed.Subtask(2, "Part 2", "store", List.of("store works"), List.of(1)));
        f.append(
                new RunStarted("decomposed", f.digest("decomposed"), "0".repeat(64), "decomposed"),
                new NodeStarted("refinement", NodeKind.AGENT, 1, RunResumeCliTest.DEAD, BootId.current()),
                NodeFinished.of("refinement", "done", 1),
                new EdgeTaken("refinement", "planning", Optional.empty(), Optional.empty(), 0),
                new NodeStarted("planning", NodeKind.AGENT, 1, RunResumeCliTest.DEAD, BootId.current()),
                NodeFinished.of("planning", "done", 1),
                new RunDecomposed("planning", true, "accepted", Optional.of("global_fix_iterations"), specs),
                new EdgeTaken("planning", "implementation", Optional.empty(), Optional.empty(), 0),
                new SubtaskStarted(1, 2, "api", "implementation"),
                new NodeStarted("implementation", NodeKind.AGENT, 1, RunResumeCliTest.DEAD, BootId.current()),
                NodeFinished.of("implementation", "done", 1),
                new EdgeTaken("implementation", "testing", Optional.empty(), Optional.empty(), 0),
                new NodeStarted("testing", NodeKind.TOOL, 1, RunResumeCliTest.DEAD, BootId.current()),
                NodeFinished.of("testing", "pass", 1),
                new SubtaskFinished(1, 2, Optional.empty(), List.of("src/app.py")),
                new SubtaskStarted(2, 2, "store", "implementation"),
                new NodeStarted("implementation", NodeKind.AGENT, 2, RunResumeCliTest.DEAD, BootId.current()),
                NodeFinished.of("implementation", "done", 1),
                new EdgeTaken("implementation", "testing", Optional.empty(), Optional.empty(), 0),
                // the crash: testing of subtask 2 in flight
                new NodeStarted("testing", NodeKind.TOOL, 2, RunResumeCliTest.DEAD, BootId.current()));
        assertTrue(f.wb("status", RunFixture.KEY).out().contains("subtask=2/2"));

        CliRun.Result run = f.wb("run", RunFixture.KEY);

        assertEquals(0, run.code(), run.toString());
        assertEquals(2, started("implementation"), "subtask 2's implementation finished: not run again");
        assertEquals(3, started("testing"));
        assertEquals(
                List.of(1, 2),
                all(SubtaskStarted.TYPE).stream().map(SubtaskStarted::order).toList());
        assertEquals(
                List.of(1, 2),
                all(SubtaskFinished.TYPE).stream().map(SubtaskFinished::order).toList());
        assertEquals(1, started("documentation"));
        assertEquals("done", f.state().status());
    }

    @Test
    void with_the_gate_off_the_task_runs_as_one_unit() {
        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "decomposed");

        assertEquals(0, run.code(), run.toString());
        RunDecomposed decided = all(RunDecomposed.TYPE).get(0);
        assertFalse(decided.accepted());
        assertEquals("gate_off", decided.reason());
        assertTrue(all(SubtaskStarted.TYPE).isEmpty());
        assertEquals(1, started("implementation"));
        assertEquals("done", f.state().status());
        assertTrue(f.wb("replay", RunFixture.KEY).out().contains("planning: the task runs as one unit (gate_off)"));
    }
}
