package dev.wb.cli.pr;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb commit convention}, {@code wb pr context} and {@code wb pr check}: their lines, JSON and exit codes. */
class CommitPrCliTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "value = 1\n");
        repo.commitAll("feat: the app");
        repo.write("src/app.py", "value = 2\n");
        repo.commitAll("fix: the value");
    }

    @Test
    void convention_prints_the_detected_style_and_set_records_another_in_config_json() throws Exception {
        CliRun.Result detected = wb(repo.root(), "commit", "convention");
        assertEquals(0, detected.code(), detected::toString);
        assertTrue(detected.out().startsWith("style     conventional commits"), detected::toString);
        assertTrue(detected.out().contains("  e.g.    fix: the value\n"), detected::toString);

        JsonNode declared = wb(repo.root(), "commit", "convention", "--set", "free-form", "--json")
                .json();
        assertEquals("free-form", declared.get("style").asText());
        assertTrue(declared.get("declared").asBoolean());
        assertTrue(Files.readString(repo.resolve(".workflow/config.json")).contains("\"commit_style\": \"free-form\""));

        CliRun.Result unknown = wb(repo.root(), "commit", "convention", "--set", "angular");
        assertEquals(2, unknown.code(), unknown::toString);
        assertTrue(unknown.err().contains("error: --set angular is not a commit style"), unknown::toString);
    }

    @Test
    void pr_check_exits_7_listing_every_reason_and_0_saving_pr_md() {
        repo.write("drafts/pr.md", "## What\n\n## Why\nAs requested.\n");
        CliRun.Result failed = wb(repo.root(), "pr", "check", "ABC-1", "--file", "drafts/pr.md");
        assertEquals(7, failed.code(), failed::toString);
        assertTrue(failed.out().contains("  - section 'What' has no content"), failed::toString);
        assertTrue(failed.out().contains("  - remove filler: 'As requested'"), failed::toString);
        assertTrue(
                failed.err().startsWith("error: the description breaks 2 rules; nothing was saved"), failed::toString);
        assertFalse(Files.exists(repo.resolve(".workflow/ABC-1/pr.md")));

        repo.write("drafts/pr.md", "Round the total once\n");
        JsonNode passed = wb(
                        repo.root(), "pr", "check", "ABC-1", "--file", "drafts/pr.md", "--shape", "trivial", "--json")
                .json();
        assertTrue(passed.get("passed").asBoolean());
        assertEquals(".workflow/ABC-1/pr.md", passed.get("saved").asText());
        assertTrue(Files.exists(repo.resolve(".workflow/ABC-1/pr.md")));

        assertEquals(
                6,
                wb(repo.root(), "pr", "check", "ABC-1", "--file", "drafts/none.md")
                        .code());
        assertEquals(
                2,
                wb(repo.root(), "pr", "check", "ABC-1", "--file", "drafts/pr.md", "--shape", "huge")
                        .code());
    }

    @Test
    void pr_context_names_what_is_missing_and_refuses_a_base_that_names_no_commit() {
        JsonNode context = wb(repo.root(), "pr", "context", "ABC-1", "--json").json();
        assertEquals("main", context.get("branch").asText());
        assertEquals("[\"plan\",\"verification\"]", context.get("missing").toString());
        assertTrue(context.get("note").asText().startsWith("branch and base are both main"));

        CliRun.Result base = wb(repo.root(), "pr", "context", "ABC-1", "--base", "nope");
        assertEquals(2, base.code(), base::toString);
        assertEquals(2, wb(repo.root(), "pr", "context", "not a key").code());
    }
}
