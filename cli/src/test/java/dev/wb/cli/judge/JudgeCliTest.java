package dev.wb.cli.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.cli.testing.CliRun;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.lock.RunLock;
import dev.wb.engine.TaskKey;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code wb judge snapshot|scope|run} and {@code wb task approve-commands} as a user meets them, in this
 * JVM: one JSON document with {@code --json}, the exit codes of the seed's tables, {@code error:} and
 * {@code fix:} lines, the receipt and its digest, the events, and never a stack trace. In-JVM
 * {@code System.console()} is null, so a missing approval is never asked for: it is refused.
 */
class JudgeCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at [\\w.$]+\\(");
    private static final String RAN = "mkdir -p build/ran";
    private static final String ZEROS = "00000000000000000000";

    @TempDir
    Path tmp;

    TempGitRepo repo;
    String base;
    final List<CliRun.Result> seen = new ArrayList<>();

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/App.java", "class App {}\n");
        repo.write(".gitignore", "build/\n");
        repo.write(".workflow/.gitignore", "local/\n.env\n");
        base = repo.commitAll("base");
    }

    @AfterEach
    void no_stack_trace_on_any_stderr() {
        for (CliRun.Result result : seen) {
            assertFalse(STACK_FRAME.matcher(result.err()).find(), result::toString);
            assertFalse(result.err().contains("Exception"), result::toString);
        }
    }

    /** Writes the five capsule documents of {@code key} (uncommitted) with this validation fence body. */
    void capsule(String key, String validation) {
        String dir = ".workflow/" + key + "/";
        repo.write(dir + "task.md", "# Task\n\n## Validation\n\n```\n" + validation + "```\n");
        repo.write(dir + "context.md", "# Context\n");
        repo.write(dir + "plan.md", "# Plan\n");
        repo.write(dir + "acceptance-criteria.md", "- AC-1: it works\n");
        repo.write(dir + "review-checklist.md", "# Checklist\n");
    }

    /** A task with a capsule declaring {@code validation} and a change to review. */
    void change(String validation) {
        capsule("TASK-1", validation);
        repo.write("src/App.java", "class App { int x; }\n");
    }

    CliRun.Result wb(String... args) {
        CliRun.Result result = CliRun.wb(repo.root(), TempGitRepo.gitEnvironment(), args);
        seen.add(result);
        return result;
    }

    /** Captures the task's snapshot against main and returns its id. */
    String snapshot() {
        CliRun.Result result = wb("judge", "snapshot", "TASK-1", "--base", "main", "--json");
        assertEquals(0, result.code(), result::toString);
        return one(result).get("id").asText();
    }

    /** Stdout is exactly one JSON document, nothing before or after it. */
    static JsonNode one(CliRun.Result result) {
        try (MappingIterator<JsonNode> values = JSON.readerFor(JsonNode.class).readValues(result.out())) {
            List<JsonNode> docs = values.readAll();
            assertEquals(1, docs.size(), () -> "not one JSON document on stdout: " + result);
            return docs.get(0);
        } catch (IOException e) {
            throw new UncheckedIOException("stdout is not JSON: " + result, e);
        }
    }

    /**
     * A refusal with --json: {@code error:} on stderr, and on stdout one document with the same error
     * and the exit code (issue 13, item 38: every --json run prints one document).
     */
    static void refused(int code, String errorStart, CliRun.Result result) {
        assertEquals(code, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: " + errorStart), result::toString);
        JsonNode doc = one(result);
        assertTrue(result.err().startsWith("error: " + doc.path("error").asText() + "\n"), result::toString);
        assertEquals(code, doc.path("exitCode").asInt(), result::toString);
    }

    static String sha256(Path file) throws IOException, NoSuchAlgorithmException {
        return "sha256:"
                + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.asText()));
        return texts;
    }

    List<String> snapshotFolders() throws IOException {
        Path dir = repo.resolve(".workflow/local/judge/snapshots");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    // ---- snapshot and scope -------------------------------------------------------------------------

    @Test
    void snapshot_json_has_the_review_judges_shape_with_wbs_fields_beside_it() {
        change("true\n");

        JsonNode captured = one(wb("judge", "snapshot", "TASK-1", "--base", "main", "--json"));
        String id = captured.get("id").asText();

        assertEquals("SNAPSHOT:" + id, captured.get("candidate").asText());
        assertEquals("SNAPSHOT:" + id, captured.get("scope").get("candidate").asText());
        assertTrue(Files.isRegularFile(Path.of(captured.get("metadataPath").asText())), captured::toString);
        assertTrue(captured.get("metadataPath").asText().endsWith(id + "/snapshot.json"), captured::toString);
        assertTrue(Files.isDirectory(Path.of(captured.get("worktreePath").asText())), captured::toString);
        assertFalse(captured.has("parent"), "a full capture has no parent key, as in the judge's shape");
        assertTrue(captured.get("emptyBoundaryAuthorized").isBoolean());
        assertEquals(captured.get("snapshot"), captured.get("candidate"), "wb's own name for it stays");
    }

    @Test
    void the_scope_of_a_snapshot_binds_the_boundary_of_the_worktree_it_captured() {
        change("true\n");
        String status = repo.git("status", "--porcelain", "--untracked-files=all");

        JsonNode captured = one(wb("judge", "snapshot", "TASK-1", "--base", "main", "--json"));
        String id = captured.get("id").asText();
        CliRun.Result bySnapshot =
                wb("judge", "scope", "TASK-1", "--base", "main", "--candidate", "SNAPSHOT:" + id, "--json");
        CliRun.Result byWorktree = wb("judge", "scope", "TASK-1", "--base", "main", "--json");

        assertTrue(id.matches("[0-9a-f]{20}"), id);
        assertEquals("SNAPSHOT:" + id, captured.get("snapshot").asText());
        assertFalse(captured.get("emptyBoundaryAuthorized").asBoolean());
        assertTrue(Files.isDirectory(repo.resolve(captured.get("path").asText())), captured::toString);
        assertEquals(0, bySnapshot.code(), bySnapshot::toString);
        assertEquals(0, byWorktree.code(), byWorktree::toString);
        JsonNode snapshotScope = one(bySnapshot);
        JsonNode worktreeScope = one(byWorktree);
        assertEquals("SNAPSHOT:" + id, snapshotScope.get("candidate").asText());
        assertEquals("WORKTREE", worktreeScope.get("candidate").asText());
        assertEquals(worktreeScope.get("changedFiles"), snapshotScope.get("changedFiles"));
        assertEquals(worktreeScope.get("taskDigest"), snapshotScope.get("taskDigest"));
        assertEquals(
                captured.get("scope").get("scopeDigest").asText(),
                snapshotScope.get("scopeDigest").asText());
        assertEquals(base, snapshotScope.get("base").asText(), "the base is the full commit id");
        assertEquals("main", snapshotScope.get("baseRef").asText());
        assertTrue(texts(snapshotScope.get("changedFiles")).contains("src/App.java"), snapshotScope::toString);
        assertTrue(snapshotScope.get("taskDigest").asText().matches("sha256:[0-9a-f]{64}"), snapshotScope::toString);
        assertEquals(status, repo.git("status", "--porcelain", "--untracked-files=all"), "the live tree is only read");
        assertEquals(base, repo.git("rev-parse", "HEAD").strip());
    }

    @Test
    void snapshot_text_names_the_snapshot_and_the_next_step() {
        change("true\n");

        CliRun.Result result = wb("judge", "snapshot", "TASK-1", "--base", "main");

        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().startsWith("SNAPSHOT:"), result::toString);
        assertTrue(result.out().contains("  emptyBoundaryAuthorized: false\n"), result::toString);
        assertTrue(result.out().contains("next: wb judge run TASK-1 --candidate SNAPSHOT:"), result::toString);
    }

    static Stream<List<String>> commandsWithAKey() {
        return Stream.of(
                List.of("judge", "snapshot", "TASK", "--json"),
                List.of("judge", "scope", "TASK", "--base", "main", "--json"),
                List.of("judge", "run", "TASK", "--candidate", "SNAPSHOT:" + ZEROS, "--json"),
                List.of("task", "approve-commands", "TASK", "--json"));
    }

    @ParameterizedTest
    @MethodSource("commandsWithAKey")
    void a_malformed_key_exits_2(List<String> args) {
        refused(2, "malformed key: TASK\n  fix: ", wb(args.toArray(String[]::new)));
    }

    @Test
    void an_unknown_snapshot_exits_6_and_a_malformed_id_2() {
        change("true\n");

        refused(
                6,
                "unknown snapshot: SNAPSHOT:" + ZEROS,
                wb("judge", "scope", "TASK-1", "--base", "main", "--candidate", "SNAPSHOT:" + ZEROS, "--json"));
        refused(
                6,
                "unknown snapshot: SNAPSHOT:" + ZEROS,
                wb(
                        "judge",
                        "run",
                        "TASK-1",
                        "--candidate",
                        "SNAPSHOT:" + ZEROS,
                        "--approve-commands",
                        "true",
                        "--json"));
        refused(
                2,
                "not a snapshot id: SNAPSHOT:xyz",
                wb("judge", "run", "TASK-1", "--candidate", "SNAPSHOT:xyz", "--json"));
    }

    @Test
    void an_unknown_base_exits_2_and_publishes_nothing() throws IOException {
        change("true\n");

        refused(
                2,
                "unknown base: no-such-branch",
                wb("judge", "snapshot", "TASK-1", "--base", "no-such-branch", "--json"));
        refused(
                2,
                "unknown base: no-such-branch",
                wb("judge", "scope", "TASK-1", "--base", "no-such-branch", "--json"));
        assertEquals(List.of(), snapshotFolders());
    }

    @Test
    void a_change_in_another_tasks_capsule_exits_2_until_it_is_included() throws IOException {
        change("true\n");
        repo.write(".workflow/TASK-2/notes.md", "other task\n");

        CliRun.Result snapshot = wb("judge", "snapshot", "TASK-1", "--base", "main", "--json");
        CliRun.Result scope = wb("judge", "scope", "TASK-1", "--base", "main", "--json");

        for (CliRun.Result result : List.of(snapshot, scope)) {
            refused(
                    2,
                    "Judge scope for TASK-1 contains foreign task capsule changes from TASK-2: TASK-2"
                            + " (.workflow/TASK-2/notes.md)",
                    result);
            assertTrue(
                    result.err().contains("\n  fix: include it deliberately: --include-task TASK-2\n"),
                    result::toString);
        }
        assertEquals(List.of(), snapshotFolders());

        CliRun.Result included =
                wb("judge", "snapshot", "TASK-1", "--base", "main", "--include-task", "TASK-2", "--json");
        CliRun.Result includedScope =
                wb("judge", "scope", "TASK-1", "--base", "main", "--include-task", "task-2", "--json");
        assertEquals(0, included.code(), included::toString);
        assertEquals(0, includedScope.code(), includedScope::toString);
        JsonNode capturedScope = one(included).get("scope");
        assertEquals(List.of("TASK-2"), texts(capturedScope.get("includedTaskIds")));
        assertEquals(capturedScope.get("includedTaskIds"), one(includedScope).get("includedTaskIds"));
    }

    @Test
    void a_missing_capsule_document_exits_6_and_names_it() throws IOException {
        change("true\n");
        Files.delete(repo.resolve(".workflow/TASK-1/plan.md"));

        CliRun.Result snapshot = wb("judge", "snapshot", "TASK-1", "--base", "main", "--json");
        CliRun.Result scope = wb("judge", "scope", "TASK-1", "--base", "main", "--json");

        for (CliRun.Result result : List.of(snapshot, scope)) {
            refused(6, "Task capsule file is missing: ", result);
            assertTrue(
                    result.err().lines().findFirst().orElseThrow().contains(".workflow/TASK-1/plan.md"),
                    result::toString);
        }
        assertEquals(List.of(), snapshotFolders());
    }

    @Test
    void an_empty_boundary_exits_2_and_allow_empty_records_its_authorization() throws IOException {
        capsule("TASK-1", "true\n");
        repo.commitAll("the capsule, committed");

        CliRun.Result empty = wb("judge", "snapshot", "TASK-1", "--json");
        refused(2, "the review boundary is empty", empty);
        assertTrue(empty.err().contains("--allow-empty"), empty::toString);
        assertEquals(List.of(), snapshotFolders(), "neither a final nor a .capture-* folder");

        CliRun.Result allowed = wb("judge", "snapshot", "TASK-1", "--allow-empty", "--json");
        assertEquals(0, allowed.code(), allowed::toString);
        JsonNode doc = one(allowed);
        assertTrue(doc.get("emptyBoundaryAuthorized").asBoolean(), doc::toString);
        assertTrue(doc.get("scope").get("emptyBoundaryAuthorized").asBoolean(), doc::toString);
        assertEquals(0, doc.get("scope").get("changedFiles").size(), doc::toString);
        String id = doc.get("id").asText();
        assertEquals(List.of(id), snapshotFolders());

        JsonNode scope =
                one(wb("judge", "scope", "TASK-1", "--base", "HEAD", "--candidate", "SNAPSHOT:" + id, "--json"));
        JsonNode live = one(wb("judge", "scope", "TASK-1", "--base", "HEAD", "--json"));
        assertTrue(scope.get("emptyBoundaryAuthorized").asBoolean(), scope::toString);
        assertFalse(live.get("emptyBoundaryAuthorized").asBoolean(), live::toString);
        assertNotEquals(live.get("scopeDigest"), scope.get("scopeDigest"), "the authorization is bound");

        CliRun.Result text = wb("judge", "snapshot", "TASK-1", "--allow-empty");
        assertEquals(0, text.code(), text::toString);
        assertTrue(text.out().contains("  emptyBoundaryAuthorized: true\n"), text::toString);
    }

    @Test
    void an_unusable_policy_exits_3_on_every_command_that_reads_it() {
        change(RAN + "\n");
        String id = snapshot();
        repo.write(".workflow/policy.json", "{not json");

        String unusable = ".workflow/policy.json is unusable: it is not valid JSON";
        refused(3, unusable, wb("judge", "snapshot", "TASK-1", "--base", "main", "--json"));
        refused(3, unusable, wb("judge", "scope", "TASK-1", "--base", "main", "--json"));
        refused(3, unusable, wb("task", "approve-commands", "TASK-1", "--json"));
        refused(
                3,
                unusable,
                wb("judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + id, "--approve-commands", RAN, "--json"));
        assertFalse(Files.exists(repo.resolve("build/ran")), "nothing ran");
    }

    // ---- run ----------------------------------------------------------------------------------------

    @Test
    void a_run_without_approval_exits_3_approval_missing_and_runs_nothing() {
        change(RAN + "\n");
        String id = snapshot();

        CliRun.Result json = wb("judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + id, "--json");
        CliRun.Result text = wb("judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + id);

        assertEquals(3, json.code(), json::toString);
        JsonNode doc = one(json);
        assertEquals("approval-missing", doc.get("outcome").asText());
        assertFalse(doc.get("passed").asBoolean());
        assertTrue(doc.get("receipt").isNull(), doc::toString);
        assertTrue(doc.get("receiptDigest").isNull(), doc::toString);
        assertEquals(0, doc.get("results").size(), doc::toString);
        assertTrue(doc.get("message").asText().contains("--approve-commands \"" + RAN + "\""), doc::toString);
        assertEquals("", json.err(), json::toString);
        assertEquals(3, text.code(), text::toString);
        assertTrue(text.err().startsWith("error: the validation commands of TASK-1 are not approved"), text::toString);
        assertTrue(
                text.err().contains("  fix: approve the list once for this task: wb task approve-commands TASK-1"),
                text::toString);
        assertFalse(Files.exists(repo.resolve("build/ran")), "nothing ran");
    }

    @Test
    void a_passing_run_exits_0_with_a_receipt_whose_sha256_is_the_printed_digest() throws Exception {
        change(RAN + "\n");
        String id = snapshot();

        CliRun.Result result =
                wb("judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + id, "--approve-commands", RAN, "--json");

        assertEquals(0, result.code(), result::toString);
        assertEquals("", result.err(), result::toString);
        JsonNode doc = one(result);
        assertEquals("passed", doc.get("outcome").asText());
        assertTrue(doc.get("passed").asBoolean());
        assertEquals("in-place", doc.get("mode").asText());
        assertEquals("SNAPSHOT:" + id, doc.get("snapshot").asText());
        assertEquals(0, doc.get("changedPaths").size(), doc::toString);
        assertEquals("passed", doc.get("results").get(0).get("status").asText());
        assertEquals(RAN, doc.get("results").get(0).get("command").asText());
        assertTrue(Files.isDirectory(repo.resolve("build/ran")), "the command ran, in the live tree");
        Path receipt = repo.root().resolve(doc.get("receipt").asText());
        assertTrue(
                receipt.startsWith(repo.resolve(".workflow/local/judge/snapshots/" + id + "/receipts")),
                receipt::toString);
        assertEquals(sha256(receipt), doc.get("receiptDigest").asText());
        assertEquals(
                doc.get("receiptDigest").asText().substring("sha256:".length()) + ".json",
                receipt.getFileName().toString());
        JsonNode body = JSON.readTree(receipt.toFile());
        assertEquals(id, body.get("snapshot").asText());
        assertEquals("passed", body.get("outcome").asText());
        assertFalse(Files.exists(RunLock.lockFile(Workspace.require(repo.root()))), "the lock is released");

        CliRun.Result text = wb("judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + id, "--approve-commands", RAN);
        assertEquals(0, text.code(), text::toString);
        assertTrue(text.out().contains("receipt digest sha256:"), text::toString);
        assertTrue(text.out().contains("PASSED: SNAPSHOT:" + id + " (in-place)"), text::toString);
    }

    @Test
    void a_required_failure_exits_1_and_still_writes_a_receipt() throws Exception {
        change("false\ntrue\n");
        String id = snapshot();
        assertEquals(0, wb("task", "approve-commands", "TASK-1").code());

        CliRun.Result result = wb("judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + id, "--json");

        assertEquals(1, result.code(), result::toString);
        JsonNode doc = one(result);
        assertEquals("failed", doc.get("outcome").asText());
        assertEquals("failed", doc.get("results").get(0).get("status").asText());
        assertEquals(1, doc.get("results").get(0).get("exitCode").asInt());
        assertTrue(doc.get("results").get(0).get("evidence").asText().startsWith("exit code 1"), doc::toString);
        assertEquals("passed", doc.get("results").get(1).get("status").asText());
        Path receipt = repo.root().resolve(doc.get("receipt").asText());
        assertEquals(sha256(receipt), doc.get("receiptDigest").asText());
        assertFalse(JSON.readTree(receipt.toFile()).get("passed").asBoolean());
    }

    @Test
    void a_tree_that_no_longer_matches_the_snapshot_exits_6_and_runs_nothing() {
        change(RAN + "\n");
        String id = snapshot();
        repo.write("src/App.java", "class App { int y; }\n");

        CliRun.Result result =
                wb("judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + id, "--approve-commands", RAN, "--json");

        assertEquals(6, result.code(), result::toString);
        JsonNode doc = one(result);
        assertEquals("tree-mismatch", doc.get("outcome").asText());
        assertEquals(List.of("src/App.java"), texts(doc.get("changedPaths")));
        assertTrue(doc.get("receipt").isNull(), doc::toString);
        assertFalse(Files.exists(repo.resolve("build/ran")), "nothing ran");
    }

    // Held is held for the block's length: taken, never read.
    @SuppressWarnings("try")
    @Test
    void a_run_while_another_holds_the_lock_exits_4_lock_busy() {
        change(RAN + "\n");
        String id = snapshot();

        try (RunLock held =
                RunLock.acquire(Workspace.require(repo.root()), new TaskKey("TASK-1"), id, false, Clock.systemUTC())) {
            CliRun.Result result = wb(
                    "judge",
                    "run",
                    "TASK-1",
                    "--candidate",
                    "SNAPSHOT:" + id,
                    "--approve-commands",
                    RAN,
                    "--break-lock",
                    "--json");

            assertEquals(4, result.code(), result::toString);
            JsonNode doc = one(result);
            assertEquals("lock-busy", doc.get("outcome").asText());
            assertTrue(
                    doc.get("message")
                            .asText()
                            .contains("process " + ProcessHandle.current().pid() + " on this host"),
                    doc::toString);
        }
        assertFalse(Files.exists(repo.resolve("build/ran")), "nothing ran");
    }

    @Test
    void a_run_needs_a_snapshot_of_its_own_task() {
        change(RAN + "\n");
        String id = snapshot();

        refused(
                2,
                "wb judge run needs a snapshot candidate, not WORKTREE",
                wb("judge", "run", "TASK-1", "--candidate", "WORKTREE", "--json"));
        CliRun.Result other =
                wb("judge", "run", "TASK-2", "--candidate", "SNAPSHOT:" + id, "--approve-commands", RAN, "--json");
        refused(2, "SNAPSHOT:" + id + " is a snapshot of TASK-1, not TASK-2", other);
        assertTrue(
                other.err().contains("fix: run it as: wb judge run TASK-1 --candidate SNAPSHOT:" + id),
                other::toString);
        assertFalse(Files.exists(repo.resolve("build/ran")), "nothing ran");
    }

    @Test
    void every_occurrence_of_a_repeated_option_counts() {
        change("false\ntrue\n");
        repo.write(".workflow/TASK-2/notes.md", "two\n");
        repo.write(".workflow/TASK-3/notes.md", "three\n");

        CliRun.Result scope = wb(
                "judge",
                "scope",
                "TASK-1",
                "--base",
                "main",
                "--include-task",
                "TASK-2",
                "--include-task",
                "TASK-3",
                "--json");
        assertEquals(0, scope.code(), scope::toString);
        assertEquals(List.of("TASK-2", "TASK-3"), texts(one(scope).get("includedTaskIds")));

        CliRun.Result snapshot = wb(
                "judge",
                "snapshot",
                "TASK-1",
                "--base",
                "main",
                "--include-task",
                "TASK-2",
                "--include-task",
                "TASK-3",
                "--json");
        assertEquals(0, snapshot.code(), snapshot::toString);
        CliRun.Result run = wb(
                "judge",
                "run",
                "TASK-1",
                "--candidate",
                one(snapshot).get("snapshot").asText(),
                "--approve-commands",
                "false",
                "--approve-commands",
                "true",
                "--json");
        assertEquals(1, run.code(), run::toString);
        assertEquals("failed", one(run).get("outcome").asText());
    }

    // ---- timings ------------------------------------------------------------------------------------

    static void oneTimingsLine(String operation, String status, CliRun.Result result) throws IOException {
        List<String> lines = result.err()
                .lines()
                .filter(l -> l.startsWith("{\"type\":\"judge-timings\""))
                .toList();
        assertEquals(1, lines.size(), result::toString);
        JsonNode timings = JSON.readTree(lines.get(0));
        assertEquals(operation, timings.get("operation").asText());
        assertEquals(status, timings.get("status").asText());
        assertTrue(timings.get("phases").isArray(), timings::toString);
    }

    @Test
    void timings_put_one_json_line_on_stderr_and_leave_stdout_one_document() throws IOException {
        change(RAN + "\n");

        CliRun.Result snapshot = wb("judge", "snapshot", "TASK-1", "--base", "main", "--json", "--timings");
        assertEquals(0, snapshot.code(), snapshot::toString);
        String id = one(snapshot).get("id").asText();
        oneTimingsLine("snapshot", "ok", snapshot);
        assertEquals(1, snapshot.err().lines().count(), snapshot::toString);

        CliRun.Result run = wb(
                "judge",
                "run",
                "TASK-1",
                "--candidate",
                "SNAPSHOT:" + id,
                "--approve-commands",
                RAN,
                "--json",
                "--timings");
        assertEquals(0, run.code(), run::toString);
        assertEquals("passed", one(run).get("outcome").asText());
        oneTimingsLine("run", "passed", run);
        assertEquals(1, run.err().lines().count(), run::toString);

        CliRun.Result refused = wb("judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + id, "--json", "--timings");
        assertEquals(3, refused.code(), refused::toString);
        assertEquals("approval-missing", one(refused).get("outcome").asText());
        oneTimingsLine("run", "approval-missing", refused);

        CliRun.Result failed = wb("judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + ZEROS, "--json", "--timings");
        assertEquals(6, failed.code(), failed::toString);
        assertEquals(6, one(failed).get("exitCode").asInt(), failed::toString);
        oneTimingsLine("run", "failed", failed);
    }

    // ---- approval and events ------------------------------------------------------------------------

    @Test
    void approved_commands_run_without_flags_until_the_list_changes_and_replay_lists_the_events() throws IOException {
        change(RAN + "\n");
        String id = snapshot();

        CliRun.Result approve = wb("task", "approve-commands", "TASK-1", "--json");
        assertEquals(0, approve.code(), approve::toString);
        JsonNode approval = one(approve);
        assertEquals(List.of(RAN), texts(approval.get("commands")));
        assertTrue(approval.get("listDigest").asText().startsWith("sha256:"), approval::toString);
        assertTrue(Files.isRegularFile(repo.resolve(approval.get("file").asText())), approval::toString);

        CliRun.Result run = wb("judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + id, "--json");
        assertEquals(0, run.code(), run::toString);
        JsonNode ran = one(run);
        assertEquals("passed", ran.get("outcome").asText());

        CliRun.Result replay = wb("replay", "TASK-1", "--json");
        assertEquals(0, replay.code(), replay::toString);
        List<JsonNode> events = replay.jsonLines();
        assertEquals(
                List.of(
                        "judge.snapshot.captured",
                        "task.commands.approved",
                        "judge.run.started",
                        "judge.run.finished",
                        "judge.receipt.written"),
                events.stream().map(e -> e.get("type").asText()).toList(),
                replay::toString);
        assertEquals(id, events.get(0).get("payload").get("snapshot").asText());
        assertEquals(approval.get("listDigest"), events.get(2).get("payload").get("listDigest"));
        assertEquals(ran.get("receiptDigest"), events.get(4).get("payload").get("receiptDigest"));

        capsule("TASK-1", RAN + "\ntrue\n");
        String changed = snapshot();
        CliRun.Result stale = wb("judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + changed, "--json");
        assertEquals(3, stale.code(), stale::toString);
        assertEquals("approval-missing", one(stale).get("outcome").asText());
    }
}
