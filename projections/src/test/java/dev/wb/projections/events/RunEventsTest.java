package dev.wb.projections.events;

import static dev.wb.projections.events.RecordChecks.assertReadsBack;
import static dev.wb.projections.events.RecordChecks.assertStored;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.run.EdgeTaken;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.NodeKind;
import dev.wb.projections.events.run.NodeStarted;
import dev.wb.projections.events.run.RunAnswered;
import dev.wb.projections.events.run.RunBudgetExhausted;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.events.run.RunParked;
import dev.wb.projections.events.run.RunStarted;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The run's events (issue 20): stored canonically, read back equal. */
class RunEventsTest {

    private static final String D = "ab".repeat(32);

    static NodeFinished evaluated() {
        return new NodeFinished(
                "review",
                "rework",
                1200,
                List.of(new NodeFinished.Artifact("output", D)),
                Optional.of("high"),
                Optional.of(new NodeFinished.Usage(5300, "0.04")),
                Optional.of("2 findings"),
                Optional.empty(),
                Optional.empty());
    }

    @Test
    void each_event_is_stored_canonically() {
        assertStored(
                new RunStarted("implementation", D, D, "implementation"),
                "run.started",
                1,
                "{\"configDigest\":\"" + D + "\",\"flow\":\"implementation\",\"flowDigest\":\"" + D
                        + "\",\"taskType\":\"implementation\"}");
        assertStored(
                new NodeStarted("testing", NodeKind.CHECKS, 2, 4242, Optional.empty()),
                "node.started",
                1,
                "{\"attempt\":2,\"boot\":null,\"kind\":\"checks\",\"node\":\"testing\",\"pid\":4242}");
        assertStored(
                evaluated(),
                "node.finished",
                1,
                "{\"artifacts\":[{\"digest\":\"" + D
                        + "\",\"name\":\"output\"}],\"durationMs\":1200,\"node\":\"review\","
                        + "\"outcome\":\"rework\",\"reason\":\"2 findings\",\"severity\":\"high\","
                        + "\"usage\":{\"cost\":\"0.04\",\"tokens\":5300}}");
        assertStored(
                NodeFinished.of("work", "done", 3),
                "node.finished",
                1,
                "{\"artifacts\":[],\"durationMs\":3,\"node\":\"work\",\"outcome\":\"done\",\"reason\":null,"
                        + "\"severity\":null,\"usage\":null}");
        assertStored(
                new NodeFinished(
                        "fixing",
                        "done",
                        5,
                        List.of(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.of(new NodeFinished.Session(
                                "implementation", "claude", Optional.of("u2"), false, Optional.of("u1"))),
                        Optional.empty()),
                "node.finished",
                1,
                "{\"artifacts\":[],\"durationMs\":5,\"node\":\"fixing\",\"outcome\":\"done\",\"reason\":null,"
                        + "\"session\":{\"id\":\"u2\",\"lineage\":\"implementation\",\"provider\":\"claude\","
                        + "\"refused\":\"u1\",\"resumed\":false},\"severity\":null,\"usage\":null}");
        assertStored(
                new NodeFinished(
                        "lint",
                        "pass",
                        7,
                        List.of(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.of(new NodeFinished.Stopped(2, 1, 0))),
                "node.finished",
                1,
                "{\"artifacts\":[],\"durationMs\":7,\"node\":\"lint\",\"outcome\":\"pass\",\"reason\":null,"
                        + "\"severity\":null,\"stopped\":{\"killed\":1,\"left\":0,\"processes\":2},\"usage\":null}");
        assertStored(
                new EdgeTaken("testing", "fixing", Optional.of("fail"), Optional.of("test_fix"), 1),
                "edge.taken",
                1,
                "{\"counter\":1,\"from\":\"testing\",\"loop\":\"test_fix\",\"outcome\":\"fail\",\"to\":\"fixing\"}");
        assertStored(
                new RunBudgetExhausted("test_fix", 2),
                "run.budget_exhausted",
                1,
                "{\"limit\":2,\"loop\":\"test_fix\"}");
        assertStored(
                new RunParked(
                        RunParked.Reason.INTERRUPTED, "work", Optional.empty(), Optional.of(D), List.of("src/A.java")),
                "run.parked",
                1,
                "{\"changedPaths\":[\"src/A.java\"],\"head\":\"" + D
                        + "\",\"node\":\"work\",\"question\":null,\"reason\":\"interrupted\"}");
        assertStored(new RunAnswered("approve"), "run.answered", 1, "{\"answer\":\"approve\"}");
        assertStored(
                new RunFinished(RunFinished.Status.DONE, "reached publish"),
                "run.finished",
                1,
                "{\"reason\":\"reached publish\",\"status\":\"done\"}");
    }

    @Test
    void a_node_finished_written_before_wb_stopped_what_a_program_left_reads_with_nothing_stopped() {
        NodeFinished old = NodeFinished.TYPE.read(CanonicalJson.parseObject(
                "{\"artifacts\":[],\"durationMs\":3,\"node\":\"work\",\"outcome\":\"done\",\"reason\":null,"
                        + "\"severity\":null,\"usage\":null}"));

        assertEquals(Optional.empty(), old.stopped());
    }

    @Test
    void each_event_reads_back_equal() {
        assertReadsBack(new RunStarted("f", D, D, "t"));
        assertReadsBack(new NodeStarted("n", NodeKind.TOOL, 1, 7, Optional.of("boot-1")));
        assertReadsBack(evaluated());
        assertReadsBack(NodeFinished.of("n", "pass", 0));
        assertReadsBack(new NodeFinished(
                "r",
                "accept",
                1,
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.of(new NodeFinished.Session("r", "codex", Optional.empty(), true, Optional.empty())),
                Optional.empty()));
        assertReadsBack(new NodeFinished(
                "t",
                "pass",
                1,
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.of(new NodeFinished.Stopped(3, 0, 0))));
        assertReadsBack(new EdgeTaken("a", "b", Optional.empty(), Optional.empty(), 0));
        assertReadsBack(new RunBudgetExhausted("fix_iterations", 30));
        assertReadsBack(
                new RunParked(RunParked.Reason.APPROVAL, "gate", Optional.of("ship?"), Optional.empty(), List.of()));
        assertReadsBack(new RunAnswered("some text"));
        assertReadsBack(new RunFinished(RunFinished.Status.MANUAL, "budget"));
    }
}
