package dev.wb.cli.demo;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb demo}: the walk goes as narrated, in its own repository, touching nothing else. */
class DemoTest {

    @TempDir
    Path cwd;

    @Test
    void the_demo_walks_through_a_task_and_every_step_exits_as_expected() throws IOException {
        CliRun.Result result = wb(cwd, "demo");

        assertEquals(0, result.code(), result::toString);
        for (String expected : List.of(
                "audit passed · light tier · first audit (strict)",
                "deviation src/cart.py",
                "error: the plan for DEMO-1 changed since its audit",
                "re-anchor with: wb sdd audit DEMO-1 --rebaseline",
                "not run     curl -fsS https://shop.example/health",
                "DEMO-1: verify PASS",
                "git commit -F .workflow/DEMO-1/commit.txt",
                "excluded  .env.local",
                "to approve them headless, pass: --approve-commands \"make -s check\"",
                "PASSED: SNAPSHOT:",
                "APPROVED for the reviewed boundary: DEMO-1",
                "reviewBoundary: CURRENT",
                "status:            CURRENT",
                "DEMO-1  closed  1 round",
                "checks DEMO-1: pass",
                "flow implementation: OK",
                "line 10: node 'fix': unknown key rol_file (did you mean role_file?)",
                "task DEMO-1: 23 events, hash chain intact",
                "review  approved",
                "chain: 23 events verify",
                "The task's page: ")) {
            assertTrue(result.out().contains(expected), () -> "missing '" + expected + "' in\n" + result);
        }
        try (Stream<Path> files = Files.list(cwd)) {
            assertEquals(0, files.count(), "the demo leaves the folder it ran in untouched");
        }
    }

    @Test
    void json_lists_every_step_with_its_exit_code() {
        JsonNode doc = wb(cwd, "demo", "--json").json();

        assertTrue(doc.get("asExpected").asBoolean());
        assertTrue(Files.isDirectory(Path.of(doc.get("repository").asText()).resolve(".workflow/local/log")));
        assertEquals(26, doc.get("steps").size());
        // The demo ends by writing the task's page, a self-contained HTML file, and says where it is.
        Path page = Path.of(doc.get("page").asText());
        assertEquals(Path.of(doc.get("repository").asText()).resolve(".workflow/local/pages/DEMO-1.html"), page);
        String html = assertDoesNotThrow(() -> Files.readString(page));
        assertTrue(html.contains("data-wb-task=\"DEMO-1\""), "a task page for DEMO-1");
        assertTrue(
                html.contains("{\"n\":0,") && html.contains("{\"n\":22,") && !html.contains("{\"n\":23,"),
                "every event of DEMO-1, and no other, is in the page's data");
    }
}
