package dev.wb.projections.events.verify;

import static dev.wb.projections.events.RecordChecks.assertReadsBack;
import static dev.wb.projections.events.RecordChecks.assertStored;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.projections.events.Truncated;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The payload exactly as wb wrote it before the record (issue 15), and read back. */
class VerifyStartedTest {

    static VerifyStarted started() {
        return new VerifyStarted(
                "sha256:abc",
                600,
                List.of(
                        new VerifyStarted.Command(0, "pytest -q", "pytest"),
                        new VerifyStarted.Command(2, "ruff check", "ruff")),
                List.of(new VerifyStarted.Refused(1, "make && rm", "shell characters")),
                List.of("PYTHONPATH", "A"),
                List.of(new VerifyStarted.RefusedEnv("LD_PRELOAD", "forbidden")));
    }

    @Test
    void a_run_start_is_stored_as_before() {
        assertStored(
                started(),
                "verify.started",
                1,
                "{\"commands\":[{\"command\":\"pytest -q\",\"index\":0,\"runner\":\"pytest\"},{\"command\":\"ruff check\",\""
                        + "index\":2,\"runner\":\"ruff\"}],\"env\":[\"PYTHONPATH\",\"A\"],\"planDigest\":\"sha256:abc\",\"refused\":[{"
                        + "\"command\":\"make && rm\",\"index\":1,\"reason\":\"shell characters\"}],\"refusedEnv\":[{\"name\":\"LD_P"
                        + "RELOAD\",\"reason\":\"forbidden\"}],\"timeoutSeconds\":600}");
    }

    @Test
    void a_run_start_reads_back_equal() {
        assertReadsBack(started());
    }

    @Test
    void a_start_with_its_test_targets_checked_reads_back_equal_and_lists_the_missing_ones() {
        VerifyStarted checked =
                started().with(new VerifyStarted.Tests(List.of("tests/test_a.py", "tests/b.py::t"), "c0ffee"));

        assertReadsBack(checked);
        assertEquals(
                "tests/test_a.py",
                checked.payload().path("testsMissing").path(0).asText());
        assertEquals("c0ffee", checked.payload().path("changesSince").asText());
        assertEquals(Optional.empty(), started().tests());
        assertTrue(started().payload().path("testsMissing").isMissingNode());
    }

    @Test
    void a_start_that_lost_items_to_the_log_limit_says_so_and_reads_back_equal() {
        VerifyStarted cut = new VerifyStarted(
                "sha256:abc",
                600,
                List.of(),
                List.of(),
                List.of("A"),
                List.of(),
                Optional.of(new Truncated(Map.of("/env", 3))),
                Optional.empty(),
                Optional.empty());

        assertReadsBack(cut);
        assertEquals(3, cut.payload().path("truncated").path("/env").asInt());
    }

    @Test
    void the_worktree_it_started_on_reads_back_equal_and_an_older_start_has_none() {
        VerifyStarted on = started().on(Optional.of(new VerifyStarted.Worktree("a".repeat(40), 2)));

        assertReadsBack(on);
        assertEquals(
                "a".repeat(40), on.payload().path("worktree").path("commit").asText());
        assertEquals(2, on.payload().path("worktree").path("uncommitted").asInt());
        assertEquals(Optional.empty(), started().worktree());
        assertEquals(false, started().payload().has("worktree"));
    }
}
