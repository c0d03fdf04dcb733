package dev.wb.cli.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a person consents to is what they read, and what runs (hardened in issue 13, item 1). */
class ConsentRefusesControlCharactersTest {

    /** Prints as "1. make -s check" on a terminal: the carriage return and the erase-line repaint it. */
    static final String DISGUISED = "mkdir -p build/ran #\r\033[2K  1. make -s check";

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write(".gitignore", "build/\n");
        repo.write(".workflow/.gitignore", "local/\n.env\n");
        repo.commitAll("base");
    }

    void capsule(String validation) {
        String dir = ".workflow/TASK-1/";
        repo.write(dir + "task.md", "# Task\n\n## Validation\n\n```\n" + validation + "```\n");
        repo.write(dir + "context.md", "# Context\n");
        repo.write(dir + "plan.md", "# Plan\n");
        repo.write(dir + "acceptance-criteria.md", "- AC-1: it works\n");
        repo.write(dir + "review-checklist.md", "# Checklist\n");
    }

    CliRun.Result wb(String... args) {
        return CliRun.wb(repo.root(), TempGitRepo.gitEnvironment(), args);
    }

    static void noControlCharacters(CliRun.Result result) {
        String shown = result.out() + result.err();
        assertTrue(shown.chars().noneMatch(c -> (c < 0x20 && c != '\n') || c == 0x7f), result::toString);
    }

    // "wb task approve-commands show[s] '1. make -s check'; wb then runs the shell command"
    @Test
    void item01_approve_commands_refuses_a_command_with_a_control_character_and_shows_it_escaped() {
        capsule("make -s check\n" + DISGUISED + "\n");

        CliRun.Result result = wb("task", "approve-commands", "TASK-1");

        assertEquals(2, result.code(), result::toString);
        assertEquals("", result.out(), result::toString);
        assertTrue(
                result.err().startsWith("error: TASK-1 declares no commands to approve (malformed validation"),
                result::toString);
        assertTrue(
                result.err().contains("line 7: the command holds a control character (\\r) at character 21"),
                result::toString);
        assertTrue(
                result.err().contains("\n  fix: correct the lines named above in .workflow/TASK-1/task.md"),
                result::toString);
        noControlCharacters(result);
        assertFalse(Files.exists(repo.resolve(".workflow/local/approved-commands/TASK-1.json")), "nothing approved");
    }

    // "the wb judge run [y/N] prompt ... show[s] '1. make -s check'; wb then runs the shell command and reports PASSED"
    @Test
    void item01_judge_run_refuses_a_command_with_a_control_character_and_runs_nothing() {
        capsule(DISGUISED + "\n");
        repo.write("src/App.java", "class App {}\n");
        CliRun.Result snapshot = wb("--json", "judge", "snapshot", "TASK-1", "--base", "main");
        assertEquals(0, snapshot.code(), snapshot::toString);
        String id = snapshot.json().get("id").asText();

        CliRun.Result run =
                wb("judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + id, "--approve-commands", DISGUISED);

        assertEquals(2, run.code(), run::toString);
        assertTrue(
                run.err()
                        .startsWith("error: the capsule of TASK-1 in SNAPSHOT:" + id + " declares nothing to run"
                                + " (malformed validation"),
                run::toString);
        assertTrue(run.err().contains("control character (\\r)"), run::toString);
        noControlCharacters(run);
        assertFalse(Files.exists(repo.resolve("build/ran")), "nothing ran");
    }

    // "Every text wb shows a person for a decision ... must be shown with control characters escaped"
    @Test
    void item01_the_terminal_prompt_shows_each_command_with_its_control_characters_escaped() {
        StringWriter shown = new StringWriter();

        boolean consented = Consent.ask(
                "These run:",
                List.of("make -s check", DISGUISED),
                new PrintWriter(shown),
                new BufferedReader(new StringReader("n\n")));

        assertFalse(consented);
        assertEquals(
                "These run:\n  1. make -s check\n  2. mkdir -p build/ran #\\r\\x1b[2K  1. make -s check\n"
                        + "Run them? [y/N] ",
                shown.toString().replace(System.lineSeparator(), "\n"));
    }
}
