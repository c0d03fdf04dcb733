package dev.wb.cli.show;

import static dev.wb.cli.show.ShowRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `wb show --html` keeps a task's page while everything it was made from is as it was, and makes it
 * again when the history, the plan, the secrets or the page file itself changed.
 */
class WorkspacePagesReuseTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void a_task_page_is_kept_until_its_history_its_plan_its_secrets_or_its_file_changes() throws IOException {
        Path repo = TempGitRepo.create(tmp, "repo").root();
        for (String key : List.of("A-1", "B-1", "C-1")) {
            SeededTask.write(repo, key, 30, 7);
        }
        Path pages = repo.resolve(".workflow/local/pages");

        assertEquals(List.of("A-1", "B-1", "C-1"), written(repo, Map.of()));
        String made = Files.readString(pages.resolve("B-1.html"));
        assertEquals(List.of(), written(repo, Map.of()), "nothing changed: every page kept");
        assertEquals(made, Files.readString(pages.resolve("B-1.html")));

        SeededTask.write(repo, "B-1", 5, 7); // five more events
        assertEquals(List.of("B-1"), written(repo, Map.of()));
        assertNotEquals(made, Files.readString(pages.resolve("B-1.html")));

        Files.createDirectories(repo.resolve(".workflow/C-1"));
        Files.writeString(repo.resolve(".workflow/C-1/sdd.json"), "{\"title\": \"C's plan\"}");
        assertEquals(List.of("C-1"), written(repo, Map.of()), "the plan gives the page its title");

        Files.writeString(pages.resolve("A-1.html"), "edited by hand");
        assertEquals(List.of("A-1"), written(repo, Map.of()), "a page not as written is made again");

        assertEquals(
                List.of("A-1", "B-1", "C-1"),
                written(repo, Map.of("DEPLOY_TOKEN", "s3cr3t-value-1")),
                "a secret to redact changes every page's redaction");
        assertEquals(List.of(), written(repo, Map.of("DEPLOY_TOKEN", "s3cr3t-value-1")));
    }

    /** The task pages `wb show --html --json` wrote (the others it kept). */
    private static List<String> written(Path repo, Map<String, String> env) throws IOException {
        ShowRun.Result show = wb(repo, env, "show", "--html", "--json");
        assertEquals(0, show.code(), show::toString);
        JsonNode doc = JSON.readTree(show.out());
        List<String> tasks = new ArrayList<>();
        doc.path("tasks").forEach(t -> tasks.add(t.asText()));
        List<String> all = new ArrayList<>(tasks);
        doc.path("kept").forEach(t -> all.add(t.asText()));
        all.sort(null);
        assertEquals(List.of("A-1", "B-1", "C-1"), all, "every task's page is written or kept");
        return tasks;
    }
}
