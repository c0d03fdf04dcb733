package dev.wb.projections.events;

import static dev.wb.projections.events.RecordChecks.assertReadsBack;
import static dev.wb.projections.events.RecordChecks.assertStored;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The payload exactly as wb wrote it before the record (issue 15), and read back. */
class GitSeriesFinishedTest {

    static GitSeriesFinished refused() {
        return new GitSeriesFinished(
                GitSeriesName.COMMIT,
                GitStatus.REFUSED,
                1,
                List.of(List.of("push", "origin", "wb/ABC-12")),
                Optional.empty());
    }

    @Test
    void a_stopped_series_is_stored_as_before() {
        assertStored(
                refused(),
                "git.series.finished",
                1,
                "{\"notRun\":[[\"push\",\"origin\",\"wb/ABC-12\"]],\"ran\":1,\"series\":\"commit\",\"status\":\"refused\"}");
        assertStored(
                new GitSeriesFinished(
                        GitSeriesName.COMMIT,
                        GitStatus.FAILED,
                        2,
                        List.of(List.of("push", "origin", "wb/ABC-12")),
                        Optional.empty()),
                "git.series.finished",
                1,
                "{\"notRun\":[[\"push\",\"origin\",\"wb/ABC-12\"]],\"ran\":2,\"series\":\"commit\",\"status\":\"failed\"}");
    }

    @Test
    void a_series_reads_back_equal() {
        assertReadsBack(refused());
        assertReadsBack(new GitSeriesFinished(GitSeriesName.PUSH, GitStatus.OK, 2, List.of(), Optional.empty()));
    }

    @Test
    void a_series_name_this_wb_does_not_know_reads_as_start_which_commits_nothing() {
        ObjectNode finished = refused().payload();
        finished.put("series", "rebase");
        ObjectNode step = new GitStepRan(
                        GitSeriesName.CARRY,
                        0,
                        List.of("cherry-pick", "-x", "abc"),
                        GitStatus.OK,
                        0,
                        "",
                        Optional.empty(),
                        1,
                        Optional.empty())
                .payload();
        step.remove("series");

        assertEquals(GitSeriesName.START, GitSeriesFinished.TYPE.read(finished).series());
        assertEquals(GitSeriesName.START, GitStepRan.TYPE.read(step).series());
    }
}
