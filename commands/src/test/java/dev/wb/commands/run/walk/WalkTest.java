package dev.wb.commands.run.walk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.flow.FlowDefinition;
import dev.wb.commands.flow.FlowEdge;
import dev.wb.commands.flow.FlowNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.InMemoryEventLog;
import dev.wb.engine.StreamId;
import dev.wb.engine.TestEvents;
import dev.wb.projections.Folds;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.run.EdgeTaken;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.NodeKind;
import dev.wb.projections.events.run.NodeStarted;
import dev.wb.projections.events.run.RunAnswered;
import dev.wb.projections.events.run.RunBudgetExhausted;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.events.run.RunParked;
import dev.wb.projections.events.run.RunStarted;
import dev.wb.projections.run.RunProjection;
import dev.wb.projections.run.RunState;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The walk's decisions, with no process, repository or log on disk: a state and what happened in, events out. */
class WalkTest {

    private static final Instant T0 = TestEvents.T0;
    private static final WorkspaceConfig DEFAULTS =
            WorkspaceConfig.of(WorkspaceConfig.parse("{}".getBytes(StandardCharsets.UTF_8)));

    /** The state the events fold to, each batch stamped {@code seconds} after T0. */
    private static final class History {
        private final InMemoryEventLog log = new InMemoryEventLog();
        private final StreamId stream = StreamId.parse("ABC-1").orElseThrow();

        History at(long seconds, WbEvent... events) {
            Clock clock = Clock.fixed(T0.plusSeconds(seconds), ZoneOffset.UTC);
            log.append(
                    stream,
                    ExpectedVersion.any(),
                    List.of(events).stream().map(WbEvent::toNewEvent).toList(),
                    TestEvents.invocation(clock));
            return this;
        }

        RunState state() {
            List<EventEnvelope> events = new ArrayList<>();
            log.forEach(stream, 0, events::add);
            return Folds.fold(RunProjection.INSTANCE, events);
        }
    }

    private static FlowNode node(String id, String kind, boolean blocking, int maxReworkPerStage) {
        return new FlowNode(
                id,
                kind,
                1,
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                "fresh",
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                List.of(),
                blocking,
                maxReworkPerStage,
                Optional.empty());
    }

    private static FlowEdge edge(String from, String to, String outcome, String loop) {
        return new FlowEdge(0, 1, from, to, Optional.ofNullable(outcome), Optional.empty(), Optional.ofNullable(loop));
    }

    /** build → test; test → fix on fail (loop test_fix, budget 2); fix → test; review → fix on rework. */
    private static FlowDefinition flow(FlowNode... extra) {
        List<FlowNode> nodes = new ArrayList<>(List.of(node("build", "tool", true, 1), node("test", "tool", true, 1)));
        nodes.add(node("fix", "agent", true, 1));
        nodes.addAll(List.of(extra));
        return new FlowDefinition(
                "f",
                "f",
                "read-only",
                "code_change",
                "none",
                Optional.empty(),
                Map.of("test_fix", 2),
                nodes,
                List.of(
                        edge("build", "test", null, null),
                        edge("test", "fix", "fail", "test_fix"),
                        edge("fix", "test", null, null),
                        edge("review", "fix", "rework", "test_fix")),
                Optional.empty(),
                Optional.empty(),
                true);
    }

    private static History started() {
        return new History().at(0, new RunStarted("f", "d", "c", "f"));
    }

    @Test
    void the_entry_is_the_node_no_edge_leads_to() {
        assertEquals("build", Walk.entry(flow()));
    }

    @Test
    void an_unconditional_edge_is_taken_on_any_outcome_and_charges_nothing() {
        RunState state = started().state();

        Edges.Next next = Edges.next(flow(), DEFAULTS, state, "build", "pass");

        assertEquals(
                List.of(new EdgeTaken("build", "test", Optional.empty(), Optional.empty(), 0)),
                Walk.events(next, "build"));
    }

    @Test
    void a_fail_edge_charges_its_loop_until_the_budget_is_spent() {
        History h = started();
        FlowDefinition flow = flow();
        assertEquals(
                List.of(new EdgeTaken("test", "fix", Optional.of("fail"), Optional.of("test_fix"), 1)),
                Walk.events(Edges.next(flow, DEFAULTS, h.state(), "test", "fail"), "test"));
        h.at(1, new EdgeTaken("test", "fix", Optional.of("fail"), Optional.of("test_fix"), 1));
        h.at(2, new EdgeTaken("test", "fix", Optional.of("fail"), Optional.of("test_fix"), 2));

        List<WbEvent> third = Walk.events(Edges.next(flow, DEFAULTS, h.state(), "test", "fail"), "test");

        assertEquals(
                List.of(
                        new RunBudgetExhausted("test_fix", 2),
                        new RunFinished(RunFinished.Status.MANUAL, "loop test_fix spent its budget of 2 at 'test'")),
                third);
    }

    @Test
    void the_backstop_stops_a_loop_the_flow_would_still_allow() {
        History h = started();
        WorkspaceConfig one = WorkspaceConfig.of(WorkspaceConfig.parse(
                "{\"agents\": {\"max_total_fix_iterations\": 1}}".getBytes(StandardCharsets.UTF_8)));
        h.at(1, new EdgeTaken("test", "fix", Optional.of("fail"), Optional.of("test_fix"), 1));

        assertEquals(new Edges.Exhausted(Edges.GLOBAL, 1), Edges.next(flow(), one, h.state(), "test", "fail"));
    }

    @Test
    void the_flow_ends_where_no_edge_leaves_done_on_a_success_failed_otherwise() {
        RunState state = started().state();
        FlowDefinition flow = flow(node("last", "tool", true, 1));

        assertEquals(
                List.of(new RunFinished(RunFinished.Status.DONE, "the flow ended at 'last' with pass")),
                Walk.events(Edges.next(flow, DEFAULTS, state, "last", "pass"), "last"));
        assertEquals(
                List.of(new RunFinished(RunFinished.Status.FAILED, "the flow ended at 'last' with fail")),
                Walk.events(Edges.next(flow, DEFAULTS, state, "last", "fail"), "last"));
        // an outcome no edge of a node with edges takes fails the run
        assertEquals(
                List.of(new RunFinished(RunFinished.Status.FAILED, "no edge leaves 'test' on route:x")),
                Walk.events(Edges.next(flow, DEFAULTS, state, "test", "route:x"), "test"));
    }

    @Test
    void the_wall_time_is_counted_on_the_clock_passed_in_with_parked_time_left_out() {
        History h = started()
                .at(10, new RunParked(RunParked.Reason.QUESTION, "ask", Optional.of("?"), Optional.empty(), List.of()))
                .at(60, new RunAnswered("yes"));
        RunState state = h.state();
        Instant now = T0.plusSeconds(100);

        assertEquals(Duration.ofSeconds(10), Walk.wallLeft(state, 60, now));
        assertEquals(List.of(), Walk.beforeNode(state, 60, now, "build"));
        assertEquals(
                List.of(
                        new RunBudgetExhausted(Walk.WALL, 50),
                        new RunFinished(
                                RunFinished.Status.MANUAL, "the run spent its wall time limit of 50 s before 'build'")),
                Walk.beforeNode(state, 50, now, "build"));
    }

    @Test
    void a_node_end_ends_the_run_when_the_wall_ran_out_or_a_person_is_needed() {
        NodeFinished crashed = new NodeFinished(
                "build",
                "crashed",
                5,
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.of("exit 2"),
                Optional.empty(),
                Optional.empty());

        assertEquals(List.of(crashed), Walk.nodeEnded(crashed, Walk.Ending.GOES_ON, 60));
        assertEquals(
                List.of(crashed, new RunFinished(RunFinished.Status.MANUAL, "node 'build': exit 2")),
                Walk.nodeEnded(crashed, Walk.Ending.PERSON, 60));
        assertEquals(
                List.of(
                        crashed,
                        new RunBudgetExhausted(Walk.WALL, 60),
                        new RunFinished(
                                RunFinished.Status.MANUAL,
                                "the run spent its wall time limit of 60 s while 'build' ran")),
                Walk.nodeEnded(crashed, Walk.Ending.WALL, 60));
    }

    @Test
    void a_non_blocking_evaluator_accepts_a_rework_once_its_stage_had_its_rounds() {
        FlowNode review = node("review", "evaluator", false, 2);
        FlowNode blocking = node("review", "evaluator", true, 2);
        FlowDefinition flow = flow(review);
        History h = started();

        assertFalse(Walk.acceptsRework(flow, DEFAULTS, h.state(), review, "rework"), "round 1 of 2");
        h.at(1, new NodeStarted("review", NodeKind.EVALUATOR, 1, 1, Optional.empty()))
                .at(2, NodeFinished.of("review", "rework", 1));
        assertTrue(Walk.acceptsRework(flow, DEFAULTS, h.state(), review, "rework"), "round 2 of 2");
        assertFalse(Walk.acceptsRework(flow, DEFAULTS, h.state(), blocking, "rework"), "a blocking one never");
        assertFalse(Walk.acceptsRework(flow, DEFAULTS, h.state(), review, "accept"), "only a rework");
    }

    @Test
    void a_skipped_node_passes_as_its_kind_does() {
        assertEquals("pass", Walk.skipped("tool"));
        assertEquals("pass", Walk.skipped("checks"));
        assertEquals("accept", Walk.skipped("evaluator"));
        assertEquals("done", Walk.skipped("agent"));
    }
}
