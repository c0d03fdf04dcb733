package dev.wb.cli.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wb.testkit.SamplePlan;
import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through bin/wb, real processes: a scope check's marks are coloured on a terminal (util-linux
 * {@code script} gives the command one) and plain with NO_COLOR, in a pipe and under --json; through
 * one pipe ({@code 2>&1}) the lines come before the {@code error:} that refers to them; a mistyped
 * command is refused in wb's words.
 */
class TerminalMannersIT {

    private static final Path WB =
            Path.of(System.getProperty("user.dir")).getParent().resolve("bin/wb");
    private static final String ESC = "\u001b[";

    @TempDir
    Path tmp;

    private TempGitRepo repo;

    @BeforeEach
    void deviatingTask() {
        repo = TempGitRepo.create(tmp, "r");
        repo.write("src/app.py", SamplePlan.APP_PY);
        repo.write(".workflow/.gitignore", "local/\n");
        repo.commitAll("app");
        repo.git("checkout", "-q", "-b", "task/ABC-1");
        repo.write(
                ".workflow/ABC-1/sdd.json",
                SamplePlan.of("ABC-1").verify("true").json());
        ProcessResult audit = sh("wb sdd audit ABC-1");
        assertEquals(0, audit.exitCode(), audit::toString);
        repo.write("src/app.py", "# app\nvalue = 2\n");
        repo.write("src/stray.py", "x = 1\n");
    }

    /** {@code line}, run by sh in the repository with wb on PATH. */
    private ProcessResult sh(String line) {
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", tmp.resolve("home").toString());
        env.put("WB_SERVER", "off");
        env.put("WB_TASK", "");
        env.put("PATH", WB.getParent() + ":" + System.getenv("PATH"));
        List<String> argv = new ArrayList<>(List.of("sh", "-c", line));
        return TempGitRepo.Processes.run(repo.root(), argv, env, 120);
    }

    /** {@code line} on a terminal of its own (stdin and stdout), with TERM set and NO_COLOR unset. */
    private ProcessResult onTerminal(String line) {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/script")), "util-linux script gives a terminal");
        return sh("script -qec \"env -u NO_COLOR TERM=xterm " + line + "\" /dev/null");
    }

    @Test
    void marks_are_coloured_on_a_terminal_only() {
        ProcessResult terminal = onTerminal("wb impl check ABC-1");
        ProcessResult noColor = onTerminal("NO_COLOR=1 wb impl check ABC-1");
        ProcessResult piped = sh("wb impl check ABC-1 | cat");
        ProcessResult json = onTerminal("wb impl check ABC-1 --json");

        assertTrue(terminal.stdout().contains(ESC + "31mdeviation"), terminal::toString);
        assertTrue(terminal.stdout().contains(ESC + "32mok"), terminal::toString);
        assertTrue(terminal.stdout().contains(ESC + "31mDEVIATION" + ESC + "0m: 1 ok"), terminal::toString);
        assertTrue(terminal.stdout().contains("src/stray.py"), terminal::toString);
        for (ProcessResult plain : List.of(noColor, piped, json)) {
            assertFalse(plain.stdout().contains(ESC), plain::toString);
            assertTrue(plain.stdout().contains("src/stray.py"), plain::toString);
        }
    }

    @Test
    void through_one_pipe_the_lines_come_before_the_error_that_refers_to_them() {
        ProcessResult both = sh("wb impl check ABC-1 2>&1 | cat");

        String out = both.stdout();
        int line = out.indexOf("src/stray.py\n");
        int error = out.indexOf("error: ABC-1:");
        assertTrue(line >= 0 && error > line, both::toString);
        assertTrue(
                out.endsWith("  fix: otherwise remove the new files: git clean -f -- src/stray.py\n"), both::toString);
    }

    @Test
    void a_mistyped_command_is_refused_in_wbs_words() {
        ProcessResult typo = sh("wb statsu");

        assertEquals(2, typo.exitCode(), typo::toString);
        assertEquals("""
                        error: 'statsu' is not a command of wb (wb --help lists them)
                          fix: did you mean: wb status
                          fix: wb --help
                        """, typo.stderr());
    }
}
