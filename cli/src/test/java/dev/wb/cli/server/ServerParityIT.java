package dev.wb.cli.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.ServedWb;
import dev.wb.cli.testing.ServedWb.Run;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same command lines run cold ({@code WB_SERVER=off}) in one repository and through a warm server in
 * another (docs/adr/0009-warm-server.md): the same stdout, stderr, exit codes and events, each served run
 * counted by the server (so none of them quietly ran cold).
 */
class ServerParityIT {

    static final String PLAN = """
            {"key": "%s", "objective": "o",
             "evidence": [{"claim": "c", "file": "src/app.py", "line": 1, "quote": "value = 1"}],
             "files": [{"path": "src/app.py", "change": "edit", "why": "w"}],
             "tests": [{"kind": "unit", "asserts": "a"}], "verify": ["make -s ok"],
             "rollback": "revert"}
            """;

    @TempDir
    Path tmp;

    private ServedWb wb;

    @BeforeEach
    void setUp() throws IOException {
        wb = new ServedWb(ServedWb.HOME, tmp);
    }

    @AfterEach
    void stopServers() {
        wb.close();
    }

    /** One step of the corpus: what to write before it (relative path to content), its stdin, its words. */
    private record Step(Map<String, String> files, String stdin, String subfolder, List<String> words) {
        static Step of(String... words) {
            return new Step(Map.of(), null, "", List.of(words));
        }

        Step in(String folder) {
            return new Step(files, stdin, folder, words);
        }
    }

    @Test
    void a_corpus_of_command_lines_prints_exits_and_records_the_same_cold_and_served() throws IOException {
        TempGitRepo cold = project("cold");
        TempGitRepo served = project("served");
        Path server = wb.awaitServing(served.root(), wb.environment(true));

        String allowed = "{\"session_id\": \"s1\", \"hook_event_name\": \"PreToolUse\", \"tool_name\": \"Bash\","
                + " \"tool_input\": {\"command\": \"ls\"}}";
        List<Step> corpus = List.of(
                Step.of("--help"),
                Step.of("--version"),
                Step.of("status"),
                Step.of("nonsense"),
                Step.of("init"),
                Step.of("init", "--bogus"),
                Step.of("status", "--json"),
                Step.of("status").in("src"),
                new Step(
                        Map.of(".workflow/ABC-1/sdd.json", PLAN.formatted("ABC-1")),
                        null,
                        "",
                        List.of("sdd", "audit", "ABC-1")),
                Step.of("--json", "sdd", "audit", "ABC-1"),
                Step.of("impl", "check", "ABC-1"),
                Step.of("impl", "verify", "ABC-1"),
                // A refused gate: a plan never audited.
                new Step(
                        Map.of(".workflow/ABC-2/sdd.json", PLAN.formatted("ABC-2")),
                        null,
                        "",
                        List.of("impl", "verify", "ABC-2")),
                Step.of("--json", "impl", "verify", "ABC-2"),
                Step.of("replay", "ABC-1"),
                Step.of("replay", "ABC-1", "--verify"),
                Step.of("replay", "workspace", "--at", "0"),
                Step.of("status", "--stats"),
                Step.of("--json", "status"),
                new Step(Map.of(), allowed, "", List.of("judge", "guard")),
                new Step(Map.of(), "{not json", "", List.of("judge", "guard")),
                Step.of("sdd", "audit"));

        for (Step step : corpus) {
            String what =
                    String.join(" ", step.words()) + (step.subfolder().isEmpty() ? "" : " in " + step.subfolder());
            for (Map.Entry<String, String> file : step.files().entrySet()) {
                cold.write(file.getKey(), file.getValue());
                served.write(file.getKey(), file.getValue());
            }
            String[] words = step.words().toArray(String[]::new);
            Run expected = wb.run(cold.resolve(step.subfolder()), wb.environment(false), step.stdin(), words);
            long before = ServedWb.served(server);
            Run actual = wb.run(served.resolve(step.subfolder()), wb.environment(true), step.stdin(), words);
            assertTrue(
                    wb.awaitServed(server, before + 1, Duration.ofSeconds(30)),
                    what + ": served by the server, not run cold");
            assertEquals(expected.code(), actual.code(), what + ": " + actual.err());
            assertEquals(masked(expected.out(), cold), masked(actual.out(), served), what + " (stdout)");
            assertEquals(masked(expected.err(), cold), masked(actual.err(), served), what + " (stderr)");
        }

        for (String stream : List.of("workspace", "ABC-1")) {
            Run expected = wb.cold(cold.root(), "replay", stream, "--json");
            Run actual = wb.cold(served.root(), "replay", stream, "--json");
            assertEquals(0, actual.code(), actual.err());
            List<String> events = new ArrayList<>(actual.out().lines().toList());
            assertTrue(events.size() >= (stream.equals("workspace") ? 1 : 5), stream + ": " + events);
            assertEquals(masked(expected.out(), cold), masked(actual.out(), served), stream + ": the same events");
        }
    }

    @Test
    void status_reads_the_live_scope_the_same_cold_and_served() throws IOException {
        TempGitRepo cold = project("cold");
        TempGitRepo served = project("served");
        Path server = wb.awaitServing(served.root(), wb.environment(true));
        for (TempGitRepo repo : List.of(cold, served)) {
            repo.write(".workflow/ABC-1/sdd.json", PLAN.formatted("ABC-1"));
            assertEquals(0, wb.cold(repo.root(), "sdd", "audit", "ABC-1").code());
            assertEquals(0, wb.cold(repo.root(), "impl", "check", "ABC-1").code());
            repo.write("lib/stray.py", "x = 1\n");
        }

        for (List<String> words : List.of(List.of("status"), List.of("status", "ABC-1"), List.of("--json", "status"))) {
            String[] args = words.toArray(String[]::new);
            Run expected = wb.cold(cold.root(), args);
            long before = ServedWb.served(server);
            Run actual = wb.served(served.root(), args);
            assertTrue(wb.awaitServed(server, before + 1, Duration.ofSeconds(30)), words + ": served");
            assertEquals(expected.code(), actual.code(), words + ": " + actual.err());
            assertEquals(masked(expected.out(), cold), masked(actual.out(), served), words + " (stdout)");
            // The table shows the mark; the task's detail and --json say why.
            String shown =
                    words.size() == 1 ? "FAIL" : "live: 1 changed path outside every audited plan; last check passed";
            assertTrue(actual.out().contains(shown), words + ": the deviation now, served: " + actual.out());
        }
    }

    private TempGitRepo project(String name) throws IOException {
        TempGitRepo repo = TempGitRepo.create(tmp, name);
        repo.write("Makefile", "ok:\n\t@echo ok\n");
        repo.write("src/app.py", "value = 1\n");
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app");
        Files.createDirectories(repo.resolve("src"));
        return repo;
    }

    /**
     * What may differ between two runs of the same command in two repositories: the repository's path,
     * times, durations, ids, hashes and the acting process.
     */
    static String masked(String text, TempGitRepo in) {
        return text.replace(in.root().toString(), "REPO")
                .replaceAll("\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z", "TIME")
                .replaceAll("\\b\\d+(\\.\\d+)? ?(ms|s)\\b", "DURATION")
                .replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "ID")
                .replaceAll("sha256:[0-9a-f]{64}", "HASH")
                // The two repositories' commits differ whenever they were made in different seconds.
                .replaceAll("\\b[0-9a-f]{40}\\b", "COMMIT")
                .replaceAll("\\b(baseline|plan) [0-9a-f]{12}\\b", "$1 COMMIT")
                .replaceAll("\"pid\" ?: ?\\d+", "\"pid\":PID")
                .replaceAll("\"durationMs\" ?: ?\\d+", "\"durationMs\":DURATION")
                .replaceAll(" +", " ");
    }
}
