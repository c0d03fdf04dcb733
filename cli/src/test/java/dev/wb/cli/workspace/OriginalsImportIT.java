package dev.wb.cli.workspace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb import} through bin/wb, a real process, as someone switching runs it. */
class OriginalsImportIT {

    private static final Path WB =
            Path.of(System.getProperty("user.dir")).getParent().resolve("bin/wb");

    @TempDir
    Path tmp;

    @Test
    void a_switching_user_imports_once_and_a_second_run_adds_nothing() throws IOException {
        TempGitRepo original = OriginalWorkspaces.repository(tmp, "original");
        TempGitRepo repo = TempGitRepo.create(tmp, "wb");
        repo.write("README.md", "wb\n");
        repo.commitAll("base");
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", Files.createDirectories(tmp.resolve("home")).toString());

        ProcessResult first =
                run(repo.root(), env, "import", "--from", original.root().toString());

        assertEquals(0, first.exitCode(), first.stderr());
        assertTrue(
                first.stdout().contains("copied .worc/tools/check_journey → .workflow/tools/check_journey"),
                first.stdout());
        assertTrue(first.stdout().contains(": 12 copied, 4 recorded"), first.stdout());
        assertTrue(Files.isExecutable(repo.resolve(".workflow/tools/check_journey")));
        assertArrayEquals(
                OriginalWorkspaces.bytes("worc", ".worc/flows/custom.yaml"),
                Files.readAllBytes(repo.resolve(".workflow/flows/custom.yaml")));

        ProcessResult second =
                run(repo.root(), env, "import", "--from", original.root().toString());

        assertEquals(0, second.exitCode(), second.stderr());
        assertTrue(second.stdout().contains(": 12 already there, 4 already recorded"), second.stdout());
        ProcessResult replay = run(repo.root(), env, "replay", "TASK-001");
        assertEquals(0, replay.exitCode(), replay.stderr());
        assertEquals(1, replay.stdout().lines().count(), replay.stdout());
        assertTrue(replay.stdout().contains("imported, unverified: judge review APPROVED"), replay.stdout());
        ProcessResult check = run(repo.root(), env, "impl", "check", "ABC-1");
        assertEquals(2, check.exitCode(), check.stdout());
        assertTrue(check.stderr().contains("has not been audited"), check.stderr());
    }

    private static ProcessResult run(Path cwd, Map<String, String> env, String... args) {
        List<String> argv = new ArrayList<>();
        argv.add(WB.toString());
        argv.addAll(List.of(args));
        return TempGitRepo.Processes.run(cwd, argv, env, 60);
    }
}
