package dev.wb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The command lines wb answers without picocli ({@code --version}, {@code status}: docs/adr/0008)
 * print, byte for byte, what picocli's run of the same words prints, and exit the same; words the
 * direct path does not read (help, usage errors, anything unusual) reach picocli unchanged. A group
 * member's run, which registers only that member, prints what the whole tree prints.
 */
class DirectPathTest {

    @TempDir
    static Path tmp;

    static Path root;

    @BeforeAll
    static void workspace() {
        root = TempGitRepo.create(tmp, "r").root();
        assertEquals(0, CliRun.wb(root, "init").code());
    }

    static Stream<List<String>> commandLines() {
        return Stream.of(
                List.of("--version"),
                List.of("-V"),
                List.of("--version", "--json"),
                List.of("status"),
                List.of("status", "--stats"),
                List.of("status", "--json"),
                List.of("--json", "status", "--stats"),
                List.of("status", "--stats", "--json"),
                List.of("status", "workspace"),
                List.of("status", "workspace", "--json"),
                List.of("status", "--json", "workspace", "--stats"),
                List.of("status", "XYZ-9"),
                List.of("status", "not a key"),
                List.of("--json", "status", "XYZ-9"),
                // Not read directly: picocli's help and usage errors.
                List.of("status", "--help"),
                List.of("status", "-h"),
                List.of("status", "a", "b"),
                List.of("status", "--stats", "--stats"),
                List.of("status", "--json", "--json"),
                List.of("--json", "--json", "status"),
                List.of("--json", "status", "--json"),
                List.of("status", "--no-such-option"),
                List.of("status", "--stats=true"),
                List.of("status", "--"),
                List.of("status", "-x"),
                List.of("status", ""),
                List.of("status", "@no-such-file"));
    }

    @ParameterizedTest
    @MethodSource("commandLines")
    void prints_and_exits_as_picocli_does(List<String> words) {
        String[] args = words.toArray(new String[0]);

        assertEquals(run(false, args), run(true, args), String.join(" ", words));
    }

    /** Command lines of a group member: the run registers only that member, help and errors unchanged. */
    static Stream<List<String>> memberLines() {
        return Stream.of(
                List.of("sdd", "audit", "--help"),
                List.of("sdd", "audit", "--no-such-option"),
                List.of("sdd", "audit"),
                List.of("sdd", "nosuch"),
                List.of("sdd", "--help"),
                List.of("sdd"),
                List.of("impl", "check", "--help"),
                List.of("impl", "chek", "ABC-1"),
                List.of("judge", "run", "--help"),
                List.of("--help", "sdd", "audit"),
                // wb's own help: no group builds its members.
                List.of("--help"),
                List.of("-h"),
                List.of(),
                List.of("--json", "--help"),
                List.of("--version", "sdd", "audit", "ABC-1"));
    }

    @ParameterizedTest
    @MethodSource("memberLines")
    void a_group_member_prints_and_exits_as_with_the_whole_tree(List<String> words) {
        String[] args = words.toArray(new String[0]);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = new Wb(Map.of(), root, Clock.systemUTC(), new PrintWriter(out), new PrintWriter(err))
                .commandLine()
                .execute(args);

        assertEquals(new CliRun.Result(code, out.toString(), err.toString()), run(true, args), String.join(" ", words));
    }

    private static CliRun.Result run(boolean direct, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code =
                new Wb(Map.of(), root, Clock.systemUTC(), new PrintWriter(out), new PrintWriter(err)).run(direct, args);
        return new CliRun.Result(code, out.toString(), err.toString());
    }
}
