package dev.wb.projections.events;

import static dev.wb.projections.events.RecordChecks.assertReadsBack;
import static dev.wb.projections.events.RecordChecks.assertStored;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The payload exactly as wb wrote it before the record (issue 15), and read back. */
class GitStepRanTest {

    static GitStepRan ok() {
        return new GitStepRan(
                GitSeriesName.COMMIT,
                0,
                List.of("switch", "-c", "wb/ABC-12"),
                GitStatus.OK,
                0,
                "Switched",
                Optional.empty(),
                12,
                Optional.empty());
    }

    static GitStepRan refused() {
        return new GitStepRan(
                GitSeriesName.COMMIT,
                1,
                List.of("commit", "-F", "x"),
                GitStatus.REFUSED,
                -1,
                "",
                Optional.of("no author"),
                3,
                Optional.empty());
    }

    static GitStepRan failed() {
        return new GitStepRan(
                GitSeriesName.COMMIT,
                1,
                List.of("commit", "-F", "x"),
                GitStatus.FAILED,
                1,
                "nothing to commit",
                Optional.empty(),
                3,
                Optional.empty());
    }

    @Test
    void a_step_that_ran_is_stored_as_before() {
        assertStored(
                ok(),
                "git.step.ran",
                1,
                "{\"argv\":[\"switch\",\"-c\",\"wb/ABC-12\"],\"durationMs\":12,\"exitCode\":0,\"index\":0,\"output\":\"Switc"
                        + "hed\",\"series\":\"commit\",\"status\":\"ok\"}");
    }

    @Test
    void a_refused_step_is_stored_with_its_refusal_as_before() {
        assertStored(
                refused(),
                "git.step.ran",
                1,
                "{\"argv\":[\"commit\",\"-F\",\"x\"],\"durationMs\":3,\"exitCode\":-1,\"index\":1,\"output\":\"\",\"refusal\":\""
                        + "no author\",\"series\":\"commit\",\"status\":\"refused\"}");
    }

    @Test
    void a_failed_step_is_stored_as_before() {
        assertStored(
                failed(),
                "git.step.ran",
                1,
                "{\"argv\":[\"commit\",\"-F\",\"x\"],\"durationMs\":3,\"exitCode\":1,\"index\":1,\"output\":\"nothing to com"
                        + "mit\",\"series\":\"commit\",\"status\":\"failed\"}");
    }

    @Test
    void each_reads_back_equal() {
        assertReadsBack(ok());
        assertReadsBack(refused());
        assertReadsBack(failed());
    }
}
