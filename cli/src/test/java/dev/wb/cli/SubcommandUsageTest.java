package dev.wb.cli;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** Every subcommand answers --help and refuses bad usage the same way (exit 2, error: and fix:). */
class SubcommandUsageTest {

    @TempDir
    Path tmp;

    static Stream<String> subcommands() {
        CommandLine cli = new Wb(
                        java.util.Map.of(),
                        Path.of("."),
                        java.time.Clock.systemUTC(),
                        new java.io.PrintWriter(java.io.Writer.nullWriter()),
                        new java.io.PrintWriter(java.io.Writer.nullWriter()))
                .commandLine();
        return leaves(cli, "");
    }

    /** Every command that runs, by its words after {@code wb}: groups by their members. */
    static Stream<String> leaves(CommandLine cli, String prefix) {
        return cli.getSubcommands().entrySet().stream()
                .flatMap(e -> e.getValue().getSubcommands().isEmpty()
                        ? Stream.of(prefix + e.getKey())
                        : Stream.concat(
                                Stream.of(prefix + e.getKey()), leaves(e.getValue(), prefix + e.getKey() + " ")));
    }

    static String[] args(String subcommand, String option) {
        return Stream.concat(Stream.of(subcommand.split(" ")), Stream.of(option))
                .toArray(String[]::new);
    }

    @ParameterizedTest
    @MethodSource("subcommands")
    void help_exits_0_and_prints_usage(String subcommand) {
        CliRun.Result result = wb(TempGitRepo.create(tmp, "r").root(), args(subcommand, "--help"));

        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().contains("Usage: wb " + subcommand), result::toString);
    }

    @ParameterizedTest
    @MethodSource("subcommands")
    void an_unknown_option_exits_2_with_error_and_fix_and_no_stack_trace(String subcommand) {
        CliRun.Result result = wb(TempGitRepo.create(tmp, "r").root(), args(subcommand, "--no-such-option"));

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: "), result::toString);
        assertTrue(result.err().contains("\n  fix: wb " + subcommand + " --help"), result::toString);
        assertFalse(result.err().contains("\tat "), result::toString);
    }
}
