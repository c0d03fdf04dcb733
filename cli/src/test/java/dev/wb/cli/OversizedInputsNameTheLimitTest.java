package dev.wb.cli;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.engine.BatchTooLargeException;
import dev.wb.engine.StreamId;
import dev.wb.testkit.TempGitRepo;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Inputs too large for one event of the log are refused naming the limit (hardened in issue 13, item 13). */
class OversizedInputsNameTheLimitTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("README.md", "x\n");
        repo.git("add", "-A");
        repo.git("commit", "-q", "-m", "init");
        assertEquals(0, wb(repo.root(), "init").code());
        for (String doc : new String[] {"context", "plan", "review-checklist"}) {
            repo.write(".workflow/T-1/" + doc + ".md", "# " + doc + "\n\ntext\n");
        }
        repo.write(".workflow/T-1/acceptance-criteria.md", "# Acceptance criteria\n\n- AC-1: it works\n");
    }

    private CliRun.Result approve(String commands) {
        repo.write(".workflow/T-1/task.md", "# T-1: a task\n\n## Validation\n\n```\n" + commands + "```\n");
        return wb(repo.root(), "task", "approve-commands", "T-1");
    }

    @Test
    void item13_a_validation_command_of_1_MB_is_a_capsule_problem_that_names_the_limit() {
        // "Exit 70 'this is a bug in wb' when an event would exceed the log's batch limit: a 10 MB validation command"
        // (a task.md over 1 MiB, such as that one, is refused whole before it is read: UnsafeInputFilesAreRefusedTest)
        CliRun.Result result = approve("echo " + "x".repeat(1_000_000) + "\n");

        assertEquals(
                2,
                result.code(),
                () -> result.toString()
                        .substring(0, Math.min(600, result.toString().length())));
        assertTrue(
                result.err()
                        .contains("task.md line 6: a command of 1000005 bytes: a command is at most 4096"
                                + " bytes (4 KiB)"),
                () -> result.err().substring(0, Math.min(600, result.err().length())));
        assertTrue(result.err().length() < 2000, "the command itself is not echoed");
        assertFalse(result.err().contains("bug in wb"), result.err());
    }

    @Test
    void item13_a_hundred_thousand_validation_commands_are_a_capsule_problem_that_names_the_limit() {
        // "Exit 70 ... 100,000 commands"
        // distinct commands: a command declared twice is kept once
        StringBuilder commands = new StringBuilder();
        for (int i = 0; i < 100_000; i++) {
            commands.append("t ").append(Integer.toString(i, 36)).append('\n'); // under 1 MiB in all
        }
        CliRun.Result result = approve(commands.toString());

        assertEquals(
                2,
                result.code(),
                () -> result.toString()
                        .substring(0, Math.min(600, result.toString().length())));
        assertTrue(
                result.err()
                        .contains("task.md line 106: more than 100 commands: a ## Validation block declares at"
                                + " most 100"),
                result::toString);
    }

    @Test
    void item13_commands_over_16_KiB_together_are_a_capsule_problem() {
        // "Bound inputs with a clear error (exit 2 or 7 naming the limit)"
        // distinct commands: a command declared twice is kept once
        StringBuilder commands = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            commands.append("echo ").append(i).append("y".repeat(4000)).append('\n');
        }
        CliRun.Result result = approve(commands.toString());

        assertEquals(2, result.code(), result::toString);
        assertTrue(
                result.err()
                        .contains("task.md line 5: the commands hold 20030 bytes together: a ## Validation block"
                                + " holds at most 16384 bytes (16 KiB) of commands"),
                result::toString);
    }

    @Test
    void item13_a_flow_of_ten_thousand_nodes_is_validated_and_recorded_whole_or_shortened() {
        // "Exit 70 ... a 10,000-node flow (wb validate-flow)"
        StringBuilder flow = new StringBuilder("""
                flow:
                  name: Huge
                  task_type: huge
                  permission_ceiling: workspace-write
                  output_policy: code_change
                  publishing: none
                  nodes:
                """);
        for (int i = 0; i < 10_000; i++) {
            flow.append("    - id: node-").append(i).append("\n      kind: agent\n      role_file: r.md\n");
        }
        repo.write(".workflow/flows/huge.yaml", flow.toString());

        CliRun.Result result = wb(repo.root(), "validate-flow", "huge");
        CliRun.Result replay = wb(repo.root(), "replay", "workspace", "--json");

        assertEquals(1, result.code(), () -> result.toString().substring(0, 600)); // an invalid flow (FLOWS.md)
        assertFalse(result.err().contains("bug in wb"), result.err());
        assertEquals(0, replay.code(), replay::toString);
        assertTrue(replay.out().contains("flow.validated"), "the validation is recorded");
    }

    @Test
    void item13_a_batch_over_the_logs_limit_is_refused_with_exit_2_naming_the_limit() {
        // "add a last-resort mapping so BatchTooLargeException becomes a clear error naming the limit rather than exit
        // 70"
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Wb wb = new Wb(Map.of(), repo.root(), Clock.systemUTC(), new PrintWriter(out), new PrintWriter(err));

        int code = wb.handle(new BatchTooLargeException(StreamId.workspace(), 200_000, 122_880));

        assertEquals(2, code);
        assertTrue(
                err.toString()
                        .startsWith(
                                "error: nothing was recorded: what wb would record for the workspace"
                                        + " takes 200000 bytes, over the log's limit of 122880 bytes (120 KiB) per batch\n  fix: "),
                err.toString());
    }
}
