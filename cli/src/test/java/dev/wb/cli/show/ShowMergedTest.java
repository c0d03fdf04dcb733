package dev.wb.cli.show;

import static dev.wb.cli.show.ShowRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A task two clones worked on: {@code wb show} reads the merged view as replay does, and states each chain. */
class ShowMergedTest {

    @TempDir
    Path tmp;

    @Test
    void a_merged_task_numbers_events_as_replay_names_each_replica_and_ends_with_each_chain() {
        Path remote = TempGitRepo.createBare(tmp, "remote.git");
        TempGitRepo seed = TempGitRepo.create(tmp, "seed");
        // Unsigned clones: how a merged task is shown is the subject here, not who may sign.
        seed.write(".workflow/config.json", "{\"sync\": {\"signatures\": \"off\"}}\n");
        seed.commitAll("unsigned replicas count");
        seed.git("push", "-q", remote.toString(), "main");
        TempGitRepo a = TempGitRepo.cloneOf(remote, tmp, "a");
        TempGitRepo b = TempGitRepo.cloneOf(remote, tmp, "b");
        String key = EveryEventTask.write(a.root());
        assertEquals(0, wb(a.root(), "sync", "push").code());
        assertEquals(0, wb(b.root(), "sync", "fetch").code());
        ShowRun.Result start = wb(b.root(), "git", "start", key, "--execute");
        assertEquals(0, start.code(), start::toString);
        ShowRun.Result replay = wb(b.root(), "replay", key);

        ShowRun.Result show = wb(b.root(), "show", key);
        JsonNode doc = wb(b.root(), "show", key, "--json").json();

        assertEquals(0, show.code(), show::toString);
        List<String> replayed = new ArrayList<>();
        replay.out()
                .lines()
                .forEach(l -> replayed.add(
                        l.trim().split("\\s+", -1)[0] + " " + l.trim().split("\\s+", -1)[1]));
        List<String> shown = new ArrayList<>();
        doc.get("stages")
                .forEach(s -> s.get("events")
                        .forEach(e -> shown.add(
                                e.get("number") + " " + e.get("replica").asText())));
        shown.sort((x, y) ->
                Integer.compare(Integer.parseInt(x.split(" ", -1)[0]), Integer.parseInt(y.split(" ", -1)[0])));
        assertEquals(replayed, shown, "the numbers and replicas replay gives");
        assertEquals(2, doc.get("chain").get("chains").size(), doc::toString);
        List<String> lines = show.out().lines().toList();
        String ra = doc.get("chain").get("chains").get(1).get("replica").asText();
        String rb = doc.get("chain").get("chains").get(0).get("replica").asText();
        assertTrue(
                lines.get(lines.size() - 2).matches("chain of " + rb + ": 3 events verify, head [0-9a-f]{12}"),
                show::toString);
        assertTrue(
                lines.get(lines.size() - 1).matches("chain of " + ra + ": 54 events verify, head [0-9a-f]{12}"),
                show::toString);
        String bStep = lines.stream()
                .filter(l -> l.contains("git switch -c task/EVERY-1"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(show.toString()));
        assertTrue(bStep.contains("  " + rb + "  git.step.ran "), show::toString);
        assertTrue(ShowCliTest.line(lines, "plan.audited").contains("  " + ra + " "), show::toString);
    }
}
