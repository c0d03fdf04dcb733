package dev.wb.cli.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.SamplePlan;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A command line wb cannot read is refused in wb's own words, with the corrected command where one is
 * close, and every fix names real paths: picocli's jargon ({@code Unmatched argument at index},
 * {@code Missing required parameter}, {@code should be specified only once}) never reaches a user.
 */
class ParseErrorWordsTest {

    private static final Pattern JARGON = Pattern.compile(
            "Unmatched argument|Unknown option|Missing required|should be specified only once|Invalid value for"
                    + "|is not an int|is not a long|at index");
    private static final Pattern PLACEHOLDER = Pattern.compile("fix: .*<[A-Za-z_-]+>");

    @TempDir
    Path tmp;

    private TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "r");
    }

    private CliRun.Result wb(String... args) {
        CliRun.Result result = CliRun.wb(repo.root(), Map.of("WB_TASK", ""), args);
        assertFalse(JARGON.matcher(result.err()).find(), result::toString);
        assertFalse(PLACEHOLDER.matcher(result.err()).find(), result::toString);
        return result;
    }

    private static void refused(CliRun.Result result, String error, String... fixes) {
        assertEquals(2, result.code(), result::toString);
        List<String> lines = result.err().lines().toList();
        assertEquals("error: " + error, lines.get(0), result::toString);
        assertEquals(
                List.of(fixes),
                lines.subList(1, lines.size()).stream().map(String::strip).toList(),
                result::toString);
    }

    @Test
    void a_mistyped_command_is_not_a_command_and_the_close_one_is_offered() {
        refused(
                wb("statsu"),
                "'statsu' is not a command of wb (wb --help lists them)",
                "fix: did you mean: wb status",
                "fix: wb --help");
        refused(
                wb("config", "sett"),
                "'sett' is not a command of wb config (wb config --help lists them)",
                "fix: did you mean: wb config set",
                "fix: wb config --help");
    }

    @Test
    void a_word_too_many_names_what_the_command_takes() {
        refused(
                wb("status", "ABC-1", "extra"),
                "wb status takes KEY and nothing more; 'extra' is one word too many (quote a value that holds spaces)",
                "fix: wb status --help");
        refused(
                wb("init", "extra"),
                "wb init takes no words besides its options; 'extra' is one too many",
                "fix: wb init --help");
    }

    @Test
    void an_unknown_option_is_named_before_a_missing_key_and_a_close_one_is_offered() {
        refused(wb("sdd", "audit", "--frob"), "wb sdd audit has no option '--frob'", "fix: wb sdd audit --help");
        refused(
                wb("sdd", "audit", "ABC-1", "--jsn"),
                "wb sdd audit has no option '--jsn'",
                "fix: did you mean: wb sdd audit ABC-1 --json",
                "fix: wb sdd audit --help");
        refused(
                wb("impl", "check", "ABC-1", "--stagd=x"),
                "wb impl check has no option '--stagd'",
                "fix: did you mean: wb impl check ABC-1 --staged=x",
                "fix: wb impl check --help");
    }

    @Test
    void a_missing_word_or_value_and_a_value_of_the_wrong_kind_are_named() {
        refused(wb("sdd", "audit"), "wb sdd audit needs KEY (the task key, like ABC-12)", "fix: wb sdd audit --help");
        refused(wb("replay", "ABC-1", "--at"), "--at needs a value (N)", "fix: wb replay --help");
        refused(wb("replay", "ABC-1", "--at", "x"), "--at takes a whole number (N), not 'x'", "fix: wb replay --help");
        refused(
                wb("sdd", "audit", "ABC-1", "--json", "--json"),
                "--json is given twice; wb sdd audit takes it once",
                "fix: wb sdd audit --help");
    }

    @ParameterizedTest
    @ValueSource(strings = {"status\u001b[31m", "--x\u001b]0;t\u0007"})
    void a_typed_word_is_shown_escaped(String word) {
        CliRun.Result result = wb(word);

        assertEquals(2, result.code(), result::toString);
        assertFalse(result.err().contains("\u001b"), result::toString);
    }

    @Test
    void a_mistyped_flow_name_gets_the_close_flow() {
        repo.write(".workflow/flows/quick.yaml", "flow:\n  name: quick\n");

        refused(
                wb("validate-flow", "quik"),
                "flow 'quik' not found in .workflow/flows/",
                "fix: did you mean: wb validate-flow quick",
                "fix: the flows in .workflow/flows/: quick");
    }

    @Test
    void the_deviation_fix_names_the_paths_to_restore_and_the_new_files_to_remove() {
        repo.write("src/app.py", SamplePlan.APP_PY);
        repo.write("src/other file.py", "x = 1\n");
        repo.write(".workflow/.gitignore", "local/\n");
        repo.commitAll("app");
        repo.git("checkout", "-q", "-b", "task/ABC-1");
        repo.write(
                ".workflow/ABC-1/sdd.json",
                SamplePlan.of("ABC-1").verify("true").json());
        CliRun.Result audit = wb("sdd", "audit", "ABC-1");
        assertEquals(0, audit.code(), audit::toString);
        repo.write("src/other file.py", "x = 2\n");
        repo.write("src/stray.py", "y = 1\n");

        CliRun.Result check = wb("impl", "check", "ABC-1");

        assertEquals(7, check.code(), check::toString);
        assertTrue(
                check.err()
                        .contains("  fix: otherwise undo them: git restore --staged --worktree -- "
                                + "\"src/other file.py\"\n"),
                check::toString);
        assertTrue(
                check.err().contains("  fix: and remove the new files: git clean -f -- src/stray.py\n"),
                check::toString);
    }
}
