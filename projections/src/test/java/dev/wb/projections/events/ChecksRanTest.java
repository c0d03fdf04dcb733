package dev.wb.projections.events;

import static dev.wb.projections.events.RecordChecks.assertReadsBack;
import static dev.wb.projections.events.RecordChecks.assertStored;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The payload exactly as wb wrote it before the record (issue 15), and read back. */
class ChecksRanTest {

    static ChecksRan incomplete() {
        return new ChecksRan(
                3,
                List.of(new ChecksRan.Selected("repo", "always"), new ChecksRan.Selected("py", "a.py")),
                List.of(
                        new ChecksRan.Command("repo", List.of("make", "test"), CheckOutcome.PASSED, 0, 10, "ok\n"),
                        new ChecksRan.Command(
                                "py", List.of("pytest"), CheckOutcome.SKIPPED, -1, 0, "pytest not found")),
                Verdict.INCOMPLETE,
                List.of("py"),
                true,
                List.of(new ChecksRan.Mutation("repo", List.of("make", "test"), List.of("HEAD", "README.md"))),
                Optional.empty());
    }

    @Test
    void a_run_is_stored_as_before() {
        assertStored(
                incomplete(),
                "checks.ran",
                1,
                "{\"autoMergeBlocked\":true,\"changedPaths\":3,\"commands\":[{\"argv\":[\"make\",\"test\"],\"durationMil"
                        + "lis\":10,\"exitCode\":0,\"outcome\":\"passed\",\"output\":\"ok\\n\",\"set\":\"repo\"},{\"argv\":[\"pytest\"],\""
                        + "durationMillis\":0,\"exitCode\":-1,\"outcome\":\"skipped\",\"output\":\"pytest not found\",\"set\":\"py\""
                        + "}],\"mutations\":[{\"argv\":[\"make\",\"test\"],\"paths\":[\"HEAD\",\"README.md\"],\"set\":\"repo\"}],\"selec"
                        + "ted\":[{\"name\":\"repo\",\"reason\":\"always\"},{\"name\":\"py\",\"reason\":\"a.py\"}],\"skippedSets\":[\"py\""
                        + "],\"verdict\":\"incomplete\"}");
    }

    @Test
    void a_run_reads_back_equal() {
        assertReadsBack(incomplete());
    }

    @Test
    void a_command_s_variables_are_stored_beside_its_argv_and_read_back() {
        ChecksRan run = new ChecksRan(
                1,
                List.of(new ChecksRan.Selected("py", "always")),
                List.of(new ChecksRan.Command(
                        "py",
                        List.of("python", "-m", "pytest"),
                        Map.of("PYTHONPATH", "src"),
                        CheckOutcome.PASSED,
                        0,
                        5,
                        "")),
                Verdict.PASS,
                List.of(),
                false,
                List.of(),
                Optional.empty());
        assertStored(
                run,
                "checks.ran",
                1,
                "{\"autoMergeBlocked\":false,\"changedPaths\":1,\"commands\":[{\"argv\":[\"python\",\"-m\",\"pytest\"],"
                        + "\"durationMillis\":5,\"env\":{\"PYTHONPATH\":\"src\"},\"exitCode\":0,\"outcome\":\"passed\","
                        + "\"output\":\"\",\"set\":\"py\"}],\"mutations\":[],\"selected\":[{\"name\":\"py\",\"reason\":"
                        + "\"always\"}],\"skippedSets\":[],\"verdict\":\"pass\"}");
        assertReadsBack(run);
    }

    @Test
    void an_outcome_this_wb_does_not_know_reads_as_failed() {
        ObjectNode p = incomplete().payload();
        ((ObjectNode) p.withArray("commands").get(0)).put("outcome", "half-done");

        assertEquals(
                CheckOutcome.FAILED, ChecksRan.TYPE.read(p).commands().get(0).outcome());
        assertEquals(CheckOutcome.SKIPPED, incomplete().commands().get(1).outcome());
    }
}
