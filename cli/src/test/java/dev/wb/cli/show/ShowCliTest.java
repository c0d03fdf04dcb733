package dev.wb.cli.show;

import static dev.wb.cli.show.ShowRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.testkit.SamplePlan;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb show KEY} on a real task: its events grouped by stage, each stage's state, the chain last. */
class ShowCliTest {

    static final String PLAN = SamplePlan.of("ABC-1").verify("make -s ok").json();

    @TempDir
    Path tmp;

    /**
     * ABC-1, as a person works it: a branch (git start), an audited plan, a change with four stray
     * files (a deviation), a passing verify, the commit.
     */
    TempGitRepo realTask() {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", SamplePlan.APP_PY);
        repo.write("Makefile", "ok:\n\t@echo all good\n");
        repo.write(".workflow/.gitignore", "local/\n.env\n");
        repo.commitAll("app");
        run(repo, 0, "git", "start", "ABC-1", "--execute");
        repo.write(".workflow/ABC-1/sdd.json", PLAN);
        run(repo, 0, "sdd", "audit", "ABC-1");
        repo.write("src/app.py", "# app\nvalue = 1\nmore = 2\n");
        for (String stray : List.of("a", "b", "c", "d")) {
            repo.write("src/stray_" + stray + ".py", "x = 1\n");
        }
        run(repo, 7, "impl", "check", "ABC-1");
        for (String stray : List.of("a", "b", "c", "d")) {
            repo.resolve("src/stray_" + stray + ".py").toFile().delete();
        }
        run(repo, 0, "impl", "verify", "ABC-1");
        repo.write(".workflow/ABC-1/commit.txt", "ABC-1: more\n");
        repo.git("add", "src/app.py");
        run(repo, 0, "git", "commit", "ABC-1", "--execute");
        return repo;
    }

    private static void run(TempGitRepo repo, int expected, String... args) {
        ShowRun.Result result = wb(repo.root(), args);
        assertEquals(expected, result.code(), () -> String.join(" ", args) + ": " + result);
    }

    @Test
    void a_real_task_is_grouped_by_stage_in_the_order_work_goes_and_ends_with_its_chain() {
        TempGitRepo repo = realTask();
        int events = wb(repo.root(), "replay", "ABC-1").out().lines().toList().size();

        ShowRun.Result show = wb(repo.root(), "show", "ABC-1");

        assertEquals(0, show.code(), show::toString);
        List<String> lines = show.out().lines().toList();
        assertEquals("task ABC-1 · " + events + " events", lines.get(0), show::toString);
        List<String> headers = lines.stream()
                .filter(l -> !l.isEmpty() && !l.startsWith(" ") && !l.startsWith("task ") && !l.startsWith("chain"))
                .toList();
        assertEquals(5, headers.size(), show::toString);
        assertEquals("plan    passed · 1 event", headers.get(0), show::toString);
        assertEquals("scope   deviation · 1 event", headers.get(1), show::toString);
        assertEquals("verify  passed · 3 events", headers.get(2), show::toString);
        assertEquals("git     passed · 4 events", headers.get(3), show::toString);
        assertEquals("review  none", headers.get(4), show::toString);

        List<String> order = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("  ")) {
                order.add(line.replaceFirst(
                        "^\\s+\\d+  (?:\\d{4}-\\d\\d-\\d\\d | {11})\\d\\d:\\d\\d:\\d\\d  (\\S+) .*", "$1"));
            }
        }
        // by stage, then in the history's order: git start ran first, and is listed with the commit
        assertEquals(
                List.of(
                        "plan.audited",
                        "scope.checked",
                        "verify.started",
                        "verify.command.ran",
                        "verify.finished",
                        "git.step.ran",
                        "git.series.finished",
                        "git.step.ran",
                        "git.series.finished"),
                order,
                show::toString);
        assertEquals(events, order.size(), show::toString);
        assertTrue(line(lines, "git.step.ran").matches("\\s+0  .*start step 1 · git switch -c task/ABC-1 · ok.*"));

        String scope = line(lines, "scope.checked");
        assertTrue(scope.contains("deviation · worktree · 4 deviation"), scope);
        assertTrue(scope.endsWith(" · deviating: src/stray_a.py src/stray_b.py src/stray_c.py +1 more"), scope);
        assertTrue(line(lines, "verify.command.ran").matches(".*exit 0 in \\d+ ms · make -s ok.*"), show::toString);
        assertTrue(line(lines, "verify.finished").matches(".*pass in \\d+ ms · 1 ran, 1 passed.*"), show::toString);
        assertTrue(line(lines, "plan.audited").contains("pass · light · first · citations ok=1"), show::toString);
        // the time: the date on the first event's line, then only where it changes
        assertTrue(
                line(lines, "plan.audited")
                        .matches("\\s+2  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  plan\\.audited .*"),
                show::toString);
        assertTrue(scope.matches("\\s+3  {12}\\d\\d:\\d\\d:\\d\\d  scope\\.checked .*"), show::toString);

        String chain = lines.get(lines.size() - 1);
        String head = wb(repo.root(), "replay", "ABC-1", "--json")
                .out()
                .lines()
                .reduce((a, b) -> b)
                .map(last -> last.replaceAll(".*\"hash\":\"sha256:([0-9a-f]{12}).*", "$1"))
                .orElseThrow();
        assertEquals("chain: " + events + " events verify, head " + head, chain, show::toString);
        assertFalse(show.out().contains("\u001b"), "no colour off a terminal");
        assertEquals("", show.err());
    }

    @Test
    void json_holds_the_same_grouping_and_the_chain_state() {
        TempGitRepo repo = realTask();

        ShowRun.Result show = wb(repo.root(), "show", "ABC-1", "--json");

        assertEquals(0, show.code(), show::toString);
        JsonNode doc = show.json();
        assertEquals("ABC-1", doc.get("stream").asText());
        List<String> stages = new ArrayList<>();
        doc.get("stages")
                .forEach(s -> stages.add(
                        s.get("stage").asText() + "=" + s.get("state").asText()));
        assertEquals(List.of("plan=passed", "scope=deviation", "verify=passed", "git=passed", "review=none"), stages);
        JsonNode scope = doc.get("stages").get(1).get("events").get(0);
        assertEquals("scope.checked", scope.get("type").asText());
        assertTrue(scope.get("summary").asText().contains("deviating: src/stray_a.py"), scope::toString);
        assertTrue(scope.get("time").asText().endsWith("Z"), scope::toString);
        assertTrue(scope.get("replica").isNull(), scope::toString);
        assertTrue(scope.get("number").isIntegralNumber(), scope::toString);
        assertTrue(doc.get("chain").get("intact").asBoolean());
        JsonNode own = doc.get("chain").get("chains").get(0);
        assertEquals(doc.get("events").asInt(), own.get("eventsChecked").asInt());
        assertEquals(12, own.get("head").asText().length());
        assertTrue(own.get("firstBreak").isNull());
    }

    @Test
    void an_unknown_task_is_an_error_with_a_fix_and_exit_6_as_replay_says() {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        ShowRun.Result replay = wb(repo.root(), "replay", "NOPE-1");

        ShowRun.Result show = wb(repo.root(), "show", "NOPE-1");

        assertEquals(6, replay.code(), replay::toString);
        assertEquals(replay.code(), show.code(), show::toString);
        assertEquals(replay.err(), show.err());
        assertTrue(show.err().startsWith("error: no history for task NOPE-1\n  fix: "), show::toString);
        assertEquals("", show.out());
    }

    @Test
    void a_malformed_key_or_colour_is_a_usage_error() {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");

        ShowRun.Result key = wb(repo.root(), "show", "not a key");
        ShowRun.Result color = wb(repo.root(), "show", "ABC-1", "--color=sometimes");

        assertEquals(2, key.code(), key::toString);
        assertTrue(key.err().startsWith("error: "), key::toString);
        assertTrue(key.err().contains("\n  fix: "), key::toString);
        assertEquals(2, color.code(), color::toString);
        assertTrue(
                color.err().startsWith("error: --color takes always, never or auto, not 'sometimes'\n  fix: "),
                color::toString);
        assertFalse(color.err().contains("\tat "), color::toString);
    }

    @Test
    void the_demo_task_shows_every_stage_of_its_walk() {
        ShowRun.Result demo = wb(tmp, "demo", "--json");
        assertEquals(0, demo.code(), demo::toString);
        Path repo = Path.of(demo.json().get("repository").asText());
        try {
            ShowRun.Result show = wb(repo, "show", "DEMO-1");

            assertEquals(0, show.code(), show::toString);
            List<String> lines = show.out().lines().toList();
            assertEquals("task DEMO-1 · 23 events", lines.get(0), show::toString);
            for (String header : List.of(
                    "plan    passed · 3 events",
                    "scope   passed · 3 events",
                    "verify  passed · ",
                    "git     none",
                    "review  approved · ")) {
                assertTrue(lines.stream().anyMatch(l -> l.startsWith(header)), () -> header + " in\n" + show);
            }
            assertTrue(show.out().contains("deviating: src/cart.py"), show::toString);
            assertTrue(show.out().contains("judge.record.verified"), show::toString);
            assertTrue(
                    lines.get(lines.size() - 1).matches("chain: 23 events verify, head [0-9a-f]{12}"), show::toString);
        } finally {
            deleteTree(repo);
        }
    }

    /** The line of the first event of this type. */
    static String line(List<String> lines, String type) {
        return lines.stream()
                .filter(l -> l.startsWith("  ") && l.contains("  " + type + " "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + type + " line in " + lines));
    }

    static void deleteTree(Path root) {
        try (var walk = java.nio.file.Files.walk(root)) {
            walk.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
