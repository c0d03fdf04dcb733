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
import dev.wb.projections.events.run.NodeStarted;
import dev.wb.projections.events.run.RunAnswered;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.events.run.RunParked;
import dev.wb.projections.events.run.RunStarted;
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
                new NodeStarted("testing", "checks", 1, 99, Optional.empty()));
        assertEquals(RunState.RUNNING, s.status());
        assertEquals("testing", s.inFlight().orElseThrow().node());
        assertEquals(99, s.inFlight().orElseThrow().pid());
        assertEquals(Optional.of("testing"), s.node());
    }

    @Test
    void loops_count_and_the_global_backstop_counts_every_fix_round() {
        RunState s = fold(
                new RunStarted("impl", "d1", "c1", "implementation"),
                new NodeStarted("testing", "checks", 1, 1, Optional.empty()),
                NodeFinished.of("testing", "fail", 5),
                new EdgeTaken("testing", "fixing", Optional.of("fail"), Optional.of("test_fix"), 1),
                new NodeStarted("fixing", "agent", 1, 1, Optional.empty()),
                NodeFinished.of("fixing", "done", 5),
                new EdgeTaken("fixing", "testing", Optional.empty(), Optional.empty(), 0),
                new NodeStarted("testing", "checks", 2, 1, Optional.empty()),
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
                new NodeStarted("gate", "hitl", 1, 1, Optional.empty()),
                new RunParked("approval", "gate", Optional.of("ship?"), Optional.empty(), List.of()));
        assertEquals(RunState.PARKED, parked.status());
        assertTrue(parked.active());
        RunState answered = Folds.foldFrom(RunProjection.INSTANCE, parked, stored(new RunAnswered("approve")));
        assertEquals(Optional.of("approve"), answered.answer());
        assertEquals(RunState.RUNNING, answered.status());
        RunState done = Folds.foldFrom(
                RunProjection.INSTANCE, answered, stored(new RunFinished(RunFinished.DONE, "reached the end")));
        assertEquals("done", done.status());
        assertFalse(done.active());
        assertEquals(Optional.of("reached the end"), done.reason());
    }

    @Test
    void the_state_reads_back_from_its_json_and_nothing_else_does() {
        RunState s = fold(
                new RunStarted("impl", "d1", "c1", "implementation"),
                new NodeStarted("testing", "checks", 1, 1, Optional.of("b")),
                NodeFinished.of("testing", "fail", 5),
                new EdgeTaken("testing", "fixing", Optional.of("fail"), Optional.of("test_fix"), 1),
                new NodeStarted("gate", "hitl", 1, 1, Optional.empty()),
                new RunParked("question", "gate", Optional.of("why?"), Optional.empty(), List.of()));
        assertEquals(s, RunProjection.INSTANCE.fromJson(RunProjection.INSTANCE.toJson(s)));
        assertEquals(RunState.EMPTY, RunProjection.INSTANCE.fromJson(RunProjection.INSTANCE.toJson(RunState.EMPTY)));
        assertThrows(
                IllegalArgumentException.class,
                () -> RunProjection.INSTANCE.fromJson(CanonicalJson.objectNode().put("runs", 1)));
    }
}
