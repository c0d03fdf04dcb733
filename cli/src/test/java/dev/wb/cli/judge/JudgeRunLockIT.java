package dev.wb.cli.judge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The judge run lock between real {@code bin/wb} processes: a second run is refused while the first
 * runs, SIGTERM to the first ends its command and releases the lock, and a lock left by a run killed
 * with SIGKILL (no shutdown hook) is reclaimed by the next run with a notice. Another host's lock is
 * refused until {@code --break-lock}.
 */
class JudgeRunLockIT {

    private static final Path WB =
            Path.of(System.getProperty("user.dir")).getParent().resolve("bin/wb");
    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * Records its pid in the ignored build/ folder, then waits while build/hang exists (so one snapshot
     * serves a hanging run and a quick one); it writes no covered file.
     */
    private static final String HANG =
            "sh -c 'mkdir -p build && echo $$ > build/sleep.pid" + " && if test -f build/hang; then exec sleep 30; fi'";

    private static final String FAST = "mkdir -p build/ran";

    @TempDir
    Path tmp;

    TempGitRepo repo;
    Path lock;
    Path sleepPid;
    Path hang;
    final List<Process> started = new ArrayList<>();
    final AtomicInteger outputs = new AtomicInteger();

    record Run(int code, String out, String err) {
        JsonNode json() throws IOException {
            try (MappingIterator<JsonNode> values =
                    JSON.readerFor(JsonNode.class).readValues(out)) {
                List<JsonNode> docs = values.readAll();
                assertEquals(1, docs.size(), this::toString);
                return docs.get(0);
            }
        }

        @Override
        public String toString() {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/App.java", "class App {}\n");
        repo.write(".gitignore", "build/\n");
        repo.write(".workflow/.gitignore", "local/\n.env\n");
        repo.commitAll("base");
        repo.write("src/App.java", "class App { int x; }\n");
        lock = repo.resolve(".workflow/local/judge/run.lock");
        sleepPid = repo.resolve("build/sleep.pid");
        hang = repo.write("build/hang", "");
    }

    @AfterEach
    void nothing_left_running() throws IOException {
        started.forEach(Process::destroyForcibly);
        if (Files.exists(sleepPid) && !Files.readString(sleepPid).isBlank()) {
            ProcessHandle.of(Long.parseLong(Files.readString(sleepPid).strip()))
                    .filter(h ->
                            h.info().command().map(c -> c.endsWith("/sleep")).orElse(false))
                    .ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** Declares {@code validation} in TASK-1's capsule and captures a snapshot in this JVM; returns its id. */
    String snapshot(String validation) {
        String dir = ".workflow/TASK-1/";
        repo.write(dir + "task.md", "# Task\n\n## Validation\n\n```\n" + validation + "\n```\n");
        repo.write(dir + "context.md", "# Context\n");
        repo.write(dir + "plan.md", "# Plan\n");
        repo.write(dir + "acceptance-criteria.md", "- AC-1: it works\n");
        repo.write(dir + "review-checklist.md", "# Checklist\n");
        CliRun.Result result = CliRun.wb(
                repo.root(), TempGitRepo.gitEnvironment(), "judge", "snapshot", "TASK-1", "--base", "main", "--json");
        assertEquals(0, result.code(), result::toString);
        return result.json().get("id").asText();
    }

    /** Starts {@code bin/wb judge run TASK-1 --candidate SNAPSHOT:<id> …} as a process of its own. */
    Process start(String id, String... more) throws IOException {
        List<String> argv =
                new ArrayList<>(List.of(WB.toString(), "judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + id));
        argv.addAll(List.of(more));
        int n = outputs.incrementAndGet();
        ProcessBuilder builder = new ProcessBuilder(argv)
                .directory(repo.root().toFile())
                .redirectOutput(tmp.resolve("wb-" + n + ".out").toFile())
                .redirectError(tmp.resolve("wb-" + n + ".err").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().keySet().removeIf(name -> name.startsWith("GIT_"));
        builder.environment().putAll(TempGitRepo.gitEnvironment());
        Process process = builder.start();
        started.add(process);
        return process;
    }

    Run run(String id, String... more) throws IOException, InterruptedException {
        Process process = start(id, more);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "wb judge run ends");
        int n = outputs.get();
        return new Run(
                process.exitValue(),
                Files.readString(tmp.resolve("wb-" + n + ".out")),
                Files.readString(tmp.resolve("wb-" + n + ".err")));
    }

    /** Waits until the hanging command runs under the lock; returns its pid. */
    long awaitHanging(Process wb) throws IOException {
        Awaitility.await()
                .atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(50))
                .pollInSameThread()
                .until(() -> {
                    assertTrue(wb.isAlive(), "the first run ended early");
                    return Files.exists(lock)
                            && Files.exists(sleepPid)
                            && Files.readString(sleepPid).endsWith("\n");
                });
        return Long.parseLong(Files.readString(sleepPid).strip());
    }

    /**
     * Whether the process still runs: a zombie (dead, not yet collected; in a container whose first
     * process collects late, for a while) does not, though {@link ProcessHandle#isAlive()} says it does.
     */
    static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
    }

    List<JsonNode> receipts(String id) throws IOException {
        Path dir = repo.resolve(".workflow/local/judge/snapshots/" + id + "/receipts");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<JsonNode> receipts = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                receipts.add(JSON.readTree(file.toFile()));
            }
        }
        return receipts;
    }

    @Test
    void a_second_run_exits_4_while_the_first_runs_and_sigterm_to_the_first_releases_the_lock() throws Exception {
        String id = snapshot(HANG);
        Process first = start(id, "--approve-commands", HANG, "--json");
        long sleep = awaitHanging(first);

        JsonNode held = JSON.readTree(lock.toFile());
        assertEquals(first.pid(), held.get("pid").asLong(), held::toString);
        assertEquals("TASK-1", held.get("task").asText());
        assertEquals(id, held.get("snapshot").asText());

        Run second = run(id, "--approve-commands", HANG, "--json");
        assertEquals(4, second.code(), second::toString);
        JsonNode busy = second.json();
        assertEquals("lock-busy", busy.get("outcome").asText());
        assertTrue(busy.get("message").asText().contains("process " + first.pid() + " on this host"), busy::toString);
        assertTrue(running(sleep), "the refused run leaves the first one's command alone");

        first.destroy(); // SIGTERM
        assertTrue(first.waitFor(20, TimeUnit.SECONDS), "wb ends on SIGTERM");
        assertFalse(Files.exists(lock), "the shutdown hook released the lock");
        Awaitility.await("the command wb ran is ended with it")
                .atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> !running(sleep));
        assertTrue(
                receipts(id).stream().noneMatch(r -> r.path("passed").asBoolean()),
                "an interrupted run is never a pass");
        assertTrue(
                receipts(id).stream().anyMatch(r -> r.path("outcome").asText().equals("failed")),
                "the interrupted run recorded itself, with a receipt that says failed: " + receipts(id));

        Files.delete(hang);
        Run third = run(id, "--approve-commands", HANG, "--json");
        assertEquals(0, third.code(), third::toString);
        JsonNode passed = third.json();
        assertEquals("passed", passed.get("outcome").asText());
        assertTrue(receipts(id).stream().anyMatch(r -> r.path("passed").asBoolean()), "the third run's receipt");
        assertEquals(0, passed.get("notices").size(), "nothing was left to reclaim: " + passed);
        assertFalse(Files.exists(lock));
    }

    @Test
    void a_lock_left_by_a_killed_run_is_reclaimed_by_the_next_run_with_a_notice() throws Exception {
        String id = snapshot(HANG);
        Process first = start(id, "--approve-commands", HANG);
        long sleep = awaitHanging(first);

        first.destroyForcibly(); // SIGKILL: no shutdown hook, the lock stays
        assertTrue(first.waitFor(20, TimeUnit.SECONDS), "wb ends on SIGKILL");
        ProcessHandle.of(sleep).ifPresent(ProcessHandle::destroyForcibly); // the orphan nobody else ends
        Awaitility.await()
                .atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> !running(sleep));
        assertTrue(Files.exists(lock), "a killed run leaves its lock");
        assertEquals(first.pid(), JSON.readTree(lock.toFile()).get("pid").asLong());

        Files.delete(hang);
        Files.delete(sleepPid);
        Run next = run(id, "--approve-commands", HANG);

        assertEquals(0, next.code(), next::toString);
        assertTrue(
                next.err()
                        .contains("notice: reclaimed a lock left by dead process " + first.pid()
                                + " on this host (TASK-1, snapshot " + id),
                next::toString);
        assertFalse(next.err().contains("error:"), next::toString);
        assertTrue(next.out().contains("PASSED: SNAPSHOT:" + id + " (in-place)"), next::toString);
        assertTrue(Files.exists(sleepPid), "the command ran");
        assertFalse(Files.exists(lock), "the reclaiming run released its own lock");
    }

    @Test
    void another_hosts_lock_is_refused_until_break_lock() throws Exception {
        String fast = snapshot(FAST);
        Files.createDirectories(lock.getParent());
        byte[] foreign = ("{\"version\": 1, \"pid\": 4242, \"host\": \"elsewhere.invalid\", \"started\": \""
                        + Instant.now() + "\", \"task\": \"TASK-9\", \"snapshot\": \"00000000000000000000\","
                        + " \"token\": \"not-ours\"}\n")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Files.write(lock, foreign);

        Run refused = run(fast, "--approve-commands", FAST, "--json");
        assertEquals(4, refused.code(), refused::toString);
        JsonNode busy = refused.json();
        assertEquals("lock-busy", busy.get("outcome").asText());
        assertTrue(busy.get("message").asText().contains("process 4242 on host elsewhere.invalid"), busy::toString);
        assertTrue(busy.get("message").asText().contains("--break-lock"), busy::toString);
        assertArrayEquals(foreign, Files.readAllBytes(lock), "a refused run leaves the lock as it was");
        assertFalse(Files.exists(repo.resolve("build/ran")), "nothing ran");

        Run broke = run(fast, "--approve-commands", FAST, "--break-lock", "--json");
        assertEquals(0, broke.code(), broke::toString);
        JsonNode passed = broke.json();
        assertEquals("passed", passed.get("outcome").asText());
        assertTrue(
                passed.get("notices")
                        .get(0)
                        .asText()
                        .startsWith("broke the lock of process 4242 on host elsewhere.invalid (TASK-9"),
                passed::toString);
        assertFalse(Files.exists(lock));
    }
}
