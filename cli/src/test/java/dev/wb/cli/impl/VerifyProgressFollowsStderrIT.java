package dev.wb.cli.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * wb verify's progress follows where stderr goes, whatever stdout is: bin/wb as a real process on a real
 * terminal (script(1) gives it one; hardened in issue 13, item 21).
 */
class VerifyProgressFollowsStderrIT {

    private static final Path WB =
            Path.of(System.getProperty("user.dir")).getParent().resolve("bin/wb");
    private static final Path SCRIPT = Path.of("/usr/bin/script");

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void auditedPlan() throws IOException {
        assumeTrue(Files.isExecutable(SCRIPT), "script(1) from util-linux gives wb a terminal");
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("Makefile", "ok:\n\t@echo all good\n");
        repo.write("src/app.py", "value = 1\n");
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app");
        repo.write(".workflow/ABC-1/sdd.json", """
                {"key": "ABC-1", "objective": "o",
                 "evidence": [{"claim": "c", "file": "src/app.py", "line": 1, "quote": "value = 1"}],
                 "files": [{"path": "src/app.py", "change": "edit", "why": "w"}],
                 "tests": [{"kind": "unit", "asserts": "a"}], "verify": ["make -s ok"], "rollback": "revert"}
                """);
        assertEquals(0, onTerminal("sdd audit ABC-1 >/dev/null 2>&1").exitCode());
    }

    // item 21: "\r\033[K progress codes leak into 2>log when stdout is a terminal: decide per stream."
    @Test
    void item21_progress_into_a_redirected_stderr_is_plain_lines_though_stdout_is_a_terminal() throws IOException {
        Path log = tmp.resolve("log");

        ProcessResult run = onTerminal("impl verify ABC-1 2>" + log);

        assertEquals(0, run.exitCode(), run.stdout());
        assertTrue(run.stdout().contains("ABC-1: verify PASS"), "stdout is the terminal: " + run.stdout());
        String progress = Files.readString(log);
        assertTrue(progress.contains("[1/1] running: make -s ok"), progress);
        assertFalse(progress.contains("\r") || progress.contains("\033"), progress);
    }

    // item 21: the live line goes to a stderr that is a terminal, wherever stdout goes.
    @Test
    void item21_progress_on_a_terminal_stderr_is_the_live_line_though_stdout_is_redirected() throws IOException {
        Path out = tmp.resolve("out");

        ProcessResult run = onTerminal("impl verify ABC-1 >" + out);

        assertEquals(0, run.exitCode(), run.stdout());
        assertTrue(run.stdout().contains("\r\033[K[1/1] 0 s  make -s ok"), run.stdout());
        assertTrue(Files.readString(out).contains("ABC-1: verify PASS"));
    }

    /** Runs {@code wb ARGS} (shell words, with redirections) on a fresh terminal; stdout is what the terminal showed. */
    private ProcessResult onTerminal(String args) {
        String command = "cd '" + repo.root() + "' && '" + WB + "' " + args;
        return TempGitRepo.Processes.run(
                tmp, List.of(SCRIPT.toString(), "-qec", command, "/dev/null"), TempGitRepo.gitEnvironment(), 120);
    }
}
