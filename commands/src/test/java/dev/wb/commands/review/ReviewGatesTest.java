package dev.wb.commands.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.projections.events.judge.FindingKind;
import dev.wb.projections.events.judge.ReviewGated;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb review gates KEY}: the original's rules on the added lines of the branch's diff, on real repositories. */
class ReviewGatesTest {

    static final TaskKey KEY = TaskKey.parse("ABC-1").orElseThrow();

    /** One credential of each kind the rules know, as the original's patterns describe them. */
    static final Map<String, String> SECRETS = Map.of(
            "github-token", "gh_token = ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4",
            "aws-access-key-id", "aws_id = AKIA" + "ABCDEFGHIJKLMNOP",
            "atlassian-token", "jira = ATATT" + "3xFfGF0abcdefghijklmnop",
            "private-key", "-----BEGIN RSA " + "PRIVATE KEY-----",
            "literal-credential", "password = \"" + "hunter2hunter2hunter2" + "\"");

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void branch() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.git("checkout", "-q", "-b", "feature");
    }

    ReviewGates.Result gates(boolean staged, Optional<String> base) {
        try (Session session = session()) {
            return ReviewGates.run(session, KEY, new ReviewDiff.Request(staged, base));
        }
    }

    ReviewGates.Result gates() {
        return gates(false, Optional.empty());
    }

    Session session() {
        return new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation());
    }

    List<EventEnvelope> taskEvents() {
        try (Session session = session()) {
            return session.reader().read(StreamId.task(KEY));
        }
    }

    static String secretValue(String line) {
        return line.substring(line.indexOf(line.startsWith("-----") ? "RSA" : "=") + 1)
                .strip()
                .replace("\"", "");
    }

    @Test
    void each_secret_kind_on_an_added_line_is_found_by_its_rule() {
        SECRETS.forEach((rule, line) -> {
            repo.write("src/config.py", "x = 1\n" + line + "\n");
            ReviewGates.Result result = gates();
            assertEquals(1, result.findings().size(), rule + ": " + result.findings());
            Finding finding = result.findings().get(0);
            assertEquals(FindingKind.SECRET, finding.kind());
            assertEquals(rule, finding.rule());
            assertEquals("src/config.py", finding.path());
            assertEquals(2, finding.line());
        });
    }

    @Test
    void a_secret_already_in_the_base_or_removed_by_the_branch_is_not_a_finding() {
        repo.write("src/old.py", SECRETS.get("github-token") + "\n");
        repo.write("src/gone.py", SECRETS.get("aws-access-key-id") + "\n");
        repo.git("checkout", "-q", "main");
        repo.commitAll("secrets already on main");
        repo.git("checkout", "-q", "feature");
        repo.git("merge", "-q", "main");
        repo.write("src/old.py", SECRETS.get("github-token") + "\nprint('unchanged line above')\n");
        repo.git("rm", "-q", "src/gone.py");

        ReviewGates.Result result = gates();

        assertTrue(result.passed(), result.findings().toString());
        assertEquals(List.of("src/gone.py", "src/old.py"), result.diff().changed());
    }

    @Test
    void committed_work_since_the_merge_base_is_read_and_earlier_main_commits_are_not() {
        repo.write("src/a.py", SECRETS.get("github-token") + "\n");
        repo.commitAll("a secret committed on the branch");

        ReviewGates.Result result = gates();

        assertEquals(
                List.of("github-token"),
                result.findings().stream().map(Finding::rule).toList());
        assertEquals("main", result.diff().base());
        assertEquals(repo.git("rev-parse", "main").strip(), result.diff().baseCommit());
    }

    @Test
    void a_swallowed_error_in_source_is_found_and_one_in_a_test_or_with_a_stated_reason_is_not() {
        repo.write("src/a.py", "try:\n    go()\nexcept ValueError:\n    pass\n");
        repo.write("src/b.js", "try { go() }\ncatch (e) {}\np.catch((e) => {})\n");
        repo.write("src/c.java", "try {\n  go();\n} catch (Exception e) {\n}\n");
        repo.write("src/d.py", "try:\n    go()\nexcept ValueError:\n    pass  # a lost statistic is not a failure\n");
        repo.write("tests/test_a.py", "try:\n    go()\nexcept ValueError:\n    pass\n");

        ReviewGates.Result result = gates();

        assertEquals(
                List.of(
                        "src/a.py:3 except-pass",
                        "src/b.js:2 empty-catch",
                        "src/b.js:3 empty-promise-catch",
                        "src/c.java:3 empty-catch"),
                result.findings().stream()
                        .map(f -> f.path() + ":" + f.line() + " " + f.rule())
                        .toList());
        assertTrue(result.findings().stream().allMatch(f -> f.kind() == FindingKind.SWALLOWED_ERROR));
    }

    @Test
    void a_placeholder_or_environment_lookup_is_not_a_literal_credential() {
        repo.write("src/a.py", "token = os.environ[\"TOKEN_NAME_LONG\"]\npassword = \"changeme-changeme\"\n");

        assertTrue(gates().passed());
    }

    @Test
    void no_secret_value_reaches_the_result_the_quote_or_the_event() {
        repo.write("src/config.py", String.join("\n", SECRETS.values()) + "\n");

        ReviewGates.Result result = gates();

        assertEquals(SECRETS.size(), result.findings().size(), result.findings().toString());
        EventEnvelope event = taskEvents().get(0);
        String recorded = event.payload().json().toString();
        for (String line : SECRETS.values()) {
            String value = secretValue(line);
            String head = value.substring(0, Math.min(12, value.length()));
            assertFalse(result.findings().toString().contains(head), value + " in " + result.findings());
            assertFalse(recorded.contains(head), value + " in the event " + recorded);
        }
        assertTrue(
                result.findings().stream().allMatch(f -> f.quote().contains(Redaction.MASK)),
                result.findings().toString());
    }

    @Test
    void every_run_is_recorded_as_review_gated_with_counts_passed_and_where() {
        repo.write("src/a.py", "x = 1\n" + SECRETS.get("github-token") + "\n");
        gates();
        repo.write("src/a.py", "x = 1\n");
        gates();

        List<EventEnvelope> events = taskEvents();
        assertEquals(2, events.size());
        ReviewGated failed = ReviewGated.TYPE.read(events.get(0));
        assertFalse(failed.passed());
        assertEquals(1, failed.counts().get(FindingKind.SECRET));
        assertEquals(0, failed.counts().get(FindingKind.SWALLOWED_ERROR));
        assertEquals(
                List.of(new ReviewGated.Finding("src/a.py", 2, FindingKind.SECRET, "github-token")), failed.findings());
        assertEquals(ReviewGated.Mode.BRANCH, failed.mode());
        ReviewGated passed = ReviewGated.TYPE.read(events.get(1));
        assertTrue(passed.passed());
        assertEquals(0, passed.total());
    }

    @Test
    void staged_reads_the_index_only() {
        repo.write("src/a.py", SECRETS.get("github-token") + "\n");
        repo.git("add", "src/a.py");
        repo.write("src/b.py", SECRETS.get("aws-access-key-id") + "\n");

        ReviewGates.Result result = gates(true, Optional.empty());

        assertEquals(
                List.of("src/a.py"),
                result.findings().stream().map(Finding::path).toList());
        assertEquals(
                ReviewGated.Mode.STAGED,
                ReviewGated.TYPE.read(taskEvents().get(0)).mode());
    }

    @Test
    void a_new_dependency_and_a_bug_fix_without_a_test_are_findings() {
        repo.write("requirements.txt", "requests==2.31.0\n");
        repo.write(".workflow/ABC-1/triage.json", "{\"type\": \"bug\"}\n");

        ReviewGates.Result result = gates();

        assertEquals(
                List.of("dependency requirements.txt:1", "regression-test diff:0"),
                result.findings().stream()
                        .map(f -> f.kind().wireName() + " " + f.path() + ":" + f.line())
                        .toList());
        assertEquals("bug", result.ticketType());
    }

    @Test
    void a_binary_file_is_named_as_not_read_and_finds_nothing() {
        repo.write("src/a.py", "x = 1\n");
        try {
            Files.write(repo.resolve("blob.bin"), new byte[] {0, 1, 2, 'g', 'h', 'p', '_'});
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }

        ReviewGates.Result result = gates();

        assertTrue(result.passed());
        assertEquals(List.of("blob.bin: binary"), result.diff().skipped());
    }

    @Test
    void a_ten_megabyte_added_line_is_read_on_its_first_mebibyte_and_named_as_read_in_part() {
        repo.write("dist2/bundle.js", SECRETS.get("github-token") + " " + "x".repeat(10 * 1024 * 1024) + "\n");

        ReviewGates.Result result = gates();

        assertEquals(
                List.of("github-token"),
                result.findings().stream().map(Finding::rule).toList());
        assertEquals(
                List.of("dist2/bundle.js:1: a line of "
                        + (10 * 1024 * 1024 + SECRETS.get("github-token").length() + 1)
                        + " characters, read on its first 1048576"),
                result.diff().skipped());
    }

    @Test
    void a_base_that_names_no_commit_is_refused_with_a_fix() {
        Failure failure = assertThrows(Failure.class, () -> gates(false, Optional.of("no-such-branch")));
        assertEquals(Failure.Kind.USAGE, failure.kind());
        assertTrue(failure.getMessage().contains("--base no-such-branch names no commit"), failure.getMessage());
        assertTrue(
                failure.fixes().get(0).contains("--base main"), failure.fixes().toString());
        assertTrue(taskEvents().isEmpty(), "a refused run records nothing");
    }

    @Test
    void staged_with_a_base_is_refused() {
        Failure failure = assertThrows(Failure.class, () -> gates(true, Optional.of("main")));
        assertEquals(Failure.Kind.USAGE, failure.kind());
    }
}
