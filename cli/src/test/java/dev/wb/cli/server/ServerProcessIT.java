package dev.wb.cli.server;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.cli.testing.ServedWb;
import dev.wb.cli.testing.ServedWb.Run;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a command sees and how it ends through a warm server (docs/adr/0009-warm-server.md), against the
 * same command run cold: its environment, umask, terminals, Ctrl-C, a client killed outright, a stale
 * server, a busy one. Real processes, a real server in a runtime folder of the test's own.
 */
class ServerProcessIT {

    @TempDir
    Path tmp;

    private ServedWb wb;
    private TempGitRepo repo;
    private Path marker;
    private final List<Long> strays = new ArrayList<>();

    @BeforeEach
    void setUp() throws IOException {
        wb = new ServedWb(ServedWb.HOME, tmp);
        marker = tmp.resolve("started");
        repo = TempGitRepo.create(tmp, "repo");
        repo.write(
                "Makefile",
                "ok:\n\t@echo ok\n"
                        + "probe:\n\t@echo \"$$WB_PROBE\" > " + tmp.resolve("probe.txt") + "\n"
                        + "hang:\n\t@sh -c 'echo $$$$ > " + marker + "; exec sleep 60'\n"
                        + "slow:\n\t@touch " + marker + "; sleep 4\n"
                        + "nofile:\n\t@sh -c 'ulimit -n' > " + tmp.resolve("nofile.txt") + "\n");
        repo.write("src/app.py", "value = 1\n");
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app");
    }

    @AfterEach
    void stop() {
        wb.close();
        strays.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    private void plan(String key, String... verify) throws IOException {
        StringBuilder commands = new StringBuilder();
        for (String command : verify) {
            commands.append(commands.length() == 0 ? "" : ", ")
                    .append('"')
                    .append(command)
                    .append('"');
        }
        repo.write(
                ".workflow/" + key + "/sdd.json",
                ServerParityIT.PLAN.formatted(key).replace("\"make -s ok\"", commands));
        assertEquals(0, wb.cold(repo.root(), "sdd", "audit", key).code());
    }

    @Test
    void a_verify_command_sees_the_environment_of_its_own_client_and_each_client_its_own() throws IOException {
        assertEquals(0, wb.cold(repo.root(), "init").code());
        plan("ABC-1", "make -s probe");
        Path server = wb.awaitServing(repo.root(), wb.environment(true));
        Path probe = tmp.resolve("probe.txt");

        for (String value : List.of("first", "second")) {
            Map<String, String> env = wb.environment(true);
            env.put("WB_PROBE", value);
            long before = ServedWb.served(server);
            Run run = wb.run(repo.root(), env, null, "impl", "verify", "ABC-1");
            assertEquals(0, run.code(), run.out() + run.err());
            assertTrue(wb.awaitServed(server, before + 1, Duration.ofSeconds(30)), value + ": served");
            assertEquals(value + "\n", Files.readString(probe), "the variable set for this command only");
        }
        Map<String, String> env = wb.environment(false);
        env.put("WB_PROBE", "cold");
        assertEquals(
                0, wb.run(repo.root(), env, null, "impl", "verify", "ABC-1").code());
        assertEquals("cold\n", Files.readString(probe));
    }

    @Test
    void a_client_under_another_umask_is_served_by_the_same_server_and_its_files_get_its_umask() throws IOException {
        Path server = wb.awaitServing(repo.root(), wb.environment(true));
        long before = ServedWb.served(server);
        TempGitRepo other = TempGitRepo.create(tmp, "other");
        List<String> under077 = List.of(
                "sh",
                "-c",
                "umask 077 && exec \"$0\" \"$@\"",
                ServedWb.HOME.resolve("bin/wb").toString(),
                "init");

        Run init = wb.exec(other.root(), wb.environment(true), null, under077);

        assertEquals(0, init.code(), init.err());
        assertTrue(wb.awaitServed(server, before + 1, Duration.ofSeconds(30)), "served: the umask travels");
        assertEquals(
                "rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(other.resolve(".workflow"))));
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(other.resolve(".workflow/config.json"))));
        // The next command, under 022, gets 022 again from the same server.
        TempGitRepo third = TempGitRepo.create(tmp, "third");
        assertEquals(0, wb.served(third.root(), "init").code());
        assertTrue(wb.awaitServed(server, before + 2, Duration.ofSeconds(30)), "served");
        assertEquals(
                "rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(third.resolve(".workflow"))));
        assertEquals(1, wb.servers().size(), "one server for both umasks");
        // Cold, the same umask gives the same modes.
        TempGitRepo cold = TempGitRepo.create(tmp, "cold");
        Run coldInit = wb.exec(cold.root(), wb.environment(false), null, under077);
        assertEquals(0, coldInit.code(), coldInit.err());
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(cold.resolve(".workflow/config.json"))));
    }

    @Test
    void a_client_under_other_limits_gets_a_server_of_its_own_and_a_cpu_limit_runs_cold() throws IOException {
        assertEquals(0, wb.cold(repo.root(), "init").code());
        plan("ABC-1", "make -s nofile");
        Path server = wb.awaitServing(repo.root(), wb.environment(true));
        long before = ServedWb.served(server);
        List<String> under300 = List.of(
                "sh",
                "-c",
                "ulimit -n 300 && exec \"$0\" \"$@\"",
                ServedWb.HOME.resolve("bin/wb").toString(),
                "impl",
                "verify",
                "ABC-1");
        Path nofile = tmp.resolve("nofile.txt");

        Run first = wb.exec(repo.root(), wb.environment(true), null, under300);

        assertEquals(0, first.code(), first.err());
        assertEquals("300\n", Files.readString(nofile), "the verify command ran under its client's limit");
        assertEquals(before, ServedWb.served(server), "the default server served no client limited to 300 files");
        await().atMost(Duration.ofMinutes(1)).until(() -> wb.servers().size() == 2);
        Path limited =
                wb.servers().stream().filter(f -> !f.equals(server)).findFirst().orElseThrow();
        await().atMost(Duration.ofMinutes(1))
                .until(() -> Files.isRegularFile(limited.resolve("stats"))
                        && Files.readString(limited.resolve("stats")).contains("warm true"));
        Files.delete(nofile);
        long limitedBefore = ServedWb.served(limited);
        Run second = wb.exec(repo.root(), wb.environment(true), null, under300);
        assertEquals(0, second.code(), second.err());
        assertTrue(wb.awaitServed(limited, limitedBefore + 1, Duration.ofSeconds(30)), "served by its own server");
        assertEquals("300\n", Files.readString(nofile));

        // A CPU-time limit counts a process's whole life: such a client runs cold and starts no server.
        List<String> cpuLimited = List.of(
                "sh",
                "-c",
                "ulimit -t 600 && exec \"$0\" \"$@\"",
                ServedWb.HOME.resolve("bin/wb").toString(),
                "status");
        for (int i = 0; i < 3; i++) {
            assertEquals(
                    0,
                    wb.exec(repo.root(), wb.environment(true), null, cpuLimited).code());
        }
        assertEquals(2, wb.servers().size(), "no server for a CPU-limited client");
    }

    @Test
    void terminals_are_the_clients_a_hook_command_run_by_hand_is_refused_the_same_both_ways() {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/script")), "script(1) gives a terminal");
        Path server = wb.awaitServing(repo.root(), wb.environment(true));
        List<String> inTerminal =
                List.of("script", "-qec", ServedWb.HOME.resolve("bin/wb") + " judge guard", "/dev/null");
        Map<String, String> coldEnv = wb.environment(false);
        coldEnv.put("SHELL", "/bin/sh");
        Map<String, String> servedEnv = wb.environment(true);
        servedEnv.put("SHELL", "/bin/sh");

        Run cold = wb.exec(repo.root(), coldEnv, null, inTerminal);
        long before = ServedWb.served(server);
        Run served = wb.exec(repo.root(), servedEnv, null, inTerminal);

        assertTrue(wb.awaitServed(server, before + 1, Duration.ofSeconds(30)), "served");
        assertTrue(cold.out().contains("not by hand"), cold.out());
        assertEquals(cold.code(), served.code());
        assertEquals(cold.out(), served.out());
        // Not a terminal: the event is read from stdin, as Claude Code gives it.
        Run piped = wb.run(repo.root(), wb.environment(true), "{not json", "judge", "guard");
        assertEquals(1, piped.code(), piped.err());
        assertTrue(piped.err().contains("not JSON"), piped.err());
    }

    @Test
    void ctrl_c_during_a_verify_ends_its_children_and_the_run_the_same_cold_and_served() throws Exception {
        assertEquals(0, wb.cold(repo.root(), "init").code());
        plan("ABC-1", "make -s hang", "make -s ok");
        Path server = wb.awaitServing(repo.root(), wb.environment(true));

        for (boolean served : List.of(false, true)) {
            long before = ServedWb.served(server);
            Files.deleteIfExists(marker);
            Path out = tmp.resolve("out-" + served);
            Path err = tmp.resolve("err-" + served);
            Process client = wb.start(repo.root(), wb.environment(served), out, err, "impl", "verify", "ABC-1");
            long grandchild = awaitMarkerPid();
            assertEquals(
                    0,
                    new ProcessBuilder("kill", "-INT", Long.toString(client.pid()))
                            .start()
                            .waitFor());
            assertTrue(client.waitFor(60, TimeUnit.SECONDS), "wb ends");
            String stdout = Files.readString(out);
            assertEquals(7, client.exitValue(), served + ": " + stdout + Files.readString(err));
            assertTrue(stdout.contains("ABC-1: verify INTERRUPTED"), stdout);
            await().atMost(Duration.ofSeconds(20))
                    .until(() ->
                            ProcessHandle.of(grandchild).map(p -> !p.isAlive()).orElse(true));
            assertEquals(
                    "interrupted",
                    new ObjectMapper()
                            .readTree(repo.resolve(".workflow/ABC-1/evidence.json")
                                    .toFile())
                            .get("runVerdict")
                            .asText());
            if (served) {
                assertTrue(wb.awaitServed(server, before + 1, Duration.ofSeconds(30)), "served");
            }
        }
    }

    @Test
    void a_client_killed_outright_takes_its_server_with_it_and_a_server_killed_mid_way_is_reported() throws Exception {
        assertEquals(0, wb.cold(repo.root(), "init").code());
        plan("ABC-1", "make -s hang");
        Path server = wb.awaitServing(repo.root(), wb.environment(true));
        ProcessHandle first = ServedWb.pid(server).orElseThrow();

        Process client = wb.start(
                repo.root(), wb.environment(true), tmp.resolve("o1"), tmp.resolve("e1"), "impl", "verify", "ABC-1");
        strays.add(awaitMarkerPid());
        client.destroyForcibly(); // SIGKILL: no signal to forward
        await().atMost(Duration.ofSeconds(30))
                .until(() -> !first.isAlive()); // the server halts when its client dies unseen

        // The next cold run starts another; killing that server mid-command is an error, never a rerun.
        Path again = wb.awaitServing(repo.root(), wb.environment(true));
        ProcessHandle second = ServedWb.pid(again).orElseThrow();
        assertNotEquals(first.pid(), second.pid());
        Files.deleteIfExists(marker);
        Path err = tmp.resolve("e2");
        client = wb.start(repo.root(), wb.environment(true), tmp.resolve("o2"), err, "impl", "verify", "ABC-1");
        strays.add(awaitMarkerPid());
        second.destroyForcibly();
        assertTrue(client.waitFor(30, TimeUnit.SECONDS));
        assertEquals(3, client.exitValue());
        String stderr = Files.readString(err);
        assertTrue(stderr.contains("\nerror: the wb server stopped during the command"), stderr);
        assertTrue(stderr.contains("\n  fix: "), stderr);
    }

    @Test
    void a_pid_a_dead_server_left_that_another_java_now_holds_is_not_taken_for_a_server() {
        Path server = wb.awaitServing(repo.root(), wb.environment(true));
        ProcessHandle first = ServedWb.pid(server).orElseThrow();
        first.destroyForcibly(); // killed outright: its pid file stays
        await().atMost(Duration.ofSeconds(30)).until(() -> !first.isAlive());
        // Another java holds the pid the file names now (this test's own JVM), started at another time.
        long self = ProcessHandle.current().pid();
        try {
            Files.writeString(server.resolve("pid"), self + "\nstarted 1\n");
            Files.setPosixFilePermissions(server.resolve("pid"), PosixFilePermissions.fromString("rw-------"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }

        Run run = wb.run(repo.root(), wb.environment(true), null, "status");

        assertEquals(0, run.code(), run.err());
        // Not taken for the server: a new server is started in its place.
        await().atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> {
                    wb.run(repo.root(), wb.environment(true), null, "--version");
                    return ServedWb.pid(server).filter(p -> p.pid() != self).isPresent();
                });
    }

    @Test
    void a_stale_server_is_never_used_and_goes_away() throws IOException {
        Path copy = copyInstall();
        ServedWb copied = new ServedWb(copy, tmp.resolve("copied"));
        try {
            Map<String, String> env = copied.environment(true);
            env.put("WB_CDS", "off");
            Path server = copied.awaitServing(repo.root(), env);
            ProcessHandle pid = ServedWb.pid(server).orElseThrow();
            long before = ServedWb.served(server);
            Path jar = copy.resolve("cli/target/wb.jar");
            Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(5)));

            Run run = copied.run(repo.root(), env, null, "--version");

            assertEquals(0, run.code(), run.err());
            assertTrue(run.out().startsWith("wb "), run.out());
            // Its stats go with it once it noticed it is stale (read as 0 then): never more than before.
            long after = ServedWb.served(server);
            assertTrue(after == before || after == 0, "the stale server served nothing: " + before + " -> " + after);
            await().atMost(Duration.ofSeconds(60)).until(() -> !pid.isAlive());
        } finally {
            copied.close();
        }
    }

    @Test
    void a_command_arriving_while_one_runs_runs_cold_and_both_succeed() throws Exception {
        assertEquals(0, wb.cold(repo.root(), "init").code());
        plan("ABC-1", "make -s slow");
        Path server = wb.awaitServing(repo.root(), wb.environment(true));
        long before = ServedWb.served(server);

        Process first = wb.start(
                repo.root(), wb.environment(true), tmp.resolve("o"), tmp.resolve("e"), "impl", "verify", "ABC-1");
        await().atMost(Duration.ofSeconds(30)).until(() -> Files.exists(marker));
        Run second = wb.served(repo.root(), "status");
        assertTrue(first.isAlive(), "the second ran while the first did");

        assertEquals(0, second.code(), second.err());
        assertTrue(second.out().contains("ABC-1"), second.out());
        assertTrue(first.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, first.exitValue(), Files.readString(tmp.resolve("e")));
        assertTrue(wb.awaitServed(server, before + 1, Duration.ofSeconds(30)));
        assertEquals(before + 1, ServedWb.served(server), "only the first was served");
        assertFalse(Files.readString(tmp.resolve("o")).isEmpty());
    }

    private long awaitMarkerPid() throws IOException {
        await().atMost(Duration.ofSeconds(60))
                .until(() -> Files.exists(marker) && !Files.readString(marker).isBlank());
        return Long.parseLong(Files.readString(marker).trim());
    }

    /** A copy of the built install (bin/, wb.jar, lib/) whose jar a test may touch. */
    private Path copyInstall() throws IOException {
        Path copy = tmp.resolve("elsewhere/wb");
        Path target = ServedWb.HOME.resolve("cli/target");
        copyTree(ServedWb.HOME.resolve("bin"), copy.resolve("bin"));
        copyTree(target.resolve("lib"), copy.resolve("cli/target/lib"));
        Files.copy(target.resolve("wb.jar"), copy.resolve("cli/target/wb.jar"));
        return copy;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.sorted(Comparator.naturalOrder()).toList()) {
                Path dest = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(path, dest);
                }
            }
        }
    }
}
