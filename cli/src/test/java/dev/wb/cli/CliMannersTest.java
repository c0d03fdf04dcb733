package dev.wb.cli;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.core.HelpText;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * CLI manners (issue 19): help wrapped to COLUMNS between words only, did-you-mean for a mistyped
 * command or option, a group alone prints its help, task keys in the completion script, man pages.
 */
class CliMannersTest {

    private static final Pattern SPACE = Pattern.compile("\\s+");

    @TempDir
    Path tmp;

    private TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "r");
    }

    /** The help of wb and of every command, as {@code wb ... --help} prints it with this COLUMNS. */
    private List<String> helps(String columns) {
        List<String> helps = new ArrayList<>();
        for (String command :
                Stream.concat(Stream.of(""), SubcommandUsageTest.subcommands()).toList()) {
            List<String> args = new ArrayList<>(command.isEmpty() ? List.of() : Arrays.asList(command.split(" ")));
            args.add("--help");
            CliRun.Result result = wb(repo.root(), Map.of("COLUMNS", columns), args.toArray(new String[0]));
            assertEquals(0, result.code(), result::toString);
            helps.add(result.out());
        }
        return helps;
    }

    private static List<String> words(List<String> helps) {
        return helps.stream().flatMap(help -> SPACE.splitAsStream(help.trim())).toList();
    }

    @ParameterizedTest
    @ValueSource(ints = {60, 200})
    void help_is_wrapped_to_columns_and_never_inside_a_word(int width) {
        List<String> helps = helps(String.valueOf(width));
        int wrapped = 0;
        for (String help : helps) {
            for (String line : help.lines().toList()) {
                String trimmed = line.trim();
                assertTrue(
                        line.length() <= width || !trimmed.contains(" "),
                        "a line longer than " + width + " that could have been wrapped: " + line);
                wrapped += line.length() > 55 ? 1 : 0;
            }
        }
        // The same words in the same order as at the widest: no word is broken or joined.
        assertEquals(words(helps("500")), words(helps), "the words of the help at COLUMNS=" + width);
        assertTrue(wrapped > 0, "some line uses the width");
        String checks = helps.get(1 + SubcommandUsageTest.subcommands().toList().indexOf("checks"));
        assertTrue(checks.contains(".workflow/config.json"), checks);
        assertTrue(checks.contains("(checks.command_sets)"), checks);
        String validate =
                helps.get(1 + SubcommandUsageTest.subcommands().toList().indexOf("validate-flow"));
        assertTrue(validate.contains(".workflow/tools/"), validate);
    }

    @Test
    void at_80_columns_by_default_and_at_200_fewer_lines() {
        CliRun.Result plain = wb(repo.root(), Map.of("COLUMNS", "nonsense"), "import", "--help");
        CliRun.Result wide = wb(repo.root(), Map.of("COLUMNS", "200"), "import", "--help");

        int longest = plain.out().lines().mapToInt(String::length).max().orElse(0);
        assertTrue(longest <= 80 && longest > 70, plain.out());
        assertTrue(wide.out().lines().count() < plain.out().lines().count(), wide.out());
        assertTrue(wide.out().lines().anyMatch(line -> line.length() > 120), wide.out());
    }

    @Test
    void a_word_longer_than_the_line_is_kept_whole() {
        String line = "  --x   " + "a/very/long/path/".repeat(5) + " and more";
        String wrapped = HelpText.wrap(line, 40, 0, -1);

        assertTrue(wrapped.contains("a/very/long/path/".repeat(5)), wrapped);
        assertTrue(wrapped.endsWith("\n          and more"), wrapped);
    }

    @Test
    void a_mistyped_command_gets_a_did_you_mean() {
        CliRun.Result result = wb(repo.root(), "statsu");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().contains("\n  fix: did you mean: wb status\n  fix: wb --help\n"), result::toString);
    }

    @Test
    void a_mistyped_option_gets_a_did_you_mean() {
        CliRun.Result result = wb(repo.root(), "status", "--jsno");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().contains("\n  fix: did you mean: wb status --json\n"), result::toString);
    }

    @Test
    void a_mistyped_member_of_a_group_gets_a_did_you_mean_with_the_rest_of_the_line() {
        CliRun.Result judge = wb(repo.root(), "judge", "verfy");
        CliRun.Result impl = wb(repo.root(), "impl", "chek", "ABC-1", "--base", "main branch");

        assertEquals(2, judge.code(), judge::toString);
        assertTrue(judge.err().contains("\n  fix: did you mean: wb judge verify\n"), judge::toString);
        assertEquals(2, impl.code(), impl::toString);
        assertTrue(
                impl.err().contains("\n  fix: did you mean: wb impl check ABC-1 --base 'main branch'\n"),
                impl::toString);
    }

    @Test
    void nothing_close_gets_no_guess() {
        CliRun.Result result = wb(repo.root(), "xyzzy");

        assertEquals(2, result.code(), result::toString);
        assertFalse(result.err().contains("did you mean"), result::toString);
        assertTrue(result.err().contains("  fix: wb --help"), result::toString);
    }

    @Test
    void a_group_alone_prints_its_help_and_exits_as_wb_alone_does() {
        CliRun.Result wbAlone = wb(repo.root());
        CliRun.Result judge = wb(repo.root(), "judge");
        CliRun.Result help = wb(repo.root(), "judge", "--help");

        assertEquals(wbAlone.code(), judge.code(), judge::toString);
        assertEquals(help, judge);
        assertTrue(judge.out().contains("\n  verify "), judge::toString);
    }

    @Test
    void the_completion_script_offers_the_task_keys_of_the_repository() throws IOException {
        repo.write(".workflow/ABC-1/sdd.json", "{}\n");
        repo.write(".workflow/XYZ-22/task.md", "# x\n");
        repo.write(".workflow/local/x", "");
        Files.createDirectories(repo.resolve("src/deep"));
        CliRun.Result script = wb(repo.root(), "generate-completion");
        assertEquals(0, script.code(), script::toString);
        Path file = tmp.resolve("wb-completion.bash");
        Files.writeString(file, script.out(), StandardCharsets.UTF_8);

        String impl = complete(file, repo.resolve("src/deep"), "wb", "impl", "check", "A");
        String status = complete(file, repo.root(), "wb", "status", "");
        String option = complete(file, repo.root(), "wb", "impl", "check", "--st");
        String outside = complete(file, tmp, "wb", "impl", "check", "");

        assertEquals("ABC-1\n", impl);
        assertEquals("ABC-1\nXYZ-22\n", status);
        assertEquals("--staged\n", option);
        assertEquals("", outside);
    }

    /** What the completion offers for the last word, in a real bash in {@code dir}, one a line, sorted. */
    private static String complete(Path script, Path dir, String... words) {
        String array =
                String.join(" ", Arrays.stream(words).map(w -> "'" + w + "'").toList());
        String program = "source '" + script + "' 2>/dev/null; COMP_WORDS=(" + array + "); COMP_CWORD="
                + (words.length - 1) + "; COMP_LINE=\"${COMP_WORDS[*]}\"; COMP_POINT=${#COMP_LINE};"
                + " _complete_wb 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\" | sort | sed '/^$/d'";
        TempGitRepo.ProcessResult result = TempGitRepo.Processes.run(
                dir, List.of("bash", "--norc", "--noprofile", "-c", program), TempGitRepo.gitEnvironment(), 30);
        assertEquals(0, result.exitCode(), result.stderr());
        return result.stdout();
    }

    @Test
    void man_pages_are_written_for_wb_and_every_command() throws IOException {
        CliRun.Result result = wb(repo.root(), "generate-man", "man/man1");

        assertEquals(0, result.code(), result::toString);
        Path dir = repo.resolve("man/man1");
        // Every command help lists: the commands hosts run as hooks (judge guard, hooks run) are hidden from both.
        List<String> commands = SubcommandUsageTest.subcommands()
                .filter(command -> !command.equals("judge guard") && !command.equals("hooks run"))
                .toList();
        assertFalse(Files.exists(dir.resolve("wb-judge-guard.1")));
        assertFalse(Files.exists(dir.resolve("wb-hooks-run.1")));
        assertTrue(Files.exists(dir.resolve("wb-ci-check.1")));
        try (Stream<Path> pages = Files.list(dir)) {
            assertEquals(commands.size() + 1, pages.count());
        }
        String wbPage = Files.readString(dir.resolve("wb.1"));
        assertTrue(wbPage.startsWith(".TH \"WB\" 1 "), wbPage);
        assertTrue(wbPage.contains("\n.SH COMMANDS\n"), wbPage);
        for (String command : commands) {
            String page = Files.readString(dir.resolve("wb-" + command.replace(' ', '-') + ".1"));
            String name = ("wb-" + command.replace(' ', '-')).replace("-", "\\-");
            assertTrue(page.contains("\n.SH NAME\n" + name + " \\- "), page);
            assertTrue(page.contains("\n.SH SYNOPSIS\n.B wb " + command.replace("-", "\\-") + "\n"), page);
            assertTrue(page.contains("\n.SH EXIT STATUS\n") || page.contains("\n.SH COMMANDS\n"), page);
        }
        String run = Files.readString(dir.resolve("wb-judge-run.1"));
        for (String option : List.of("\\-\\-candidate", "\\-\\-approve\\-commands", "\\-\\-isolated", "\\-\\-json")) {
            assertTrue(run.contains(".TP\n\\fB" + option), option + "\n" + run);
        }
        assertTrue(run.contains("\n.SH SEE ALSO\n\\fBwb\\-judge\\fR(1)\n"), run);
        TempGitRepo.ProcessResult rendered = TempGitRepo.Processes.run(
                dir,
                List.of("sh", "-c", "command -v groff >/dev/null || exit 99; groff -man -Tutf8 -ww wb-judge-run.1"),
                Map.of(),
                30);
        if (rendered.exitCode() != 99) {
            assertEquals(0, rendered.exitCode(), rendered.stderr());
            assertEquals("", rendered.stderr());
            assertTrue(rendered.stdout().contains("--approve-commands"), rendered.stdout());
        }
    }

    @Test
    void man_pages_are_not_written_through_a_symbolic_link() throws IOException {
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.createSymbolicLink(repo.resolve("man"), elsewhere);

        CliRun.Result result = wb(repo.root(), "generate-man", "man");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: "), result::toString);
        assertTrue(result.err().contains("symbolic link"), result::toString);
        try (Stream<Path> files = Files.list(elsewhere)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void man_pages_refuse_a_file_as_the_folder() {
        repo.write("notes.txt", "mine\n");

        CliRun.Result result = wb(repo.root(), "generate-man", "notes.txt");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().contains("is not a folder"), result::toString);
    }
}
