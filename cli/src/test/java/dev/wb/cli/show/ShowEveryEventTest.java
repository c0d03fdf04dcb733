package dev.wb.cli.show;

import static dev.wb.cli.show.ShowRun.onTerminal;
import static dev.wb.cli.show.ShowRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.projections.catalog.WbEvents;
import dev.wb.projections.events.EventType;
import dev.wb.testkit.TempGitRepo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb show} on a task holding one event of every type ({@link EveryEventTask}): a readable line
 * for each, the stages they fall in, and colour only where asked for, never a payload's own escape.
 */
class ShowEveryEventTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;
    String key;

    @BeforeEach
    void task() {
        repo = TempGitRepo.create(tmp, "repo");
        key = EveryEventTask.write(repo.root());
    }

    @Test
    void every_event_type_has_a_readable_line_in_its_stage() {
        ShowRun.Result show = wb(repo.root(), "show", key);

        assertEquals(0, show.code(), show::toString);
        List<String> lines = show.out().lines().toList();
        for (EventType<?> type : WbEvents.TYPES) {
            String line = ShowCliTest.line(lines, type.name());
            String summary = line.substring(
                            line.indexOf(type.name()) + type.name().length())
                    .trim();
            assertFalse(summary.isEmpty(), line);
            assertFalse(summary.contains("{\""), type.name() + " shows raw JSON: " + line);
            assertFalse(summary.contains("unknown event type"), line);
        }
        assertEquals(
                WbEvents.TYPES.size(),
                lines.stream().filter(l -> l.startsWith("  ")).count(),
                show::toString);
        assertTrue(
                ShowCliTest.line(lines, "scope.checked")
                        .endsWith("deviating: billing/charge.py [billing] src/a.py src/b.py +2 more"),
                show::toString);
        assertTrue(ShowCliTest.line(lines, "verify.finished").contains("pass in 1300 ms"), show::toString);
        assertTrue(ShowCliTest.line(lines, "verify.command.ran").contains("exit 0 in 1234 ms"), show::toString);
        assertTrue(ShowCliTest.line(lines, "plan.audited").contains("citations moved=1, ok=1"), show::toString);
        // the events are an hour apart from 08:00: the date is shown again where the day changes
        assertTrue(show.out().contains("  2026-05-01 08:00:00  workspace.initialized "), show::toString);
        assertTrue(show.out().contains("  2026-05-02 00:00:00  "), show::toString);
        assertTrue(lines.get(lines.size() - 1).matches("chain: 54 events verify, head [0-9a-f]{12}"), show::toString);
    }

    @Test
    void each_type_falls_in_its_stage_and_json_groups_them_the_same() {
        JsonNode doc = wb(repo.root(), "show", key, "--json").json();

        List<String> stages = new ArrayList<>();
        int listed = 0;
        for (JsonNode stage : doc.get("stages")) {
            List<String> types = new ArrayList<>();
            stage.get("events").forEach(e -> types.add(e.get("type").asText()));
            listed += types.size();
            stages.add(stage.get("stage").asText() + "=" + stage.get("state").asText() + " " + types);
        }
        assertEquals(
                List.of(
                        "plan=passed [task.created, import.verdict.recorded, plan.audited, plan.rebaselined,"
                                + " citations.checked, plan.confirmed]",
                        "scope=deviation [scope.checked]",
                        "verify=passed [verify.started, verify.command.ran, verify.finished, checks.ran,"
                                + " preflight.completed, flow.validated, verify.regression.ran]",
                        "git=passed [git.step.ran, git.series.finished]",
                        "review=approved [judge.snapshot.captured, task.commands.approved, judge.run.started,"
                                + " judge.run.refused, judge.run.finished, judge.receipt.written, judge.record.read,"
                                + " judge.record.verified, judge.current.classified, judge.reproduced,"
                                + " judge.snapshots.pruned, judge.agents.configured, review.gated]",
                        "run=done [run.started, node.started, node.launched, node.finished, edge.taken,"
                                + " run.budget_exhausted, run.parked, run.answered, run.finished, node.when,"
                                + " run.decomposed, subtask.started, subtask.finished]",
                        "sync=seen [sync.seen, sync.signatures.checked]",
                        "other=recorded [workspace.initialized, hooks.configured, task.done, task.cleaned, task.fetched,"
                                + " handover.written, plan.rendered, commit.checked, pr.checked, mcp.called]"),
                stages);
        assertEquals(WbEvents.TYPES.size(), listed);
        assertEquals(
                54, doc.get("chain").get("chains").get(0).get("eventsChecked").asInt());
    }

    @Test
    void the_page_and_wb_show_place_and_colour_every_event_type_alike() throws Exception {
        JsonNode show = wb(repo.root(), "show", key, "--json").json();
        Path page = tmp.resolve("page.html");
        ShowRun.Result html = wb(repo.root(), "show", key, "--html", page.toString());
        assertEquals(0, html.code(), html::toString);
        String text = Files.readString(page, StandardCharsets.UTF_8);
        String block = "<script type=\"application/json\" id=\"wb-events\">";
        int start = text.indexOf(block);
        assertTrue(start >= 0, "no #wb-events block in the page");
        start += block.length();
        JsonNode data = new ObjectMapper().readTree(text.substring(start, text.indexOf("</script>", start)));

        Map<String, String> shown = new TreeMap<>();
        for (JsonNode stage : show.get("stages")) {
            for (JsonNode e : stage.get("events")) {
                shown.put(
                        e.get("type").asText(),
                        stage.get("stage").asText() + " " + e.get("outcome").asText());
            }
        }
        Map<String, String> paged = new TreeMap<>();
        data.forEach(e -> paged.put(
                e.get("type").asText(),
                e.get("lane").asText() + " " + e.get("tone").asText()));
        assertEquals(WbEvents.TYPES.size(), shown.size(), shown::toString);
        assertEquals(shown, paged);
        assertEquals("plan ok", shown.get("plan.audited"));
        assertEquals("scope bad", shown.get("scope.checked"));
        assertEquals("other neutral", shown.get("workspace.initialized"));
    }

    @Test
    void no_colour_off_a_terminal_with_no_color_with_term_dumb_or_with_never() {
        for (ShowRun.Result run : List.of(
                wb(repo.root(), "show", key),
                onTerminal(repo.root(), Map.of("NO_COLOR", "1"), "show", key),
                onTerminal(repo.root(), Map.of("TERM", "dumb"), "show", key),
                onTerminal(repo.root(), Map.of(), "show", key, "--color=never"),
                wb(repo.root(), Map.of(), "show", key, "--color", "never"),
                onTerminal(repo.root(), Map.of(), "show", key, "--json", "--color=always"))) {
            assertEquals(0, run.code(), run::toString);
            assertFalse(run.out().contains("\u001b"), run::toString);
            assertFalse(run.err().contains("\u001b"), run::toString);
        }
    }

    @Test
    void colour_on_a_terminal_and_with_always_and_a_payload_escape_stays_escaped() {
        ShowRun.Result terminal = onTerminal(repo.root(), Map.of("TERM", "xterm-256color"), "show", key);
        ShowRun.Result emptyNoColor = onTerminal(repo.root(), Map.of("NO_COLOR", ""), "show", key);
        ShowRun.Result always = wb(repo.root(), Map.of("NO_COLOR", "1", "TERM", "dumb"), "show", key, "--color=always");

        for (ShowRun.Result run : List.of(terminal, emptyNoColor, always)) {
            assertEquals(0, run.code(), run::toString);
            assertTrue(run.out().contains("\u001b[32mpassed\u001b[0m"), run::toString); // green passed
            assertTrue(run.out().contains("\u001b[31mdeviation\u001b[0m"), run::toString); // red deviation
            assertTrue(run.out().contains("\u001b[2m"), run::toString); // dim times
            // the command's own ESC (make \e[2Jcheck) reaches the terminal only as text
            assertFalse(run.out().contains("\u001b[2J"), run::toString);
            assertTrue(run.out().contains("make \\x1b[2Jcheck"), run::toString);
            // with the colour codes taken out, every line reads as without colour
            assertEquals(
                    wb(repo.root(), "show", key).out().replaceAll("\\d\\d:\\d\\d:\\d\\d", "T"),
                    run.out().replaceAll("\u001b\\[\\d+m", "").replaceAll("\\d\\d:\\d\\d:\\d\\d", "T"));
        }
    }
}
