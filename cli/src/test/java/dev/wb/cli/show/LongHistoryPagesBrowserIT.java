package dev.wb.cli.show;

import static dev.wb.cli.show.ShowRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.logs.EventLogs;
import dev.wb.projections.events.McpCalled;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A history of 100,000 events as `wb show KEY --html FILE` writes it: ten pages of 10,000, the last at
 * FILE, each opened in a real headless Chromium from the link another page gives it. Every event is on
 * exactly one page, no page logs an error or meets a CSP refusal, and a secret in the history reaches no
 * page. Skipped without the browser, unless CI is set.
 */
class LongHistoryPagesBrowserIT extends PagesInChromium {

    private static final int EVENTS = 100_000;
    private static final int PER_PAGE = 10_000;
    private static final String SECRET = "ghp_" + "Zq7".repeat(12);

    @TempDir
    Path tmp;

    @Test
    void a_history_of_100000_events_is_ten_linked_pages_holding_every_event_once_and_no_secret() throws IOException {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        SeededTask.write(repo.root(), "HUGE-1", EVENTS - 1, 7);
        appendWithSecret(repo.root(), "HUGE-1");
        Path page = tmp.resolve("huge.html");

        ShowRun.Result show = wb(repo.root(), "show", "HUGE-1", "--html", page.toString());

        assertEquals(0, show.code(), show::toString);
        BitSet seen = new BitSet(EVENTS);
        open(page);
        assertEquals("10", attribute("#pages", "data-pages"));
        assertEquals("10", attribute("#pages", "data-page"));
        assertTrue(exists("#task-state"), "the last page says where the task stands");
        collect(seen, 9);
        Path current = page;
        for (int n = 1; n <= 9; n++) {
            String href = attribute("#pages a[data-page=\"" + n + "\"]", "href");
            Path next =
                    current.resolveSibling(java.net.URI.create(href).getPath().replaceAll(".*/", ""));
            assertEquals(tmp.resolve("huge." + n + ".html"), next);
            open(next);
            assertEquals(Integer.toString(n), attribute("#pages", "data-page"));
            collect(seen, n - 1);
            current = next;
        }
        assertEquals(EVENTS, seen.cardinality(), "every event is on a page");
        for (int n = 1; n <= 9; n++) {
            assertFalse(Files.readString(tmp.resolve("huge." + n + ".html")).contains(SECRET));
        }
        String last = Files.readString(page);
        assertFalse(last.contains(SECRET), "the secret is redacted");
        assertTrue(last.contains("[redacted]"), "the event that held it is on the last page, redacted");
        assertNoConsoleErrors();
    }

    /** One event with a token in its arguments, after the seeded ones. */
    private static void appendWithSecret(Path root, String key) {
        try (EventLog log = EventLogs.chronicle(root.resolve(".workflow/local/log"))) {
            Clock at = Clock.fixed(Instant.parse("2026-07-01T08:00:00Z"), ZoneOffset.UTC);
            log.append(
                    StreamId.task(new TaskKey(key)),
                    ExpectedVersion.any(),
                    List.of(new McpCalled("status", List.of("--token", SECRET), 0, 12).toNewEvent()),
                    TestEvents.invocation(at));
        }
    }

    /** The events of the page open: page {@code index} (from 0) holds its 10,000 in order, each not seen before. */
    private void collect(BitSet seen, int index) {
        JsonNode numbers = browser.execute("""
                return [...document.querySelectorAll('#timeline [data-event]')].map(e => Number(e.dataset.event));
                """);
        assertEquals(PER_PAGE, numbers.size(), "events on page " + (index + 1));
        for (int i = 0; i < numbers.size(); i++) {
            int n = numbers.get(i).asInt();
            assertFalse(seen.get(n), "event " + n + " is on one page only");
            assertTrue(n >= index * PER_PAGE && n < (index + 1) * PER_PAGE, "event " + n + " on page " + (index + 1));
            seen.set(n);
        }
    }

    private boolean exists(String css) {
        return browser.execute("return document.querySelector(arguments[0]) !== null;", css)
                .asBoolean();
    }
}
