package dev.wb.commands.show;

import static dev.wb.commands.show.ShowFixture.A;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.replay.ReplayQuery;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A task's page, made from a history the real commands wrote in a real repository. */
class TaskPageTest {

    static final Instant MADE = Instant.parse("2026-12-01T10:20:30.456Z");

    @TempDir
    Path tmp;

    ShowFixture fx;

    @BeforeEach
    void history() {
        fx = new ShowFixture(TempGitRepo.create(tmp, "repo"));
        fx.history(A, "make the change " + ShowFixture.HOSTILE);
        fx.review(A, "NEEDS_CHANGES", "2026-11-30T10:00:00Z");
        fx.review(A, "APPROVED", "2026-11-30T12:00:00Z");
        fx.gitStep(A, "fatal: " + ShowFixture.HOSTILE + " password=hunter2hunter2 " + ShowFixture.SHAPED_SECRET);
    }

    String page() {
        try (Session session = fx.session()) {
            return TaskPage.html(session, A, MADE);
        }
    }

    List<EventEnvelope> replayed() {
        try (Session session = fx.session()) {
            return new ReplayQuery(session).current(StreamId.task(A));
        }
    }

    @Test
    void the_contract_elements_are_there() {
        String page = page();
        assertTrue(page.startsWith("<!DOCTYPE html>"), page.substring(0, 40));
        assertTrue(page.contains("<html lang=\"en\" data-wb-page=\"task\" data-wb-task=\"ABC-1\">"));
        assertTrue(page.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;none&#39;;"
                + " style-src &#39;unsafe-inline&#39;; script-src &#39;unsafe-inline&#39;; img-src data:\">"));
        assertTrue(page.contains("id=\"event-detail\""));
        assertTrue(page.contains("id=\"timeline\""));
        for (String lane : List.of("plan", "scope", "verify", "git", "review")) {
            assertTrue(page.contains("data-lane=\"" + lane + "\""), lane);
        }
        List<EventEnvelope> events = replayed();
        assertEquals("2026-12-01T10:20:30Z", ShowFixture.textOf(page, "made-at"));
        assertEquals(events.get(0).hash(), ShowFixture.textOf(page, "first-hash"));
        assertEquals(events.get(events.size() - 1).hash(), ShowFixture.textOf(page, "last-hash"));
        assertTrue(page.contains("dataset.wbReady = '1'"), "the inline script marks the page ready");
        assertTrue(page.contains("The hash chain verifies."));
    }

    @Test
    void every_event_is_in_the_data_block_with_its_number_type_and_hash() {
        JsonNode data = ShowFixture.events(page());
        List<EventEnvelope> events = replayed();
        assertEquals(events.size(), data.size());
        assertTrue(events.size() >= 12, "audit, check, a verify run of two commands, reviews, a git step");
        for (int i = 0; i < events.size(); i++) {
            JsonNode e = data.get(i);
            assertEquals(events.get(i).version(), e.path("n").asLong());
            assertEquals(events.get(i).type(), e.path("type").asText());
            assertEquals(events.get(i).hash(), e.path("hash").asText());
            assertEquals(events.get(i).time().toEpochMilli(), e.path("ms").asLong());
            assertEquals("local", e.path("replica").asText());
            assertTrue(e.path("payload").isObject());
        }
        assertEquals("plan", lane(data, "plan.audited"));
        assertEquals("scope", lane(data, "scope.checked"));
        assertEquals("verify", lane(data, "verify.command.ran"));
        assertEquals("git", lane(data, "git.step.ran"));
        assertEquals("review", lane(data, "judge.record.read"));
    }

    private static String lane(JsonNode data, String type) {
        for (JsonNode e : data) {
            if (e.path("type").asText().equals(type)) {
                return e.path("lane").asText();
            }
        }
        throw new AssertionError("no " + type);
    }

    @Test
    void the_header_says_where_the_task_stands_as_status_does() {
        String page = page();
        assertTrue(page.contains("<h1>ABC-1</h1>"));
        // The scope check found a deviation: status puts the task at scope, failing.
        assertTrue(page.contains("id=\"task-state\" data-stage=\"scope\" data-mark=\"fail\""), page);
        assertTrue(page.contains("data-stage=\"audit\" data-mark=\"ok\""));
    }

    @Test
    void the_header_shows_every_stage_status_has_with_a_stage_not_owed_as_n_a() {
        String page = page();
        for (String stage : List.of("triage", "plan", "audit", "scope", "verify", "handover", "commit", "git", "pr")) {
            assertTrue(page.contains("data-stage=\"" + stage + "\""), stage);
        }
        assertTrue(page.contains("class=\"stage mark-n_a\" data-stage=\"handover\" data-mark=\"n/a\""), page);
    }

    @Test
    void audits_show_citations_with_verdicts_lines_and_the_cited_words() {
        String page = page();
        List<String> rows = ShowFixture.tagsWith(page, "data-verdict").stream()
                .filter(t -> t.contains("citation"))
                .toList();
        assertEquals(1, rows.size(), rows.toString());
        assertEquals("ok", ShowFixture.attribute(rows.get(0), "data-verdict"));
        assertEquals("src/app.py", ShowFixture.attribute(rows.get(0), "data-file"));
        assertEquals("2", ShowFixture.attribute(rows.get(0), "data-line"));
        assertTrue(page.contains("<td class=\"mono lines\">src/app.py:2</td>"));
        assertTrue(page.contains("<pre class=\"quote\">value = 1</pre>"), "the quote, from the stored plan");
    }

    @Test
    void scope_checks_show_the_deviation_and_its_critical_zone() {
        String page = page();
        String deviation = ShowFixture.tagsWith(page, "data-status").stream()
                .filter(t -> t.contains("status-deviation"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no deviation row"));
        int at = page.indexOf(deviation);
        String row = page.substring(at, page.indexOf("</tr>", at));
        assertTrue(row.contains("src/auth/login.py"), row);
        assertTrue(row.contains("<td class=\"zones\">auth</td>"), row);
        assertTrue(page.contains("<strong>critical zones touched: </strong>auth"));
    }

    @Test
    void verify_runs_show_bars_outcomes_and_the_outputs_head_and_tail() {
        String page = page();
        assertTrue(page.contains("data-run=\"1\" data-verdict=\"pass\""));
        List<String> commits = ShowFixture.tagsWith(page, "data-commit");
        assertEquals(1, commits.size(), "the commit the run started on: " + commits);
        assertEquals(fx.repo.git("rev-parse", "HEAD").strip(), ShowFixture.attribute(commits.get(0), "data-commit"));
        List<String> bars = ShowFixture.tagsWith(page, "data-value").stream()
                .filter(t -> t.startsWith("<div class=\"bar\""))
                .toList();
        assertEquals(2, bars.size(), bars.toString());
        long slow = Long.parseLong(ShowFixture.attribute(bars.get(1), "data-value"));
        assertTrue(slow >= 200, "make -s slow sleeps 0.2 s: " + slow);
        assertTrue(page.contains("exit 0"));
        int at = page.indexOf("<pre class=\"out head\">");
        assertTrue(at > 0);
        String head = page.substring(at, page.indexOf("</pre>", at));
        assertTrue(head.contains("line 1\n"), head);
        assertTrue(head.contains("line 20"), head);
        assertFalse(head.contains("line 21"), "20 lines of head: " + head);
        assertTrue(
                page.contains("&#x2026; 20 lines left out &#x2026;"), "the page is ASCII: an ellipsis is a reference");
        int tailAt = page.indexOf("<pre class=\"out tail\">");
        String tail = page.substring(tailAt, page.indexOf("</pre>", tailAt));
        assertTrue(tail.contains("line 41") && tail.contains("line 60"), tail);
        assertFalse(tail.contains("line 40\n"), tail);
    }

    @Test
    void review_rounds_receipts_and_current_are_shown() {
        String page = page();
        assertTrue(page.contains("Rounds: 2 (closed)"), "two rounds, the latest approved");
        assertTrue(page.contains("class=\"round verdict-needs_changes\" data-verdict=\"NEEDS_CHANGES\""));
        assertTrue(page.contains("class=\"round verdict-approved\" data-verdict=\"APPROVED\""));
        assertTrue(page.contains("sha256:" + "2".repeat(64)), "the receipt digest");
        int at = page.indexOf("id=\"review-current\"");
        assertTrue(at > 0);
        assertTrue(page.substring(at, page.indexOf("</div>", at)).contains("verdict-current"));
    }

    @Test
    void hostile_payload_text_is_never_written_unescaped() {
        String page = page();
        assertFalse(page.contains(ShowFixture.HOSTILE));
        assertFalse(page.contains("<img"), "no image element at all");
        assertEquals(2, count(page, "</script>"), "the data block's and the script's own: nothing closes one early");
        // Server-side text is HTML-escaped; the data block holds it as JSON escapes.
        assertTrue(page.contains("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"), "the title, escaped");
        assertTrue(page.contains("\\u003c/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e"));
        JsonNode data = ShowFixture.events(page);
        assertTrue(
                data.get(data.size() - 1)
                        .path("payload")
                        .path("output")
                        .asText()
                        .contains(ShowFixture.HOSTILE),
                "the payload itself is whole once parsed");
    }

    @Test
    void secrets_in_payloads_and_stored_output_are_redacted() {
        String page = page();
        assertFalse(page.contains(ShowFixture.SHAPED_SECRET), "a token's shape");
        assertFalse(page.contains(ShowFixture.ENV_SECRET), "a secret-named variable's value, in stored output");
        assertFalse(page.contains("hunter2hunter2"), "a password assignment in a payload");
        assertTrue(page.contains("key [redacted]"), "the stored output's line, redacted");
        assertTrue(page.contains("deploy [redacted]"));
        assertTrue(page.contains("password=[redacted]"));
    }

    @Test
    void a_page_holds_no_url_where_its_events_hold_none() {
        String page = page();
        assertFalse(page.contains("http://"));
        assertFalse(page.contains("https://"));
        assertFalse(page.contains("@import"));
        assertFalse(
                Pattern.compile("<[a-zA-Z][^<>]*\\s(?:src|href)=").matcher(page).find(),
                "no element has a src or href at all");
    }

    @Test
    void an_unknown_task_fails_as_replay_does() {
        try (Session session = fx.session()) {
            Failure f = assertThrows(Failure.class, () -> TaskPage.html(session, new TaskKey("NOPE-9"), MADE));
            assertEquals(Failure.Kind.MISSING, f.kind());
            assertEquals("no history for task NOPE-9", f.getMessage());
        }
    }

    static int count(String text, String part) {
        int n = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            n++;
        }
        return n;
    }
}
