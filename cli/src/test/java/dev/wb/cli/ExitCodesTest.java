package dev.wb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * One table of exit codes ({@link Exit}), followed by every command of the tree (enumerated from
 * picocli's, so a new command is covered or fails here): each declares only general outcomes and the
 * numbers it owns, its help lists exactly what it declares, docs/CLI.md tables them command by
 * command, a usage error exits with the code it declares, and the docs' tables agree with the enum.
 */
class ExitCodesTest {

    private static final Pattern ROW = Pattern.compile("^\\| (\\d+) \\|", Pattern.MULTILINE);

    /** Every command that runs, by its words after {@code wb}, with its picocli command line. */
    private static Map<String, CommandLine> leaves() {
        CommandLine cli = new Wb(
                        Map.of(),
                        Path.of("."),
                        Clock.systemUTC(),
                        new PrintWriter(Writer.nullWriter()),
                        new PrintWriter(Writer.nullWriter()))
                .commandLine();
        Map<String, CommandLine> leaves = new LinkedHashMap<>();
        collect(cli, "", leaves);
        return leaves;
    }

    private static void collect(CommandLine cli, String prefix, Map<String, CommandLine> leaves) {
        cli.getSubcommands().forEach((name, sub) -> {
            if (sub.getSubcommands().isEmpty()) {
                leaves.put(prefix + name, sub);
            } else {
                collect(sub, prefix + name + " ", leaves);
            }
        });
    }

    private static List<String> exitLines(CommandLine command) {
        return Stream.of(command.getCommandSpec().usageMessage().footer())
                .filter(line -> line.startsWith("Exit codes:"))
                .toList();
    }

    @Test
    void every_command_runs_as_a_leaf_and_its_help_lists_the_outcomes_it_declares() {
        Map<String, CommandLine> leaves = leaves();
        assertTrue(leaves.size() > 30, leaves.keySet()::toString);
        leaves.forEach((name, command) -> {
            Object user = command.getCommandSpec().userObject();
            assertTrue(user instanceof LeafCmd, "wb " + name + " is not a LeafCmd: " + user);
            Exits exits = ((LeafCmd) user).exits();
            String[] footer = command.getCommandSpec().usageMessage().footer();
            assertEquals(List.of(exits.line()), exitLines(command), "wb " + name);
            assertEquals(exits.line(), footer[footer.length - 1], "wb " + name + ": the exit codes end the help");
            List<Integer> codes =
                    exits.uses().stream().map(u -> u.exit().code()).toList();
            assertEquals(new TreeSet<>(codes).size(), codes.size(), "wb " + name + " lists a code twice: " + codes);
            assertTrue(codes.contains(0), "wb " + name + " can succeed: " + codes);
        });
    }

    @Test
    void every_command_ends_only_with_the_general_outcomes_and_the_numbers_it_owns() {
        leaves().forEach((name, command) -> {
            for (Exit.Use use :
                    ((LeafCmd) command.getCommandSpec().userObject()).exits().uses()) {
                Exit exit = use.exit();
                assertTrue(
                        exit.owners().isEmpty() || exit.owners().contains(name),
                        "wb " + name + " declares " + exit + " (" + exit.code() + "), which belongs to "
                                + exit.owners());
            }
        });
    }

    @Test
    void every_number_a_command_owns_is_declared_by_each_command_that_owns_it() {
        Map<String, CommandLine> leaves = leaves();
        for (Exit exit : Exit.values()) {
            for (String owner : exit.owners()) {
                assertTrue(leaves.containsKey(owner), exit + " names wb " + owner + ", which is no command");
                LeafCmd command = (LeafCmd) leaves.get(owner).getCommandSpec().userObject();
                assertTrue(
                        command.exits().uses().stream().anyMatch(u -> u.exit() == exit),
                        "wb " + owner + " owns " + exit + " but does not declare it");
            }
            assertTrue(
                    exit.owners().isEmpty() == Exit.GENERAL.contains(exit) || exit == Exit.INTERNAL,
                    exit + " is general or owned, never both");
        }
    }

    /**
     * The one table of every command's codes, docs/CLI.md's, row for row what the commands declare: a
     * command added without its row (or its codes changed without the table) fails here.
     */
    @Test
    void cli_md_tables_the_exit_codes_of_every_command() throws IOException {
        String doc = Files.readString(docs().resolve("CLI.md"));
        int start = doc.indexOf("| command | exit codes |");
        Map<String, String> expected = new TreeMap<>();
        leaves().forEach((name, command) -> expected.put(
                name,
                ((LeafCmd) command.getCommandSpec().userObject())
                        .exits().uses().stream()
                                .map(u -> String.valueOf(u.exit().code()))
                                .sorted()
                                .collect(Collectors.joining(", "))));
        StringBuilder table = new StringBuilder("| command | exit codes |\n|---|---|\n");
        expected.forEach((name, codes) ->
                table.append("| `wb ").append(name).append("` | ").append(codes).append(" |\n"));
        assertTrue(start >= 0, "docs/CLI.md has no table of exit codes by command; it should read:\n" + table);
        String found = doc.substring(start, doc.indexOf("\n\n", start) + 1);
        assertEquals(table.toString(), found, "docs/CLI.md's exit codes by command");
    }

    /** Every command, run with an option it does not have, refuses with 2 in wb's words, and says 2 in its help. */
    @Test
    void every_command_refuses_an_unknown_option_with_the_usage_code_it_declares(@TempDir Path tmp) {
        TempGitRepo repo = TempGitRepo.create(tmp, "r");
        leaves().forEach((name, command) -> {
            List<String> args = new ArrayList<>(List.of(name.split(" ")));
            args.add("--no-such-option");
            CliRun.Result result = CliRun.wb(repo.root(), args.toArray(new String[0]));
            assertEquals(Exit.USAGE.code(), result.code(), () -> "wb " + name + ": " + result);
            assertTrue(
                    result.err().startsWith("error: wb " + name + " has no option '--no-such-option'\n"),
                    () -> "wb " + name + ": " + result);
            assertTrue(
                    ((LeafCmd) command.getCommandSpec().userObject())
                            .exits().uses().stream().anyMatch(u -> u.exit().code() == Exit.USAGE.code()),
                    "wb " + name + " exits 2 on a usage error but its help does not say so");
        });
    }

    @Test
    void the_help_of_wb_lists_the_general_table() {
        CommandLine cli = new Wb(
                        Map.of(),
                        Path.of("."),
                        Clock.systemUTC(),
                        new PrintWriter(Writer.nullWriter()),
                        new PrintWriter(Writer.nullWriter()))
                .commandLine();
        assertEquals(
                List.of("Exit codes: 0 done and it holds, 1 not completed, 2 usage or refusal, 3 configuration,"
                        + " 6 missing artifact, 7 check failed."),
                exitLines(cli));
        assertEquals(List.of(Exits.general().line()), exitLines(cli));
    }

    @Test
    void a_help_line_keeps_the_words_a_command_gives_it() {
        Exits exits = Exits.of(Exit.OK.as("passed"), Exit.CHECK_FAILED.as("failed"), Exit.USAGE.as("malformed key"));
        assertEquals("Exit codes: 0 passed, 7 failed, 2 malformed key.", exits.line());
        assertEquals(
                "Exit codes: 0 printed, or every step ran; 1 a step failed; 2 usage error.",
                Exits.bySemicolons(Exit.OK.as("printed, or every step ran"), Exit.NOT_COMPLETED.as("a step failed"))
                        .line());
    }

    @Test
    void architecture_md_tables_the_general_codes() throws IOException {
        String doc = Files.readString(docs().resolve("ARCHITECTURE.md"));
        String section = doc.substring(doc.indexOf("## Exit codes and errors"));
        section =
                section.substring(0, section.indexOf("\n## ", 5) < 0 ? section.length() : section.indexOf("\n## ", 5));
        assertEquals(
                Exit.GENERAL.stream().map(Exit::code).toList(),
                codes(section),
                "ARCHITECTURE.md's table of exit codes");
        assertTrue(section.contains("exits 70"), "the unforeseen code is named");
        assertEquals(70, Exit.INTERNAL.code());
    }

    @Test
    void judge_md_tables_the_codes_of_judge_run() throws IOException {
        String doc = Files.readString(docs().resolve("JUDGE.md"));
        String table = doc.substring(doc.indexOf("| exit | outcome (`--json`) | meaning |"));
        table = table.substring(0, table.indexOf("\n\n"));
        LeafCmd run = (LeafCmd) leaves().get("judge run").getCommandSpec().userObject();
        assertEquals(
                new TreeSet<>(
                        run.exits().uses().stream().map(u -> u.exit().code()).toList()),
                new TreeSet<>(codes(table)),
                "JUDGE.md's table of wb judge run's exit codes");
    }

    @Test
    void no_main_source_types_an_exit_codes_line_by_hand() throws IOException {
        Path main = Path.of("src/main/java/dev/wb/cli");
        List<String> typed = new ArrayList<>();
        try (Stream<Path> files = Files.walk(main)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String text = Files.readString(file);
                if (text.contains("\"Exit codes: ") && !file.endsWith("core/Exits.java")) {
                    typed.add(file.toString());
                }
            }
        }
        assertEquals(List.of(), typed);
        assertFalse(Files.exists(main.resolve("core/ExitCodes.java")));
    }

    private static List<Integer> codes(String table) {
        List<Integer> codes = new ArrayList<>();
        Matcher m = ROW.matcher(table);
        while (m.find()) {
            codes.add(Integer.parseInt(m.group(1)));
        }
        return codes;
    }

    private static Path docs() {
        return Path.of("..", "docs");
    }
}
