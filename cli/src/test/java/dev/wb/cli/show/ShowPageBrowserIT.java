package dev.wb.cli.show;

import static dev.wb.cli.show.ShowRun.wb;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.projections.catalog.WbEvents;
import dev.wb.projections.events.EventType;
import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.browser.Chromium;
import dev.wb.testkit.browser.PageTimings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18's pages in a real headless Chromium (testkit's {@link Chromium}, Debian's chromium and
 * chromedriver), as `wb show --html` writes them: the demo's task, a task with one event of every
 * type, the workspace, and a task of 10,000 events. Each click reads back what THE PAGE CONTRACT
 * (docs/SHOW.md) promises and checks it against `wb replay --json` or `wb status --stats --json`; each
 * page leaves a screenshot under cli/target/browser/. Skipped without the browser, unless CI is set.
 */
class ShowPageBrowserIT extends PagesInChromium {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path SHOTS = Path.of(System.getProperty("user.dir")).resolve("target/browser");
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @TempDir
    Path tmp;

    @Test
    void the_demo_tasks_page_shows_each_events_payload_and_hash_as_replay_stores_them() throws IOException {
        ShowRun.Result demo = wb(tmp, "demo", "--json");
        assertEquals(0, demo.code(), demo::toString);
        Path repo = Path.of(demo.json().get("repository").asText());
        try {
            Path page = Path.of(demo.json().get("page").asText());
            assertTrue(Files.isRegularFile(page), "wb demo wrote " + page);
            // and the command itself, as a person runs it after the demo
            Path again = tmp.resolve("demo-again.html");
            ShowRun.Result show = wb(repo, "show", "DEMO-1", "--html", again.toString());
            assertEquals(0, show.code(), show::toString);
            assertEquals(again.toString(), show.out().strip());
            List<JsonNode> replay = replay(repo, "DEMO-1");

            open(page);

            assertEquals("task", html("data-wb-page"));
            assertEquals("DEMO-1", html("data-wb-task"));
            assertEquals(replay.size(), count("#timeline [data-event]"));
            for (String type : List.of("plan.audited", "verify.command.ran")) {
                JsonNode event = first(replay, type);
                long n = event.get("version").asLong();
                click(n);
                assertEquals(type, browser.text(browser.find("#event-detail dd.type")));
                assertEquals(Long.toString(n), browser.text(browser.find("#event-detail dd.number")));
                assertEquals(event.get("hash").asText(), browser.text(browser.find("#event-detail .hash")));
                JsonNode shown = JSON.readTree(textContent("#event-detail pre.payload"));
                assertEquals(event.get("payload"), shown, type + " #" + n + "'s payload on the page");
            }

            // the sections are on screen, with the numbers the events hold
            for (String section : List.of("#audits", "#scope", "#verify", "#review", "#provenance")) {
                assertTrue(visible(section), section + " has no size on the page");
            }
            List<JsonNode> audits = all(replay, "plan.audited");
            assertEquals(audits.size(), count("#audits .audit"));
            JsonNode lastAudit = audits.get(audits.size() - 1);
            String auditSel =
                    "#audits .audit[data-audit=\"" + lastAudit.get("version").asLong() + "\"]";
            assertTrue(visible(auditSel), auditSel);
            JsonNode citations = lastAudit.get("payload").get("citations");
            assertTrue(citations.size() > 0, lastAudit::toString);
            assertEquals(citations.size(), count(auditSel + " tr.citation"));
            List<String> verdicts = new ArrayList<>();
            citations.forEach(c -> verdicts.add(c.get("verdict").asText()));
            assertEquals(verdicts, strings(auditSel + " tr.citation", "data-verdict"));

            List<JsonNode> scopes = all(replay, "scope.checked");
            assertEquals(scopes.size(), count("#scope .scope-check"));
            JsonNode deviation = scopes.stream()
                    .filter(s -> s.get("payload").get("verdict").asText().equals("deviation"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("the demo's stray edit is a deviation"));
            String scopeSel = "#scope .scope-check[data-check=\""
                    + deviation.get("version").asLong() + "\"]";
            assertTrue(visible(scopeSel), scopeSel);
            int deviating =
                    deviation.get("payload").get("counts").get("deviation").asInt();
            assertEquals(1, deviating, deviation::toString);
            assertEquals(deviating, count(scopeSel + " tr.path[data-status=\"deviation\"]"));
            assertTrue(
                    browser.text(browser.find(scopeSel + " tr.path[data-status=\"deviation\"]"))
                            .contains("src/cart.py"),
                    scopeSel);

            List<JsonNode> runs = all(replay, "verify.started");
            assertEquals(2, runs.size(), "the demo verifies twice");
            assertEquals(runs.size(), count("#verify .run"));
            List<Long> durations = new ArrayList<>();
            all(replay, "verify.command.ran")
                    .forEach(e ->
                            durations.add(e.get("payload").get("durationMs").asLong()));
            List<Long> bars = new ArrayList<>();
            strings("#verify .run .bar[data-value]", "data-value").forEach(v -> bars.add(Long.parseLong(v)));
            assertFalse(durations.isEmpty());
            assertEquals(
                    durations.stream().sorted().toList(), bars.stream().sorted().toList());
            assertTrue(visible("#verify .run .bar"), "a verify bar has no size");

            assertEquals(replay.get(0).get("hash").asText(), browser.text(browser.find("#provenance .first-hash")));
            assertEquals(
                    replay.get(replay.size() - 1).get("hash").asText(),
                    browser.text(browser.find("#provenance .last-hash")));
            assertNoConsoleErrors();
            screenshot("demo-task.png");
        } finally {
            ShowCliTest.deleteTree(repo);
        }
    }

    @Test
    void every_event_type_is_on_the_timeline_and_opens_to_its_own_type() throws IOException {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        String key = EveryEventTask.write(repo.root());
        ShowRun.Result show = wb(repo.root(), "show", key, "--html");
        assertEquals(0, show.code(), show::toString);
        Path page = Path.of(show.out().strip());
        assertFalse(Files.readString(page).contains(EveryEventTask.SECRET_IN_OUTPUT), "the output's token is redacted");
        List<JsonNode> replay = replay(repo.root(), key);

        open(page);

        assertEquals(replay.size(), count("#timeline [data-event]"));
        assertEquals(WbEvents.TYPES.size(), replay.size());
        for (EventType<?> type : WbEvents.TYPES) {
            JsonNode event = first(replay, type.name());
            long n = event.get("version").asLong();
            assertEquals(type.name(), attribute("#timeline [data-event=\"" + n + "\"]", "data-type"));
            click(n);
            assertEquals(type.name(), browser.text(browser.find("#event-detail dd.type")));
            assertEquals(event.get("hash").asText(), browser.text(browser.find("#event-detail .hash")));
            JsonNode shown = JSON.readTree(textContent("#event-detail pre.payload"));
            assertEquals(type.name(), textContent("#event-detail .type"));
            assertTrue(shown.isObject() && shown.size() > 0, type.name() + ": " + shown);
        }
        // Enter on a focused event opens it too, as the contract says
        long lastNumber = replay.get(replay.size() - 1).get("version").asLong();
        browser.pressEnter(browser.find("#timeline [data-event=\"" + lastNumber + "\"]"));
        browser.waitFor(
                "document.querySelector('#event-detail').getAttribute('data-shown') === '" + lastNumber + "'",
                Duration.ofSeconds(10));
        assertEquals(
                replay.get(replay.size() - 1).get("hash").asText(), browser.text(browser.find("#event-detail .hash")));
        // the output's token reached the page only as [redacted]
        click(first(replay, "verify.command.ran").get("version").asLong());
        String payload = textContent("#event-detail pre.payload");
        assertFalse(payload.contains(EveryEventTask.SECRET_IN_OUTPUT), payload);
        assertTrue(payload.contains("[redacted]"), payload);
        assertNoConsoleErrors();
        screenshot("every-event.png");
    }

    @Test
    void the_workspace_page_charts_what_status_stats_reports_and_links_to_written_task_pages() throws IOException {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        EveryEventTask.write(repo.root());
        SeededTask.write(repo.root(), "SEED-1", 90, 3);
        SeededTask.write(repo.root(), "SEED-2", 45, 0);
        SeededTask.write(repo.root(), "SEED-3", 7, 0);
        ShowRun.Result show = wb(repo.root(), "show", "--html");
        assertEquals(0, show.code(), show::toString);
        Path page = Path.of(show.out().strip());
        ShowRun.Result status = wb(repo.root(), "status", "--stats", "--json");
        assertEquals(0, status.code(), status::toString);
        JsonNode stats = status.json().get("stats");

        open(page);

        assertEquals("workspace", html("data-wb-page"));
        for (String section : List.of("#where", "#commands", "#rounds", "#tasks", "#provenance")) {
            assertTrue(visible(section), section + " has no size on the page");
        }
        JsonNode waiting = stats.get("waiting");
        List<String> stages = new ArrayList<>();
        waiting.fieldNames().forEachRemaining(stages::add);
        assertEquals(List.of("triage", "plan", "audit", "scope", "verify", "handover", "commit", "git", "pr"), stages);
        assertEquals(stages, strings("#where .stage-bars", "data-stage"));
        for (String stage : stages) {
            String sel = "#where .stage-bars[data-stage=\"" + stage + "\"]";
            assertEquals(waiting.get(stage).asText(), attribute(sel, "data-waiting"), sel);
            assertEquals(stats.get("failing").get(stage).asText(), attribute(sel, "data-failing"), sel);
        }
        assertEquals(stats.get("done").asText(), attribute("#done", "data-value"));

        JsonNode commands = stats.get("commands");
        assertEquals(SeededTask.COMMANDS.length + 1, commands.size(), commands::toString);
        assertEquals(commands.size(), count("#commands tr.command"));
        boolean failures = false;
        for (JsonNode c : commands) {
            String sel =
                    "#commands tr.command[data-command=\"" + c.get("command").asText() + "\"]";
            assertEquals(c.get("runs").asText(), attribute(sel, "data-runs"), sel);
            assertEquals(c.get("failures").asText(), attribute(sel, "data-failures"), sel);
            assertEquals(c.get("meanMs").asText(), attribute(sel, "data-mean-ms"), sel);
            assertTrue(visible(sel + " .bar"), sel + "'s bars have no size");
            failures |= c.get("failures").asInt() > 0;
        }
        assertTrue(failures, "SEED-1's failing runs are counted: " + commands);
        assertEquals(1, stats.get("reviewRounds").get("closed").get("taskCount").asInt(), stats::toString);
        assertEquals("1", attribute("#rounds tr.task-rounds[data-task=\"EVERY-1\"]", "data-rounds"));
        assertEquals(
                stats.get("reviewRounds").get("closed").get("taskCount").asInt()
                        + stats.get("reviewRounds").get("open").get("taskCount").asInt(),
                count("#rounds tr.task-rounds"));

        Map<String, String> links = new LinkedHashMap<>();
        for (String key : List.of("EVERY-1", "SEED-1", "SEED-2", "SEED-3")) {
            String sel = "#tasks tr.task[data-task=\"" + key + "\"] a";
            assertEquals(key + ".html", attribute(sel, "href"), sel);
            String resolved = browser.execute("return document.querySelector(arguments[0]).href;", sel)
                    .asText();
            Path target = Path.of(URI.create(resolved));
            assertTrue(Files.isRegularFile(target), resolved + " is a written page");
            links.put(key, resolved);
        }
        assertNoConsoleErrors();
        screenshot("workspace.png");

        // the link opens that task's page
        browser.click(browser.find("#tasks tr.task[data-task=\"SEED-2\"] a"));
        browser.waitFor("document.documentElement.dataset.wbTask === 'SEED-2'", READY);
        browser.waitForReady(READY);
        assertEquals(
                links.get("SEED-2"), browser.execute("return location.href;").asText());
        assertEquals(45, count("#timeline [data-event]"));
        assertNoConsoleErrors();
    }

    @Test
    void a_task_of_10000_events_renders_every_one_and_its_last_opens() throws IOException {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        SeededTask.write(repo.root(), "BIG-1", 10_000, 7);
        Path page = tmp.resolve("big.html");
        ShowRun.Result show = wb(repo.root(), "show", "BIG-1", "--html", page.toString());
        assertEquals(0, show.code(), show::toString);

        open(page);
        browser.waitFor("window.__wbPaintedAt !== undefined", READY);
        PageTimings timings = browser.timings();

        assertEquals(10_000, count("#timeline [data-event]"));
        JsonNode numbers = browser.execute("""
                const seen = new Set();
                for (const e of document.querySelectorAll('#timeline [data-event]')) seen.add(e.dataset.event);
                return [seen.size, Math.min(...[...seen].map(Number)), Math.max(...[...seen].map(Number))];
                """);
        assertEquals(
                List.of(10_000, 0, 9_999),
                List.of(
                        numbers.get(0).asInt(),
                        numbers.get(1).asInt(),
                        numbers.get(2).asInt()));
        List<JsonNode> replay = replay(repo.root(), "BIG-1");
        JsonNode last = replay.get(replay.size() - 1);
        assertEquals(9_999, last.get("version").asLong());
        click(9_999);
        assertEquals(last.get("type").asText(), browser.text(browser.find("#event-detail dd.type")));
        assertEquals(last.get("hash").asText(), browser.text(browser.find("#event-detail .hash")));
        assertEquals(last.get("payload"), JSON.readTree(textContent("#event-detail pre.payload")));
        // the timeline scrolled to the last event; each lane's name stays in view, over the events
        JsonNode names = browser.execute("""
                const t = document.getElementById('timeline');
                const left = t.getBoundingClientRect().left;
                return [t.scrollLeft, ...[...t.querySelectorAll('.lane-name')].map(n => {
                  const r = n.getBoundingClientRect();
                  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                  return r.left >= left && r.width > 0 && hit === n ? 1 : 0;
                })];
                """);
        assertTrue(names.size() > 1 && names.get(0).asDouble() > 0, "the timeline scrolled: " + names);
        for (int i = 1; i < names.size(); i++) {
            assertEquals(1, names.get(i).asInt(), "lane name " + i + " is out of view: " + names);
        }
        // a guard against a page that grows quadratically, not the 2 s figure (bench/show-page measures that)
        assertTrue(timings.isReady(), timings::toString);
        assertTrue(timings.painted() < 5_000, () -> "painted after " + timings.painted() + " ms: " + timings);
        assertNoConsoleErrors();
        screenshot("ten-thousand.png");
    }

    // --- helpers

    /** Clicks event N on the timeline (Enter, when something covers it), and waits for its detail. */
    private void click(long n) {
        String event = browser.find("#timeline [data-event=\"" + n + "\"]");
        try {
            browser.click(event);
        } catch (RuntimeException e) {
            if (e.getMessage() == null || !e.getMessage().contains("intercepted")) {
                throw e;
            }
            browser.pressEnter(event);
        }
        browser.waitFor(
                "(document.querySelector('#event-detail') || {}).getAttribute('data-shown') === '" + n + "'",
                Duration.ofSeconds(10));
        assertEquals("true", browser.attribute(event, "aria-pressed"));
    }

    private int count(String css) {
        return browser.execute("return document.querySelectorAll(arguments[0]).length;", css)
                .asInt();
    }

    private String textContent(String css) {
        return browser.execute("return document.querySelector(arguments[0]).textContent;", css)
                .asText();
    }

    private List<String> strings(String css, String attribute) {
        List<String> values = new ArrayList<>();
        browser.execute(
                        "return [...document.querySelectorAll(arguments[0])].map(e => e.getAttribute(arguments[1]));",
                        css,
                        attribute)
                .forEach(v -> values.add(v.asText()));
        return values;
    }

    /** Whether the first element the selector finds is laid out with a non-zero width and height. */
    private boolean visible(String css) {
        JsonNode box = browser.execute(
                "const e = document.querySelector(arguments[0]); if (!e) return null;"
                        + " const r = e.getBoundingClientRect(); return [r.width, r.height];",
                css);
        return box.isArray() && box.get(0).asDouble() > 0 && box.get(1).asDouble() > 0;
    }

    private void screenshot(String name) throws IOException {
        Path png = SHOTS.resolve(name);
        browser.screenshot(png);
        byte[] bytes = Files.readAllBytes(png);
        assertArrayEquals(PNG, Arrays.copyOf(bytes, PNG.length), png + " is a PNG");
        assertTrue(bytes.length > 20_000, () -> png + " is only " + bytes.length + " bytes");
    }

    /** {@code wb replay KEY --json}: the task's events as stored, one JSON document each. */
    private static List<JsonNode> replay(Path repo, String key) {
        ShowRun.Result replay = wb(repo, "replay", key, "--json");
        assertEquals(0, replay.code(), replay::toString);
        List<JsonNode> events = new ArrayList<>();
        replay.out().lines().forEach(line -> {
            try {
                events.add(JSON.readTree(line));
            } catch (IOException e) {
                throw new UncheckedIOException(line, e);
            }
        });
        return events;
    }

    private static JsonNode first(List<JsonNode> events, String type) {
        return all(events, type).stream().findFirst().orElseThrow(() -> new AssertionError("no " + type + " event"));
    }

    private static List<JsonNode> all(List<JsonNode> events, String type) {
        return events.stream().filter(e -> e.get("type").asText().equals(type)).toList();
    }
}
