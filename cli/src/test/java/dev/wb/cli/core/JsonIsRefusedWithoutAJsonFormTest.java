package dev.wb.cli.core;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** --json is honoured or refused, never ignored (hardened in issue 13, item 22). */
class JsonIsRefusedWithoutAJsonFormTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(
            strings = {
                "generate-completion --json",
                "--json generate-completion",
                "generate-man --json",
                "--json generate-man man",
                "judge guard --json",
                "--json judge guard",
                "replay workspace --output 0 --json"
            })
    void item22_a_command_without_a_json_form_refuses_json_with_exit_2(String command) {
        // "--json is silently ignored by replay --output, generate-completion, and judge guard has none"
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        assertEquals(0, wb(repo.root(), "init").code());

        CliRun.Result result = wb(repo.root(), command.split(" "));

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: ") && result.err().contains("no --json form"), result::toString);
        assertTrue(result.err().contains("\n  fix: "), result::toString);
        assertEquals(2, result.json().path("exitCode").asInt(), result::toString);
    }
}
