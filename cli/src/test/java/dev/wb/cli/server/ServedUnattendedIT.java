package dev.wb.cli.server;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wb.cli.testing.ServedWb;
import dev.wb.cli.testing.ServedWb.Run;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The served path as unattended callers (agent hooks, CI loops, cron) meet it (docs/adr/0013-served-path.md):
 * a client slowed between its reads, closed descriptors, a client killed outright before anyone reaps it,
 * a server that stops answering, the caller's secrets, a runtime folder others can write, callers whose
 * environments all differ, and a server killed during its warm-up. Each ends as the same command run cold
 * would, within a deadline, and leaves no more than two resident JVMs and nothing of a warm-up behind.
 */
class ServedUnattendedIT {

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
        repo.write("Makefile", "ok:\n\t@echo ok\n" + "slow:\n\t@echo $$$$ > " + marker + "; sleep 6; echo slept\n");
        repo.write("src/app.py", "value = 1\n");
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app");
        assertEquals(0, wb.cold(repo.root(), "init").code());
    }

    @AfterEach
    void stop() {
        wb.close();
        strays.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    private void plan(String key, String verify) throws IOException {
        repo.write(
                ".workflow/" + key + "/sdd.json",
                ServerParityIT.PLAN.formatted(key).replace("make -s ok", verify));
        assertEquals(0, wb.cold(repo.root(), "sdd", "audit", key).code());
    }

    @Test
    void a_client_slowed_on_every_read_still_gets_all_its_output_and_its_exit_code() throws IOException {
        boolean strace = Files.isExecutable(Path.of("/usr/bin/strace"));
        if (System.getenv("CI") != null) {
            assertTrue(strace, "strace slows the client's reads (.ci/run installs it)");
        }
        assumeTrue(strace, "strace slows the client's reads (.ci/run installs it)");
        Path server = wb.awaitServing(repo.root(), wb.environment(true));
        Run cold = wb.cold(repo.root(), "status", "--stats");
        // Every read(2) of the client from its connect on waits 0.3 s first (the JVM's own start-up reads,
        // some 500 of them, are counted and let through): the old shell client's 0.2 s poll then cut its
        // `exit` line in two and waited for the server to idle out.
        int startUp = readsBeforeConnect(server);
        long before = ServedWb.served(server);
        Run slowed = wb.exec(
                repo.root(),
                wb.environment(true),
                null,
                underStrace(
                        "/dev/null",
                        "trace=read",
                        "inject=read:delay_enter=300000:when=" + (startUp + 1) + "+",
                        "status",
                        "--stats"));

        assertTrue(wb.awaitServed(server, before + 1, Duration.ofSeconds(30)), "served");
        assertEquals(cold.code(), slowed.code(), slowed.err());
        assertEquals(cold.out(), slowed.out());
    }

    /** {@code bin/wb args} under strace -f, its trace in {@code output}, with {@code trace} and (unless empty) {@code inject}. */
    private static List<String> underStrace(String output, String trace, String inject, String... args) {
        List<String> argv = new ArrayList<>(List.of("strace", "-f", "-qq", "-o", output, "-e", trace));
        if (!inject.isEmpty()) {
            argv.addAll(List.of("-e", inject));
        }
        argv.add(ServedWb.HOME.resolve("bin/wb").toString());
        argv.addAll(List.of(args));
        return argv;
    }

    /** How many reads the client's connecting thread makes before it connects to {@code server}'s socket. */
    private int readsBeforeConnect(Path server) throws IOException {
        Path trace = tmp.resolve("trace.txt");
        Run traced = wb.exec(
                repo.root(),
                wb.environment(true),
                null,
                underStrace(trace.toString(), "trace=read,connect", "", "--version"));
        assertEquals(0, traced.code(), traced.err());
        List<String> lines = Files.readAllLines(trace, StandardCharsets.UTF_8);
        String sock = server.resolve("sock").toString();
        String connect = lines.stream()
                .filter(l -> l.contains("connect(") && l.contains(sock))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the client never connected: " + traced.err()));
        String thread = connect.substring(0, connect.indexOf(' '));
        int reads = 0;
        for (String line : lines) {
            if (line.equals(connect)) {
                return reads;
            }
            if (line.startsWith(thread + " ") && line.contains(" read(")) {
                reads++;
            }
        }
        throw new AssertionError("unreachable");
    }

    @Test
    void a_closed_stdout_stderr_or_stdin_ends_as_it_does_cold_and_the_server_serves_on() {
        Path server = wb.awaitServing(repo.root(), wb.environment(true));
        for (String redirect : List.of(">&-", "2>&-", "<&-", ">&- 2>&-")) {
            String line = "\"$0\" status " + redirect + "; echo \"rc=$?\" >&3";
            List<String> argv = List.of("sh", "-c", line + " 3>" + tmp.resolve("rc"), ServedWb.HOME + "/bin/wb");
            long before = ServedWb.served(server);
            Run served = wb.exec(repo.root(), wb.environment(true), null, argv);
            Run cold = wb.exec(repo.root(), wb.environment(false), null, argv);
            assertEquals(cold.code(), served.code(), redirect);
            assertEquals(cold.out(), served.out(), redirect);
            assertTrue(wb.awaitServed(server, before + 1, Duration.ofSeconds(30)), redirect + ": served, not stuck");
        }
        long before = ServedWb.served(server);
        assertEquals(0, wb.served(repo.root(), "status").code());
        assertTrue(wb.awaitServed(server, before + 1, Duration.ofSeconds(30)), "still serving after them");
    }

    @Test
    void a_client_killed_outright_and_not_yet_reaped_stops_its_served_command() throws Exception {
        plan("ABC-1", "make -s slow");
        Path server = wb.awaitServing(repo.root(), wb.environment(true));
        ProcessHandle serving = ServedWb.pid(server).orElseThrow();
        Path clientPid = tmp.resolve("client.pid");
        // The client's parent sleeps without reaping it: the killed client stays a zombie, as under a hook
        // runner busy elsewhere.
        List<String> argv = List.of(
                "sh",
                "-c",
                "\"$0\" impl verify ABC-1 >/dev/null 2>&1 & echo $! > " + clientPid + "; exec sleep 40",
                ServedWb.HOME + "/bin/wb");
        ProcessBuilder builder = new ProcessBuilder(argv).directory(repo.root().toFile());
        builder.environment().putAll(wb.environment(true));
        Process sleeper = builder.start();
        strays.add(sleeper.pid());
        long make = awaitMarkerPid();
        strays.add(make);
        long client = Long.parseLong(Files.readString(clientPid).trim());
        assertEquals(
                0,
                new ProcessBuilder("kill", "-KILL", Long.toString(client))
                        .start()
                        .waitFor());

        await().atMost(Duration.ofSeconds(10)).until(() -> !serving.isAlive()); // as a cold JVM would have died
        assertTrue(
                Files.readString(Path.of("/proc", Long.toString(client), "stat"))
                        .contains(") Z "),
                "the client is still an unreaped zombie");
        // The verify's make finishes by itself (as it would after a cold JVM's SIGKILL); nothing records it.
        await().atMost(Duration.ofSeconds(30))
                .until(() -> ProcessHandle.of(make).map(p -> !p.isAlive()).orElse(true));
        Thread.sleep(2_000);
        Run replay = wb.cold(repo.root(), "replay", "ABC-1", "--json");
        assertTrue(replay.out().contains("verify.started"), replay.out());
        assertFalse(replay.out().contains("verify.finished"), "the killed command recorded no end: " + replay.out());
        sleeper.destroyForcibly();
    }

    @Test
    void a_server_that_stops_answering_turns_into_a_cold_run_or_an_error_within_seconds() throws Exception {
        plan("ABC-1", "make -s slow");
        Path server = wb.awaitServing(repo.root(), wb.environment(true));
        ProcessHandle serving = ServedWb.pid(server).orElseThrow();
        long pid = serving.pid();

        // Stopped before it answers: the client gives up after 5 s and runs the command cold.
        signal("STOP", pid);
        try {
            long started = System.nanoTime();
            Run status = wb.served(repo.root(), "status");
            assertEquals(0, status.code(), status.err());
            assertTrue(status.out().contains("ABC-1"), status.out());
            assertTrue(Duration.ofNanos(System.nanoTime() - started).toSeconds() < 30, "within seconds");
        } finally {
            signal("CONT", pid);
        }

        // Stopped in the middle of a command: an error within the stall limit (15 s), exit 3, never a hang.
        Files.deleteIfExists(marker);
        Path err = tmp.resolve("stall.err");
        Process client =
                wb.start(repo.root(), wb.environment(true), tmp.resolve("stall.out"), err, "impl", "verify", "ABC-1");
        strays.add(awaitMarkerPid());
        signal("STOP", pid);
        try {
            assertTrue(client.waitFor(40, TimeUnit.SECONDS), "the client ends by itself");
            assertEquals(3, client.exitValue());
            String stderr = Files.readString(err);
            assertTrue(stderr.contains("error: the wb server did not answer for 15 s"), stderr);
            assertTrue(stderr.contains("  fix: "), stderr);
        } finally {
            signal("CONT", pid);
        }
        // Once it runs again it sees its client gone and halts, as that client's SIGKILL would end a cold JVM.
        await().atMost(Duration.ofSeconds(20)).until(() -> !serving.isAlive());
    }

    @Test
    void no_value_of_the_callers_environment_reaches_the_servers_command_line_or_environment() throws IOException {
        Map<String, String> env = wb.environment(true);
        env.put("GIT_AUTH_TOKEN", "ghp_tokenValue1234");
        env.put("GIT_CONFIG_VALUE_0", "Authorization: Bearer sekritValue");
        env.put("GIT_CONFIG_KEY_0", "http.extraHeader");
        env.put("GIT_CONFIG_COUNT", "1");
        env.put("PATH", tmp.resolve("pathMarker") + ":" + System.getenv("PATH"));
        env.put("HOME", Files.createDirectories(tmp.resolve("homeMarker")).toString());
        Path server = wb.awaitServing(repo.root(), env);
        long pid = ServedWb.pid(server).orElseThrow().pid();

        String cmdline =
                new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8);
        String environ =
                new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ")), StandardCharsets.UTF_8);
        for (String secret : List.of("ghp_tokenValue1234", "sekritValue", "pathMarker", "homeMarker", "GIT_")) {
            assertFalse(cmdline.contains(secret), secret + " in the server's command line: " + cmdline);
            assertFalse(environ.contains(secret), secret + " in the server's environment: " + environ);
        }
        // The files of its folder are the user's alone.
        for (String file : List.of("key", "pid", "stats", "sock")) {
            String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(server.resolve(file)));
            assertTrue(mode.endsWith("------"), file + " is " + mode);
        }
        // And a served command still sees the caller's variables (its git reads its HOME, its PATH).
        Run served = wb.run(repo.root(), env, null, "status");
        assertEquals(0, served.code(), served.err());
    }

    @Test
    void a_runtime_folder_others_can_write_is_refused_with_a_fix_and_never_used() throws IOException {
        Path server = wb.awaitServing(repo.root(), wb.environment(true));
        long before = ServedWb.served(server);
        Run cold = wb.cold(repo.root(), "status");
        Files.setPosixFilePermissions(wb.base(), PosixFilePermissions.fromString("rwxrwxrwx"));
        try {
            Run run = wb.served(repo.root(), "status");
            assertEquals(0, run.code(), run.err());
            assertEquals(cold.out(), run.out());
            assertTrue(run.err().contains("error: wb's server folder " + wb.base() + " has mode 777"), run.err());
            assertTrue(run.err().contains("  fix: rm -rf " + wb.base()), run.err());
            assertEquals(before, ServedWb.served(server), "the server in it was not used");
        } finally {
            Files.setPosixFilePermissions(wb.base(), PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void a_server_whose_files_another_user_owns_is_never_used() throws Exception {
        assumeTrue("0".equals(ServedWb.uidOf()), "only root can give a file to another user");
        Path server = wb.awaitServing(repo.root(), wb.environment(true));
        long before = ServedWb.served(server);
        for (String file : List.of("pid", "key", "sock")) {
            assertEquals(
                    0,
                    new ProcessBuilder("chown", "65534", server.resolve(file).toString())
                            .start()
                            .waitFor());
            Run run = wb.served(repo.root(), "--version");
            assertEquals(0, run.code(), run.err());
            assertEquals(before, ServedWb.served(server), file + " of another user's: not used");
            assertEquals(
                    0,
                    new ProcessBuilder("chown", "0", server.resolve(file).toString())
                            .start()
                            .waitFor());
        }
    }

    @Test
    void callers_with_ever_new_environments_share_one_server_and_never_more_than_two_live() throws Exception {
        Path server = wb.awaitServing(repo.root(), wb.environment(true));
        long before = ServedWb.served(server);
        for (int i = 0; i < 10; i++) {
            Map<String, String> env = wb.environment(true);
            env.put("GIT_COMMITTER_DATE", (1_700_000_000 + i) + " +0000");
            env.put("HOME", Files.createDirectories(tmp.resolve("home-" + i)).toString());
            assertEquals(0, wb.run(repo.root(), env, null, "status").code());
        }
        assertTrue(wb.awaitServed(server, before + 10, Duration.ofSeconds(30)), "all ten served by the one server");
        assertEquals(1, liveServers(), "one resident JVM");

        // Three confinements (resource limits) that cannot share a JVM: the third evicts the idle one.
        for (int files : List.of(301, 302, 303)) {
            List<String> limited = List.of(
                    "sh",
                    "-c",
                    "ulimit -n " + files + " && exec \"$0\" \"$@\"",
                    ServedWb.HOME.resolve("bin/wb").toString(),
                    "--version");
            for (int i = 0; i < 3; i++) {
                assertEquals(
                        0,
                        wb.exec(repo.root(), wb.environment(true), null, limited)
                                .code());
                assertTrue(liveServers() <= 2, "at most two resident JVMs");
                Thread.sleep(3_000);
            }
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> liveServers() <= 2);
    }

    @Test
    void a_server_killed_during_its_warm_up_leaves_nothing_once_the_next_one_starts() throws Exception {
        assertEquals(0, wb.served(repo.root(), "--version").code()); // starts a server, which warms up
        await().atMost(Duration.ofSeconds(60))
                .until(() -> wb.servers().stream()
                        .anyMatch(f -> ServedWb.pid(f).isPresent() && Files.isDirectory(f.resolve("warm"))));
        Path folder = wb.servers().get(0);
        ProcessHandle first = ServedWb.pid(folder).orElseThrow();
        await().atMost(Duration.ofSeconds(60)).until(() -> hasDemo(folder.resolve("warm")));
        first.destroyForcibly();
        await().atMost(Duration.ofSeconds(30)).until(() -> !first.isAlive());

        Path next = wb.awaitServing(repo.root(), wb.environment(true));

        assertEquals(folder, next, "the same key, the same folder");
        await().atMost(Duration.ofMinutes(2)).until(() -> !Files.exists(folder.resolve("warm")));
    }

    private static boolean hasDemo(Path warm) {
        try (var list = Files.list(warm)) {
            return list.anyMatch(p -> p.getFileName().toString().startsWith("wb-demo-"));
        } catch (IOException e) {
            return false;
        }
    }

    private long liveServers() {
        return wb.servers().stream().filter(f -> ServedWb.pid(f).isPresent()).count();
    }

    private static void signal(String name, long pid) throws Exception {
        assertEquals(
                0,
                new ProcessBuilder("kill", "-" + name, Long.toString(pid))
                        .start()
                        .waitFor());
    }

    private long awaitMarkerPid() throws IOException {
        await().atMost(Duration.ofSeconds(60))
                .until(() -> Files.exists(marker) && !Files.readString(marker).isBlank());
        return Long.parseLong(Files.readString(marker).trim());
    }
}
