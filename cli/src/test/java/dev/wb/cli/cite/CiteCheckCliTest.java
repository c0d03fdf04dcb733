package dev.wb.cli.cite;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb cite check FILE} through bin/wb: its lines, its JSON and its exit codes. */
class CiteCheckCliTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "import math\n\ndef total(a, b):\n    return a + b\n");
        repo.commitAll("app");
        wb(repo.root(), "init");
    }

    @Test
    void passing_citations_exit_0_and_print_a_line_each() {
        repo.write(
                "cites.json",
                "{\"evidence\": [{\"claim\": \"adds\", \"file\": \"src/app.py\", \"line\": 4,"
                        + " \"quote\": \"return a + b\"}]}");

        CliRun.Result result = wb(repo.root(), "cite", "check", "cites.json");

        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().startsWith("cites.json: citations passed · 1 citation checked\n"), result::toString);
        assertTrue(result.out().contains("  ok           evidence[0]  src/app.py:4\n"), result::toString);
        assertTrue(result.out().contains("recorded as event "), result::toString);
    }

    @Test
    void a_moved_or_uncommitted_citation_exits_7_with_the_fix() {
        repo.write("src/app.py", "import math\n\ndef total(a, b):\n    return a + b\n\ntax = 0.2\n");
        repo.write(
                "cites.json",
                "{\"evidence\": ["
                        + "{\"claim\": \"adds\", \"file\": \"src/app.py\", \"line\": 1, \"quote\": \"return a + b\"},"
                        + "{\"claim\": \"taxes\", \"file\": \"src/app.py\", \"line\": 6, \"quote\": \"tax = 0.2\"}]}");

        CliRun.Result result = wb(repo.root(), "cite", "check", "cites.json");
        JsonNode json = wb(repo.root(), "cite", "check", "cites.json", "--json").json();

        assertEquals(7, result.code(), result::toString);
        assertTrue(
                result.out().contains("  moved        evidence[0]  src/app.py:1: now at line 4\n"), result::toString);
        assertTrue(result.out().contains("set evidence[0].line to 4"), result::toString);
        assertTrue(result.out().contains("  uncommitted  evidence[1]  src/app.py:6: "), result::toString);
        assertTrue(
                result.err().startsWith("error: the citations of cites.json failed: 2 findings\n"), result::toString);
        assertTrue(result.err().contains("  fix: "), result::toString);
        assertEquals("fail", json.get("verdict").asText());
        assertEquals(2, json.get("citations_failed").asInt());
        assertEquals("uncommitted", json.get("citations").get(1).get("verdict").asText());
    }

    @Test
    void no_file_exits_6_and_no_argument_exits_2() {
        CliRun.Result missing = wb(repo.root(), "cite", "check", "nowhere.json");
        CliRun.Result usage = wb(repo.root(), "cite", "check");

        assertEquals(6, missing.code(), missing::toString);
        assertTrue(missing.err().startsWith("error: no such file: nowhere.json\n"), missing::toString);
        assertEquals(2, usage.code(), usage::toString);
        assertTrue(usage.err().startsWith("error: "), usage::toString);
    }
}
