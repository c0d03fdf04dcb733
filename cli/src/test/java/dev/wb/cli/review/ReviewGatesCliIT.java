package dev.wb.cli.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through bin/wb, real processes: {@code wb review gates} exits 7 on a secret in the branch's diff and
 * never prints its value, exits 0 once it is gone, answers {@code --json} with one document, and
 * refuses outside a repository; {@code wb review context --json} lists the facts.
 */
class ReviewGatesCliIT {

    private static final Path WB =
            Path.of(System.getProperty("user.dir")).getParent().resolve("bin/wb");
    private static final String TOKEN = "ghp_" + "Zq9Xw8Vu7Ts6Rq5Po4Nm3Lk2";

    @TempDir
    Path tmp;

    Path home;
    TempGitRepo repo;

    @BeforeEach
    void branch() throws IOException {
        home = Files.createDirectories(tmp.resolve("home"));
        repo = TempGitRepo.create(tmp, "repo");
        repo.git("checkout", "-q", "-b", "feature");
        repo.write("src/billing/charge.py", "API = \"" + TOKEN + "\"\ntry:\n    go()\nexcept Exception:\n    pass\n");
        repo.commitAll("charge");
    }

    private ProcessResult wb(Path dir, String... args) {
        List<String> argv = new ArrayList<>();
        argv.add(WB.toString());
        argv.addAll(List.of(args));
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", home.toString());
        env.put("WB_SERVER", "off");
        return TempGitRepo.Processes.run(dir, argv, env, 120);
    }

    @Test
    void a_secret_on_the_branch_exits_7_without_its_value_and_a_clean_diff_exits_0() throws IOException {
        ProcessResult failed = wb(repo.root(), "review", "gates", "ABC-1");

        assertEquals(7, failed.exitCode(), failed.toString());
        assertTrue(failed.stdout().contains("src/billing/charge.py:1  high  a GitHub token"), failed.stdout());
        assertTrue(failed.stdout().contains("src/billing/charge.py:4  medium"), failed.stdout());
        assertTrue(failed.stderr().startsWith("error: ABC-1: 2 findings in the diff"), failed.stderr());
        assertTrue(failed.stderr().contains("  fix: "), failed.stderr());
        String log = logBytes();
        for (String text : List.of(failed.stdout(), failed.stderr(), log)) {
            assertFalse(text.contains(TOKEN.substring(0, 10)), "the token's value leaked: " + text);
        }

        repo.write("src/billing/charge.py", "API = os.environ[\"API_TOKEN\"]\n");
        ProcessResult clean = wb(repo.root(), "review", "gates", "ABC-1");
        assertEquals(0, clean.exitCode(), clean.toString());
        assertTrue(clean.stdout().contains("pass  no mechanically checkable gate was violated"), clean.stdout());
        ProcessResult replay = wb(repo.root(), "replay", "ABC-1");
        assertTrue(replay.stdout().contains("review.gated"), replay.toString());
        assertTrue(replay.stdout().contains("fail · branch since main"), replay.stdout());
        assertEquals("gates-passed", reviewStage());
    }

    @Test
    void wb_show_puts_a_failed_run_in_the_review_stage() {
        wb(repo.root(), "review", "gates", "ABC-1");

        assertEquals("gates-failed", reviewStage());
    }

    /** The review stage's state, as {@code wb show KEY --json} gives it. */
    private String reviewStage() {
        ProcessResult show = wb(repo.root(), "show", "ABC-1", "--json");
        JsonNode doc = CanonicalJson.parse(show.stdout().getBytes(StandardCharsets.UTF_8));
        for (JsonNode stage : doc.get("stages")) {
            if (stage.get("stage").asText().equals("review")) {
                return stage.get("state").asText();
            }
        }
        return "absent";
    }

    @Test
    void json_is_one_document_with_the_findings_and_the_event() {
        ProcessResult run = wb(repo.root(), "review", "gates", "ABC-1", "--json");

        assertEquals(7, run.exitCode(), run.toString());
        JsonNode doc = CanonicalJson.parse(run.stdout().getBytes(StandardCharsets.UTF_8));
        assertEquals("ABC-1", doc.get("task").asText());
        assertFalse(doc.get("passed").asBoolean());
        assertEquals(1, doc.get("counts").get("secret").asInt());
        assertEquals(1, doc.get("counts").get("swallowed-error").asInt());
        assertEquals("main", doc.get("base").asText());
        assertEquals(
                "API = \"[redacted]\"", doc.get("findings").get(0).get("quote").asText());
        assertTrue(doc.get("event").asText().length() > 0);
        assertFalse(run.stdout().contains(TOKEN.substring(0, 10)));
    }

    @Test
    void context_json_lists_the_changed_files_zones_untested_sources_and_gates() {
        ProcessResult run = wb(repo.root(), "review", "context", "--json");

        assertEquals(0, run.exitCode(), run.toString());
        JsonNode doc = CanonicalJson.parse(run.stdout().getBytes(StandardCharsets.UTF_8));
        assertEquals("src/billing/charge.py", doc.get("changed").get(0).asText());
        assertEquals(
                "src/billing/charge.py", doc.get("zones").get("billing").get(0).asText());
        assertEquals("src/billing/charge.py", doc.get("untested").get(0).asText());
        assertEquals(
                "no secret in code or in a committed file",
                doc.get("gates").get(3).asText());
    }

    @Test
    void outside_a_repository_and_with_a_malformed_key_it_refuses_with_exit_2() throws IOException {
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        ProcessResult outside = wb(plain, "review", "gates", "ABC-1");
        assertEquals(2, outside.exitCode(), outside.toString());
        assertTrue(outside.stderr().startsWith("error: not a git repository"), outside.stderr());
        assertTrue(outside.stderr().contains("  fix: "), outside.stderr());

        ProcessResult malformed = wb(repo.root(), "review", "gates", "not a key");
        assertEquals(2, malformed.exitCode(), malformed.toString());
        assertTrue(malformed.stderr().startsWith("error: malformed key"), malformed.stderr());
    }

    /** Every byte wb keeps under .workflow/local (the log and its caches), as text. */
    private String logBytes() throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.walk(repo.resolve(".workflow"))) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                all.append(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
            }
        }
        return all.toString();
    }
}
