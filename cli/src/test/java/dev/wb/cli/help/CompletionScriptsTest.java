package dev.wb.cli.help;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb generate-completion --shell bash|zsh|fish}: one script per shell, made from the command tree. */
class CompletionScriptsTest {

    @TempDir
    Path tmp;

    private TempGitRepo repo;

    @BeforeEach
    void repo() {
        repo = TempGitRepo.create(tmp, "repo");
    }

    @Test
    void the_fish_script_completes_commands_subcommands_options_and_task_keys_by_the_path_typed_so_far() {
        CliRun.Result result = wb(repo.root(), "generate-completion", "--shell", "fish");

        assertEquals(0, result.code(), result::toString);
        String script = result.out();
        assertTrue(script.contains("\ncomplete -c wb -f\n"), "no file names unless an argument takes one");
        assertTrue(script.contains("complete -c wb -n '__wb_at' -a 'status' -d '"), "wb's own commands at the top");
        assertTrue(script.contains("complete -c wb -n '__wb_at task' -a 'new' -d '"), "task's subcommands after task");
        assertTrue(
                script.contains("complete -c wb -n '__wb_at status' -l 'json' -d '"), "status's options after status");
        assertTrue(
                script.contains("complete -c wb -n '__wb_at impl check' -a '(__wb_task_keys)'"), "KEY from .workflow/");
        assertTrue(
                script.contains("complete -c wb -n '__wb_at generate-completion' -l 'shell' -r"), "an option's value");
        assertTrue(script.contains("set -g __wb_commands ") && script.contains(" 'task new'"), "the paths it knows");
        assertFalse(script.contains("-a 'status' -d ''"), "every command has a hint");
    }

    @Test
    void fish_parses_the_fish_script_and_completes_from_it_when_fish_is_installed() throws Exception {
        Path fish = Path.of("/usr/bin/fish");
        CliRun.Result result = wb(repo.root(), "generate-completion", "--shell", "fish");
        Path script = tmp.resolve("wb.fish");
        Files.writeString(script, result.out(), StandardCharsets.UTF_8);
        if (!Files.isExecutable(fish)) {
            // Without fish the script's text is still checked by the test above.
            assertTrue(result.out().contains("function __wb_at"), result::toString);
            return;
        }
        String completed = run(List.of(
                fish.toString(),
                "--no-config",
                "-c",
                "source " + script + "; complete -C 'wb sta'; echo ---; complete -C 'wb task '; echo ---;"
                        + " complete -C 'wb replay --'"));
        String[] answers = completed.split("---\n", -1);

        assertEquals(3, answers.length, completed);
        assertTrue(answers[0].lines().anyMatch(line -> line.startsWith("status\t")), answers[0]);
        assertTrue(answers[1].lines().anyMatch(line -> line.startsWith("new\t")), answers[1]);
        assertFalse(
                answers[1].lines().anyMatch(line -> line.startsWith("status\t")),
                "after task, task's own: " + answers[1]);
        assertTrue(answers[2].lines().anyMatch(line -> line.startsWith("--verify\t")), answers[2]);
    }

    @Test
    void zsh_gets_the_bash_script_which_it_runs_through_bashcompinit() {
        CliRun.Result bash = wb(repo.root(), "generate-completion", "--shell", "bash");
        CliRun.Result zsh = wb(repo.root(), "generate-completion", "--shell", "zsh");

        assertEquals(0, zsh.code(), zsh::toString);
        assertEquals(bash.out(), zsh.out());
        assertTrue(zsh.out().contains("bashcompinit"), "the script enables bash completion in zsh");
    }

    @Test
    void an_unknown_shell_is_refused_with_the_shells_wb_completes() {
        CliRun.Result result = wb(repo.root(), "generate-completion", "--shell", "tcsh");

        assertEquals(2, result.code(), result::toString);
        assertTrue(
                result.err().contains("error: --shell tcsh is not a shell wb completes (bash, zsh or fish)"),
                result::toString);
        assertTrue(result.err().contains("fix: wb generate-completion --shell fish"), result::toString);
        assertEquals("", result.out());
    }

    private String run(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(repo.root().toFile()).redirectErrorStream(true);
        // fish keeps its own state under the home: a home of the test's own.
        builder.environment().put("HOME", tmp.resolve("home").toString());
        builder.environment().remove("XDG_DATA_HOME");
        builder.environment().remove("XDG_CONFIG_HOME");
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "fish answered within a minute");
        assertEquals(0, process.exitValue(), out);
        return out;
    }
}
