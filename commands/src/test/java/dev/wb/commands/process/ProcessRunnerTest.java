package dev.wb.commands.process;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Real processes: /bin/sh scripts stand in for a runner, as the child under test only. */
@DisabledOnOs(OS.WINDOWS)
class ProcessRunnerTest {

    static final Map<String, String> ENV = Map.of("PATH", "/usr/bin:/bin");
    static final Duration LIMIT = Duration.ofSeconds(20);

    /** A script that starts a grandchild, writes its pid to the file named by $1, and waits for it. */
    static final String SPAWNS_A_SLEEPER = "sleep 30 &\necho $! > \"$1\"\nwait\n";

    @TempDir
    Path tmp;

    @AfterEach
    void nothing_is_left_registered() {
        assertEquals(0, LiveProcesses.running());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 3, 42, 255})
    void the_exit_code_is_passed_through(int code) throws IOException {
        Path script = script("exit.sh", "echo exiting\nexit " + code + "\n");

        RunResult result = run(List.of(script.toString()), LIMIT);

        assertEquals(Outcome.EXITED, result.outcome());
        assertEquals(code, result.exitCode());
        assertEquals(code == 0, result.passed());
        assertEquals("exiting\n", result.output().render());
        assertEquals(8, result.outputBytes());
    }

    @Test
    void a_hung_command_is_killed_at_its_limit_with_the_process_it_started() throws IOException {
        Path script = script("hang.sh", SPAWNS_A_SLEEPER);
        Path pidFile = tmp.resolve("grandchild.pid");

        RunResult result = run(List.of(script.toString(), pidFile.toString()), Duration.ofSeconds(1));

        assertEquals(Outcome.TIMED_OUT, result.outcome());
        assertEquals(-1, result.exitCode());
        assertTrue(
                result.duration().compareTo(Duration.ofSeconds(1)) >= 0,
                result.duration().toString());
        assertTrue(
                result.duration().compareTo(Duration.ofSeconds(5)) < 0,
                result.duration().toString());
        assertGone(pidFile);
    }

    @Test
    void a_tree_that_ignores_the_polite_signal_is_killed_forcibly_after_the_grace() throws IOException {
        Path script = script("stubborn.sh", "trap '' TERM\n" + SPAWNS_A_SLEEPER);
        Path pidFile = tmp.resolve("grandchild.pid");

        RunResult result = ProcessRunner.run(ProcessRequest.of(
                        List.of(script.toString(), pidFile.toString()),
                        tmp,
                        ENV,
                        Duration.ofSeconds(1),
                        tmp.resolve("out"))
                .withGrace(Duration.ofMillis(300)));

        assertEquals(Outcome.TIMED_OUT, result.outcome());
        assertTrue(
                result.duration().compareTo(Duration.ofMillis(1300)) >= 0,
                result.duration().toString());
        assertGone(pidFile);
    }

    @Test
    void ten_megabytes_of_output_are_capped_for_the_event_and_kept_whole_in_the_file() throws IOException {
        // Given a command printing a line, 10 MiB of digits, a line
        int middle = 10 * 1024 * 1024;
        Path script = script("loud.sh", "echo START\nyes 0123456789 | head -c " + middle + "\necho END\n");

        // When it runs
        RunResult result = run(List.of(script.toString()), LIMIT);

        // Then the file holds every byte, and the event keeps 1,500 + 2,500 characters of it
        byte[] expected = ("START\n" + "0123456789\n".repeat(middle / 11 + 1).substring(0, middle) + "END\n")
                .getBytes(StandardCharsets.US_ASCII);
        Path expectedFile = Files.write(tmp.resolve("expected"), expected);
        assertEquals(-1, Files.mismatch(expectedFile, tmp.resolve("out")));
        assertEquals(expected.length, result.outputBytes());
        assertEquals(expected.length - 4_000, result.output().omittedChars());
        assertEquals(
                new String(expected, 0, 1_500, StandardCharsets.US_ASCII),
                result.output().head());
        assertEquals(
                new String(expected, expected.length - 2_500, 2_500, StandardCharsets.US_ASCII),
                result.output().tail());
    }

    @Test
    void stdout_and_stderr_are_merged_into_the_file() throws IOException {
        Path script = script("both.sh", "echo out\necho err >&2\necho out again\n");

        assertEquals(
                "out\nerr\nout again\n",
                run(List.of(script.toString()), LIMIT).output().render());
    }

    @Test
    void a_missing_program_is_not_started_and_says_where_it_looked() throws IOException {
        RunResult result = run(List.of("pytest", "-q"), LIMIT);

        assertEquals(Outcome.NOT_STARTED, result.outcome());
        assertEquals("pytest: not found on PATH", result.startError());
        assertEquals(-1, result.exitCode());
        assertEquals(0, Files.size(tmp.resolve("out")));
    }

    @Test
    void a_missing_program_named_by_path_is_looked_for_in_the_working_folder() {
        RunResult result = run(List.of("./gradlew", "test"), LIMIT);

        assertEquals(Outcome.NOT_STARTED, result.outcome());
        assertEquals("./gradlew: not found in " + tmp, result.startError());
    }

    @Test
    void a_program_named_by_relative_path_runs_from_the_working_folder() throws IOException {
        script("gradlew", "echo building in \"$(pwd)\"\n");

        RunResult result = run(List.of("./gradlew"), LIMIT);

        assertEquals("building in " + tmp.toRealPath() + "\n", result.output().render());
    }

    @Test
    void a_bare_name_is_looked_up_on_the_path_of_the_environment_given_not_wbs() throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Files.move(script("fake-runner", "echo found\n"), bin.resolve("fake-runner"));

        RunResult result = ProcessRunner.run(
                List.of("fake-runner"), tmp, Map.of("PATH", bin.toString()), LIMIT, tmp.resolve("out"), elapsed -> {});

        assertEquals(Outcome.EXITED, result.outcome());
        assertEquals("found\n", result.output().render());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".", ":", "bin"})
    void an_empty_or_relative_path_entry_never_finds_a_program_in_the_repository(String path) throws IOException {
        script("pytest", "echo a repository file posing as pytest\n");
        Files.createDirectories(tmp.resolve("bin"));
        Files.copy(tmp.resolve("pytest"), tmp.resolve("bin/pytest"));

        RunResult result = ProcessRunner.run(
                List.of("pytest"), tmp, Map.of("PATH", path), LIMIT, tmp.resolve("out"), elapsed -> {});

        assertEquals(Outcome.NOT_STARTED, result.outcome());
    }

    @Test
    void the_environment_given_is_the_whole_environment() throws IOException {
        Path script = script("env.sh", "echo \"${ONLY:-unset} ${HOME:-unset}\"\n");

        RunResult result = ProcessRunner.run(
                List.of(script.toString()), tmp, Map.of("ONLY", "x"), LIMIT, tmp.resolve("out"), elapsed -> {});

        assertEquals("x unset\n", result.output().render());
    }

    @Test
    void stdin_is_the_null_device_so_a_command_reading_it_ends() {
        RunResult result = run(List.of("cat"), Duration.ofSeconds(5));

        assertEquals(Outcome.EXITED, result.outcome());
        assertEquals(0, result.exitCode());
    }

    @Test
    void a_secret_of_the_childs_environment_crossing_a_cut_leaves_no_piece_in_the_capped_output() throws IOException {
        String secret = "SuperSecretValue0123456789";
        Map<String, String> env = Map.of("PATH", "/usr/bin:/bin", "MY_TOKEN", secret);
        Path script = script(
                "leak.sh",
                "head -c 1490 /dev/zero | tr '\\0' a; echo \"$MY_TOKEN\";"
                        + " head -c 8000 /dev/zero | tr '\\0' b; echo \"$MY_TOKEN\"; head -c 2480 /dev/zero | tr '\\0' c\n");

        RunResult result =
                ProcessRunner.run(List.of(script.toString()), tmp, env, LIMIT, tmp.resolve("out"), elapsed -> {});

        String shown = result.output().render();
        assertEquals(List.of(), CappedOutputTest.pieces(shown, secret), shown);
        assertTrue(shown.startsWith("aaaa") && shown.endsWith("ccc"), shown);
        assertTrue(Files.readString(tmp.resolve("out")).contains(secret), "the file keeps the output as written");
    }

    @Test
    void a_caller_redactor_knows_more_than_the_environment() throws IOException {
        Path script = script("leak.sh", "echo env-file-value-4711\n");

        RunResult result =
                ProcessRunner.run(ProcessRequest.of(List.of(script.toString()), tmp, ENV, LIMIT, tmp.resolve("out"))
                        .withRedactor(Redactor.of(List.of("env-file-value-4711"))));

        assertEquals("[redacted]\n", result.output().render());
    }

    @Test
    void a_script_without_the_execute_permission_is_said_to_be_not_executable_not_missing() throws IOException {
        Path script = script("noexec.sh", "echo hi\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rw-r--r--"));
        Files.createDirectories(tmp.resolve("tools"));

        RunResult byPath = run(List.of("./noexec.sh"), LIMIT);
        RunResult folder = run(List.of("./tools"), LIMIT);
        RunResult onPath = ProcessRunner.run(
                List.of("noexec.sh"), tmp, Map.of("PATH", tmp.toString()), LIMIT, tmp.resolve("out"), elapsed -> {});

        assertEquals(Outcome.NOT_STARTED, byPath.outcome());
        assertEquals("./noexec.sh: not executable (its mode lacks +x)", byPath.startError());
        assertEquals("./tools: is a folder, not a program", folder.startError());
        assertEquals("noexec.sh: not executable (" + script + " on PATH lacks +x)", onPath.startError());
    }

    private RunResult run(List<String> argv, Duration timeout) {
        return ProcessRunner.run(argv, tmp, ENV, timeout, tmp.resolve("out"), elapsed -> {});
    }

    private Path script(String name, String body) throws IOException {
        Path file = Files.writeString(tmp.resolve(name), "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    /** The pid in the file is no longer a running process (a zombie awaiting its reaper counts as gone). */
    static void assertGone(Path pidFile) throws IOException {
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        await().atMost(Duration.ofSeconds(5)).until(() -> !isRunning(pid));
    }

    static boolean isRunning(long pid) throws IOException {
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        if (!Files.isDirectory(Path.of("/proc/self"))) {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
        try {
            String line = Files.readString(stat);
            char state = line.charAt(line.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (NoSuchFileException e) {
            return false;
        }
    }
}
