package dev.wb.commands.show;

import static dev.wb.commands.show.ShowFixture.A;
import static dev.wb.commands.show.ShowFixture.B;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Session;
import dev.wb.commands.replay.ReplayQuery;
import dev.wb.commands.status.Stage;
import dev.wb.commands.status.StatusQuery;
import dev.wb.commands.status.WorkspaceStats;
import dev.wb.commands.status.WorkspaceStats.CommandStats;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workspace page: {@code wb status --stats} as charts that carry its numbers, and the tasks' links. */
class WorkspacePageTest {

    @TempDir
    Path tmp;

    ShowFixture fx;

    @BeforeEach
    void history() {
        fx = new ShowFixture(TempGitRepo.create(tmp, "repo"));
        fx.history(A, "the first change");
        fx.review(A, "NEEDS_CHANGES", "2026-11-30T10:00:00Z");
        fx.review(A, "APPROVED", "2026-11-30T12:00:00Z");
        fx.plan(B, "the second change", "make -s ok");
        fx.gitStep(B, "nothing to commit");
    }

    String page() {
        try (Session session = fx.session()) {
            return WorkspacePage.html(session, Instant.parse("2026-12-01T00:00:00Z"));
        }
    }

    WorkspaceStats stats() {
        try (Session session = fx.session()) {
            return new StatusQuery(session).all().stats();
        }
    }

    @Test
    void the_charts_carry_the_numbers_status_stats_computed() {
        String page = page();
        WorkspaceStats stats = stats();
        assertTrue(page.contains("<html lang=\"en\" data-wb-page=\"workspace\">"));
        List<String> stages = ShowFixture.tagsWith(page, "data-stage").stream()
                .filter(t -> t.contains("stage-bars"))
                .toList();
        assertEquals(Stage.values().length, stages.size());
        int failing = 0;
        int waiting = 0;
        for (Stage stage : Stage.values()) {
            String tag = stages.stream()
                    .filter(t -> ShowFixture.attribute(t, "data-stage").equals(stage.word()))
                    .findFirst()
                    .orElseThrow();
            assertEquals(stats.waiting().get(stage), Integer.parseInt(ShowFixture.attribute(tag, "data-waiting")));
            assertEquals(stats.failing().get(stage), Integer.parseInt(ShowFixture.attribute(tag, "data-failing")));
            failing += stats.failing().get(stage);
            waiting += stats.waiting().get(stage);
        }
        assertEquals(1, failing, "ABC-1 fails at scope");
        assertEquals(1, waiting, "ABC-2 waits for its audit");
        assertTrue(page.contains("id=\"done\" data-value=\"" + stats.done() + "\""));

        List<String> commands = ShowFixture.tagsWith(page, "data-runs");
        assertEquals(stats.commands().size(), commands.size());
        assertEquals(2, commands.size(), "make -s ok and make -s slow");
        for (CommandStats c : stats.commands()) {
            String tag = commands.stream()
                    .filter(t -> ShowFixture.attribute(t, "data-command").equals(c.command()))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no row for " + c.command()));
            assertEquals(c.runs(), Long.parseLong(ShowFixture.attribute(tag, "data-runs")));
            assertEquals(c.failures(), Long.parseLong(ShowFixture.attribute(tag, "data-failures")));
            assertEquals(c.meanMs(), Long.parseLong(ShowFixture.attribute(tag, "data-mean-ms")));
        }
    }

    @Test
    void review_rounds_are_charted_per_task() {
        String page = page();
        List<String> rounds = ShowFixture.tagsWith(page, "data-rounds");
        assertEquals(1, rounds.size(), "only ABC-1 was reviewed: " + rounds);
        assertEquals("ABC-1", ShowFixture.attribute(rounds.get(0), "data-task"));
        assertEquals("2", ShowFixture.attribute(rounds.get(0), "data-rounds"));
        assertEquals("closed", ShowFixture.attribute(rounds.get(0), "data-state"));
        assertTrue(page.contains("1 closed (2 rounds), 0 open (0 rounds), 0 unknown"));
    }

    @Test
    void the_tasks_table_links_each_task_to_its_page_beside_it() {
        String page = page();
        assertTrue(page.contains("<a href=\"ABC-1.html\">ABC-1</a>"));
        assertTrue(page.contains("<a href=\"ABC-2.html\">ABC-2</a>"));
        assertTrue(page.contains("data-task=\"ABC-1\" data-stage=\"scope\" data-mark=\"fail\""));
        assertTrue(page.contains("data-task=\"ABC-2\" data-stage=\"audit\" data-mark=\"pending\""));
    }

    @Test
    void provenance_names_the_first_history_and_the_latest_event() {
        String page = page();
        List<EventEnvelope> a;
        List<EventEnvelope> b;
        try (Session session = fx.session()) {
            a = new ReplayQuery(session).current(StreamId.task(A));
            b = new ReplayQuery(session).current(StreamId.task(B));
        }
        assertEquals(a.get(0).hash(), ShowFixture.textOf(page, "first-hash"));
        assertEquals(b.get(b.size() - 1).hash(), ShowFixture.textOf(page, "last-hash"));
        assertEquals("2026-12-01T00:00:00Z", ShowFixture.textOf(page, "made-at"));
        assertFalse(page.contains("http://") || page.contains("https://"));
        assertFalse(page.contains(ShowFixture.SHAPED_SECRET));
    }
}
