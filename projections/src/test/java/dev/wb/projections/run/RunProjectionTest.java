package dev.wb.projections.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.InMemoryEventLog;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.Folds;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.run.EdgeTaken;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.NodeKind;
import dev.wb.projections.events.run.NodeLaunched;
import dev.wb.projections.events.run.NodeStarted;
import dev.wb.projections.events.run.RunAnswered;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.events.run.RunParked;
import dev.wb.projections.events.run.RunStarted;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The run folded from its events: status, node, counters, the node in flight, history. */
class RunProjectionTest {

    private static List<EventEnvelope> stored(WbEvent... events) {
        InMemoryEventLog log = new InMemoryEventLog();
        StreamId stream = StreamId.task(new TaskKey("RUN-1"));
        for (WbEvent e : events) {
            log.append(stream, ExpectedVersion.any(), List.of(e.toNewEvent()), TestEvents.invocation());
        }
        return log.read(stream);
    }

    private static RunState fold(WbEvent... events) {
        return Folds.fold(RunProjection.INSTANCE, stored(events));
    }

    @Test
    void no_run_reads_new() {
        assertEquals(RunState.NEW, fold().status());
        assertFalse(fold().active());
    }

    @Test
    void a_node_started_and_not_finished_is_in_flight() {
        RunState s = fold(
                new RunStarted("impl", "d1", "c1", "implementation"),
                new NodeStarted("testing", NodeKind.CHECKS, 1, 99, Optional.empty()));
        assertEquals(RunState.RUNNING, s.status());
        assertEquals("testing", s.inFlight().orElseThrow().node());
        assertEquals(99, s.inFlight().orElseThrow().pid());
        assertEquals(Optional.of("testing"), s.node());
    }

    @Test
    void loops_count_and_the_global_backstop_counts_every_fix_round() {
        RunState s = fold(
                new RunStarted("impl", "d1", "c1", "implementation"),
                new NodeStarted("testing", NodeKind.CHECKS, 1, 1, Optional.empty()),
                NodeFinished.of("testing", "fail", 5),
                new EdgeTaken("testing", "fixing", Optional.of("fail"), Optional.of("test_fix"), 1),
                new NodeStarted("fixing", NodeKind.AGENT, 1, 1, Optional.empty()),
                NodeFinished.of("fixing", "done", 5),
                new EdgeTaken("fixing", "testing", Optional.empty(), Optional.empty(), 0),
                new NodeStarted("testing", NodeKind.CHECKS, 2, 1, Optional.empty()),
                NodeFinished.of("testing", "fail", 5));
        assertEquals(1, s.counter("test_fix"));
        assertEquals(1, s.fixIterations());
        assertEquals(2, s.attempts("testing"));
        assertEquals(3, s.history().size());
        assertEquals(Optional.of("fail"), s.pending());
        assertTrue(s.inFlight().isEmpty());
    }

    @Test
    void parked_then_answered_then_finished() {
        RunState parked = fold(
                new RunStarted("impl", "d1", "c1", "implementation"),
                new NodeStarted("gate", NodeKind.HITL, 1, 1, Optional.empty()),
                new RunParked(RunParked.Reason.APPROVAL, "gate", Optional.of("ship?"), Optional.empty(), List.of()));
        assertEquals(RunState.PARKED, parked.status());
        assertTrue(parked.active());
        RunState answered = Folds.foldFrom(RunProjection.INSTANCE, parked, stored(new RunAnswered("approve")));
        assertEquals(Optional.of("approve"), answered.answer());
        assertEquals(RunState.RUNNING, answered.status());
        RunState done = Folds.foldFrom(
                RunProjection.INSTANCE, answered, stored(new RunFinished(RunFinished.Status.DONE, "reached the end")));
        assertEquals("done", done.status());
        assertFalse(done.active());
        assertEquals(Optional.of("reached the end"), done.reason());
    }

    @Test
    void the_wall_is_the_events_own_time_less_the_time_parked_and_usage_sums_exactly() {
        InMemoryEventLog log = new InMemoryEventLog();
        StreamId stream = StreamId.task(new TaskKey("RUN-1"));
        long[] at = {0};
        for (WbEvent e : List.<WbEvent>of(
                new RunStarted("impl", "d1", "c1", "implementation", Optional.of(600)),
                new NodeFinished(
                        "review",
                        "accept",
                        5,
                        List.of(),
                        Optional.empty(),
                        Optional.of(new NodeFinished.Usage(100, "0.1")),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty()),
                new RunParked(RunParked.Reason.QUESTION, "gate", Optional.of("why?"), Optional.empty(), List.of()),
                new RunAnswered("because"),
                new NodeFinished(
                        "again",
                        "accept",
                        5,
                        List.of(),
                        Optional.empty(),
                        Optional.of(new NodeFinished.Usage(20, "0.2")),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty()),
                new NodeFinished(
                        "odd",
                        "done",
                        5,
                        List.of(),
                        Optional.empty(),
                        Optional.of(new NodeFinished.Usage(1, "$5")),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty()))) {
            // each event 10 s after the one before, the answer 1000 s after the park
            at[0] += e instanceof RunAnswered ? 1000 : 10;
            Clock clock = Clock.fixed(TestEvents.T0.plusSeconds(at[0]), ZoneOffset.UTC);
            log.append(stream, ExpectedVersion.any(), List.of(e.toNewEvent()), TestEvents.invocation(clock));
        }
        RunState s = Folds.fold(RunProjection.INSTANCE, log.read(stream));

        assertEquals(1_000_000, s.wall().parkedMs());
        assertEquals(Optional.of(600), s.wall().limit());
        // started at T0+10, now T0+1070: 1060 s of which 1000 parked
        assertEquals(60_000, s.wall().activeMillis(TestEvents.T0.plusSeconds(1070)));
        assertEquals(121, s.tokens());
        assertEquals(new BigDecimal("0.3"), s.cost(), "0.1 + 0.2 exactly; \"$5\" counts nothing");
        assertEquals(s, RunProjection.INSTANCE.fromJson(RunProjection.INSTANCE.toJson(s)));
        assertEquals(Optional.empty(), s.wall().duration(), "no duration before the run ends");

        // ended at T0+1080: its active time stays 70 s whenever it is asked, its duration 1070 s
        log.append(
                stream,
                ExpectedVersion.any(),
                List.of(new RunFinished(RunFinished.Status.DONE, "end").toNewEvent()),
                TestEvents.invocation(Clock.fixed(TestEvents.T0.plusSeconds(1080), ZoneOffset.UTC)));
        RunState ended = Folds.fold(RunProjection.INSTANCE, log.read(stream));
        assertEquals(70_000, ended.wall().activeMillis(TestEvents.T0.plusSeconds(99_999)));
        assertEquals(Optional.of(Duration.ofSeconds(1070)), ended.wall().duration());
        assertEquals(Optional.of(TestEvents.T0.plusSeconds(1080)), ended.wall().ended());
        assertEquals(ended, RunProjection.INSTANCE.fromJson(RunProjection.INSTANCE.toJson(ended)));
    }

    @Test
    void node_launched_names_the_process_of_the_node_in_flight_and_of_no_other() {
        Instant began = Instant.parse("2026-01-02T03:04:05.678Z");
        RunState s = fold(
                new RunStarted("impl", "d1", "c1", "implementation"),
                new NodeStarted("gate", NodeKind.TOOL, 1, 1, Optional.of("b")),
                new NodeLaunched("gate", 1, 4242, Optional.of(4242L), Optional.of(began)));
        assertEquals(
                Optional.of(new RunState.Child(4242, Optional.of(4242L), Optional.of(began))),
                s.inFlight().orElseThrow().child());
        assertEquals(s, RunProjection.INSTANCE.fromJson(RunProjection.INSTANCE.toJson(s)));
        RunState other = fold(
                new RunStarted("impl", "d1", "c1", "implementation"),
                new NodeStarted("gate", NodeKind.TOOL, 2, 1, Optional.of("b")),
                new NodeLaunched("gate", 1, 4242, Optional.empty(), Optional.empty()));
        assertEquals(Optional.empty(), other.inFlight().orElseThrow().child(), "another attempt's process");
        RunState finished = Folds.foldFrom(RunProjection.INSTANCE, s, stored(NodeFinished.of("gate", "pass", 5)));
        assertEquals(Optional.empty(), finished.inFlight());
    }

    @Test
    void the_state_reads_back_from_its_json_and_nothing_else_does() {
        RunState s = fold(
                new RunStarted("impl", "d1", "c1", "implementation"),
                new NodeStarted("testing", NodeKind.CHECKS, 1, 1, Optional.of("b")),
                NodeFinished.of("testing", "fail", 5),
                new EdgeTaken("testing", "fixing", Optional.of("fail"), Optional.of("test_fix"), 1),
                new NodeStarted("gate", NodeKind.HITL, 1, 1, Optional.empty()),
                new RunParked(RunParked.Reason.QUESTION, "gate", Optional.of("why?"), Optional.empty(), List.of()));
        assertEquals(s, RunProjection.INSTANCE.fromJson(RunProjection.INSTANCE.toJson(s)));
        assertEquals(RunState.EMPTY, RunProjection.INSTANCE.fromJson(RunProjection.INSTANCE.toJson(RunState.EMPTY)));
        assertThrows(
                IllegalArgumentException.class,
                () -> RunProjection.INSTANCE.fromJson(CanonicalJson.objectNode().put("runs", 1)));
    }

    private static NodeFinished turn(String node, String lineage, String provider, String id, boolean resumed) {
        return new NodeFinished(
                node,
                "done",
                1,
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.of(new NodeFinished.Session(
                        lineage, provider, Optional.of(id).filter(x -> !x.isEmpty()), resumed, Optional.empty())),
                Optional.empty());
    }

    @Test
    void each_lineage_keeps_its_latest_session_and_who_spoke_on_it_and_a_new_run_forgets_them() {
        RunState s = fold(
                new RunStarted("impl", "d1", "c1", "implementation"),
                turn("implementation", "implementation", "claude", "s1", false),
                turn("review", "review", "claude", "r1", false),
                turn("fixing", "implementation", "claude", "s1", true),
                turn("fixing", "implementation", "claude", "s1", true));
        assertEquals(
                new RunState.Lineage("claude", "s1", List.of("implementation", "fixing")),
                s.lineages().get("implementation"));
        assertEquals(
                new RunState.Lineage("claude", "r1", List.of("review")),
                s.lineages().get("review"));
        assertEquals(s, RunProjection.INSTANCE.fromJson(RunProjection.INSTANCE.toJson(s)));

        // a new session (a refused continuation, another provider) starts the list again
        RunState renewed = Folds.fold(
                RunProjection.INSTANCE,
                stored(
                        new RunStarted("impl", "d1", "c1", "implementation"),
                        turn("implementation", "implementation", "claude", "s1", false),
                        turn("fixing", "implementation", "claude", "s2", false)));
        assertEquals(
                new RunState.Lineage("claude", "s2", List.of("fixing")),
                renewed.lineages().get("implementation"));

        // a session whose id the provider did not print leaves the lineage none
        RunState unknown = fold(
                new RunStarted("impl", "d1", "c1", "implementation"),
                turn("implementation", "implementation", "codex", "t1", false),
                turn("fixing", "implementation", "codex", "", false));
        assertFalse(unknown.lineages().containsKey("implementation"));

        RunState next = fold(
                new RunStarted("impl", "d1", "c1", "implementation"),
                turn("implementation", "implementation", "claude", "s1", false),
                new RunFinished(RunFinished.Status.DONE, "end"),
                new RunStarted("impl", "d1", "c1", "implementation"));
        assertTrue(next.lineages().isEmpty());
    }
}
