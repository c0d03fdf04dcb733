package dev.wb.cli;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Reading writes nothing (hardened in issue 13, item 26). */
class ReadCommandsWriteNothingTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(
            strings = {
                "status",
                "status --json",
                "status --stats",
                "status T-1",
                "status workspace",
                "replay workspace",
                "replay T-1 --verify",
                "show T-1",
                "judge rounds T-1",
                "judge current T-1",
                "config show"
            })
    void item26_a_read_in_a_never_initialised_repository_writes_nothing(String command) {
        // "wb status in a never-initialised repository creates .workflow/local/: a read writes nothing"
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");

        CliRun.Result result = wb(repo.root(), command.split(" "));

        assertFalse(result.code() == 70 || result.err().contains("Exception"), result::toString);
        assertFalse(Files.exists(repo.resolve(".workflow")), command + " created .workflow/: " + result);
    }

    @ParameterizedTest
    @ValueSource(strings = {"status", "replay workspace"})
    void item26_the_first_append_after_a_read_still_creates_the_log(String command) {
        // "a read writes nothing" — and the next write works as before
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        wb(repo.root(), command.split(" "));

        assertEquals(0, wb(repo.root(), "init").code());
        assertEquals(0, wb(repo.root(), "replay", "workspace").code());
    }
}
