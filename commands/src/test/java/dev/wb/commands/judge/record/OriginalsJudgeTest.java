package dev.wb.commands.judge.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.capsule.CapsuleFolder;
import dev.wb.commands.judge.core.JsStringify;
import dev.wb.commands.judge.core.ReviewedAt;
import dev.wb.commands.judge.core.ScopeShape;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.reproduce.JudgeReproduce;
import dev.wb.commands.judge.snapshot.Candidate;
import dev.wb.commands.judge.snapshot.JudgeFixture;
import dev.wb.commands.judge.snapshot.JudgeScope;
import dev.wb.commands.judge.snapshot.ScopeBlock;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.SnapshotCapture;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.engine.TaskKey;
import dev.wb.engine.WbVersion;
import dev.wb.testkit.TempGitRepo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The review judge's own files, read unchanged (docs/JUDGE.md, issue 14): a version 6 record
 * written to the judge's schema — taskId {@code TASK-001}, the capsule in the judge's layout
 * {@code .workflow/tasks/TASK-001-<slug>/}, the scope block computed here by the judge's definitions,
 * independently of wb's code — verifies as approved, for a WORKTREE and for a SNAPSHOT candidate.
 */
class OriginalsJudgeTest {

    static final TaskKey TASK = new TaskKey("TASK-001");
    static final String CAPSULE = ".workflow/tasks/TASK-001-fix-rounding/";

    /** task.md as the judge's generator lays it out, its Validation fence filled in. */
    static final String TASK_MD = """
                                  # TASK-001

                                  ## Goal

                                  Round totals half away from zero.

                                  ## Recommended Workflow

                                  implement

                                  ## Workflow Notes

                                  None.

                                  ## Validation

                                  Commands the judge's evidence must include.

                                  ```
                                  true
                                  ```

                                  ## Out Of Scope

                                  Currencies.

                                  ## Clarifications

                                  Answers recorded during approval.

                                  - None recorded yet.

                                  ## Open Questions

                                  - None.
                                  """;

    @TempDir
    Path tmp;

    TempGitRepo repo;
    String base;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "live");
        repo.write("src/Totals.java", "class Totals {}\n");
        repo.write(".gitignore", "build/\n");
        repo.write(".workflow/.gitignore", "local/\n");
        repo.write(CAPSULE + "task.md", TASK_MD);
        repo.write(CAPSULE + "context.md", "# Context\n\nTotals are summed in src/Totals.java.\n");
        repo.write(CAPSULE + "plan.md", "# Plan\n\n1. Round in Totals.\n");
        repo.write(CAPSULE + "acceptance-criteria.md", "- AC-1: Totals round half away from zero.\n");
        repo.write(CAPSULE + "review-checklist.md", "# Review checklist\n\n- Rounding is tested.\n");
        base = repo.commitAll("base, with the task's capsule");
        repo.write("src/Totals.java", "class Totals { long round(double d) { return Math.round(d); } }\n");
        repo.write("src/Rounding.txt", "half away from zero\n");
    }

    // ---- the Done-when records ----------------------------------------------------------------

    @Test
    void a_v6_record_written_to_the_reference_schema_verifies_as_approved_for_a_worktree_candidate()
            throws IOException {
        String head = repo.git("rev-parse", "HEAD").strip();
        String scope = referenceScope(
                repo.root(),
                "WORKTREE",
                head,
                Optional.empty(),
                List.of("src/Rounding.txt"),
                List.of("src/Rounding.txt", "src/Totals.java"));
        Path record = save(record(scope, "2026-11-30T10:00:00+01:00"));

        RecordVerification.Outcome outcome =
                RecordVerification.verify(workspace(), record, new RecordVerification.Plain(), JudgeFixture.ENV);

        assertEquals(List.of(), outcome.reasons());
        assertTrue(outcome.approved());
    }

    @Test
    void a_v6_record_written_to_the_reference_schema_verifies_as_approved_for_a_wb_captured_snapshot()
            throws IOException {
        Snapshot snapshot = SnapshotCapture.capture(
                        workspace(),
                        new SnapshotCapture.Request(TASK, "main", List.of(), false),
                        JudgeFixture.ENV,
                        Clock.systemUTC(),
                        Timings.OFF)
                .snapshot();
        // The snapshot's boundary is its own repository's: the base and the captured tree's commit there.
        String scope = referenceScope(
                snapshot.worktree(),
                snapshot.label(),
                snapshot.candidateCommit(),
                Optional.of(snapshot.candidateCommit()),
                List.of(),
                List.of("src/Rounding.txt", "src/Totals.java"));
        Path record = save(record(scope, "2026-11-30T09:00:00Z"));

        RecordVerification.Outcome outcome =
                RecordVerification.verify(workspace(), record, new RecordVerification.Plain(), JudgeFixture.ENV);

        assertEquals(List.of(), outcome.reasons());
        assertTrue(outcome.approved());
    }

    @Test
    void wb_judge_scope_prints_the_block_the_reference_defines_key_for_key() {
        String head = repo.git("rev-parse", "HEAD").strip();
        String expected = referenceScope(
                repo.root(),
                "WORKTREE",
                head,
                Optional.empty(),
                List.of("src/Rounding.txt"),
                List.of("src/Rounding.txt", "src/Totals.java"));

        ScopeBlock scope = JudgeScope.compute(
                workspace(), new JudgeScope.Request(TASK, base, new Candidate.Worktree(), List.of()), JudgeFixture.ENV);

        assertEquals(expected, new String(JsStringify.bytes(scope.toJson()), StandardCharsets.UTF_8));
        assertEquals(
                ScopeBlock.KEYS.stream().filter(k -> !k.equals("baseRef")).toList(),
                iterable(scope.toJson().fieldNames()));
    }

    // ---- the record's own rules ----------------------------------------------------------------

    @Test
    void reviewed_at_is_read_as_date_parse_reads_the_ecmascript_forms() {
        for (String valid : List.of(
                "2026-11-30T10:00:00Z",
                "2026-11-30T10:00:00+01:00",
                "2026-11-30T10:00:00.123-05:30",
                "2026-11-30T10:00",
                "2026-11-30",
                "2026-11",
                "2026",
                "+002026-11-30T10:00:00Z")) {
            assertTrue(ReviewedAt.valid(valid), valid);
        }
        for (String invalid : List.of(
                "yesterday",
                "2026-13-01",
                "2026-02-30",
                "2026-11-30 10:00:00Z",
                "Mon, 30 Nov 2026 10:00:00 GMT",
                "2026/11/30",
                "2026-11-30T25:00Z",
                "-000000-01-01")) {
            assertFalse(ReviewedAt.valid(invalid), invalid);
        }
        assertEquals(ReviewedAt.instant("2026-11-30T10:00:00+01:00"), ReviewedAt.instant("2026-11-30T09:00:00Z"));
        assertEquals(Optional.empty(), ReviewedAt.instant("2026-11-30"), "rounds need a time with an offset");
    }

    @Test
    void task_ids_in_the_judges_form_and_wb_keys_are_both_accepted_and_nothing_else() {
        for (String id : List.of("TASK-001", "TASK-7", "ABC-12")) {
            assertTrue(ScopeShape.TASK_ID.matcher(id).matches(), id);
        }
        for (String id : List.of("TASK", "TASK-", "001", "TASK-1a", "../TASK-1")) {
            assertFalse(ScopeShape.TASK_ID.matcher(id).matches(), id);
        }
    }

    @Test
    void json_stringify_escaping_is_the_javascript_one() {
        StringBuilder out = new StringBuilder();
        JsStringify.string("a\"b\\c/d\u00e9\n\t\u0001\u2028\ud800", out);

        assertEquals("\"a\\\"b\\\\c/d\u00e9\\n\\t\\u0001\u2028\\ud800\"", out.toString());
    }

    @Test
    void the_task_digest_is_name_nul_bytes_nul_over_the_five_documents_in_order() throws IOException {
        ScopeBlock scope = JudgeScope.compute(
                workspace(), new JudgeScope.Request(TASK, base, new Candidate.Worktree(), List.of()), JudgeFixture.ENV);

        assertEquals(taskDigest(repo.root()), scope.taskDigest());
    }

    // ---- the capsule layouts -----------------------------------------------------------------------

    @Test
    void a_task_resolves_its_capsule_in_the_judges_layout_under_workflow_tasks() {
        assertEquals(".workflow/tasks/TASK-001-fix-rounding", CapsuleFolder.resolve(repo.root(), TASK));
        assertEquals(".workflow/TASK-002", CapsuleFolder.resolve(repo.root(), new TaskKey("TASK-002")));
    }

    @Test
    void two_judge_layout_folders_for_one_task_are_refused_in_the_judges_words() {
        repo.write(".workflow/tasks/TASK-001-other/task.md", "# TASK-001\n");

        Failure failure = assertThrows(Failure.class, () -> CapsuleFolder.resolve(repo.root(), TASK));

        assertTrue(
                failure.getMessage().startsWith("Expected exactly one task capsule for TASK-001; found 2."),
                failure.getMessage());
        assertEquals(Failure.Kind.USAGE, failure.kind());
    }

    @Test
    void a_capsule_in_both_layouts_is_refused_as_ambiguous() {
        repo.write(".workflow/TASK-001/task.md", "# TASK-001\n");

        Failure failure = assertThrows(Failure.class, () -> CapsuleFolder.resolve(repo.root(), TASK));

        assertTrue(failure.getMessage().contains("ambiguous"), failure.getMessage());
    }

    @Test
    void a_plan_alone_in_wbs_folder_does_not_make_the_capsule_ambiguous() {
        repo.write(".workflow/TASK-001/sdd.json", "{}\n");

        assertEquals(".workflow/tasks/TASK-001-fix-rounding", CapsuleFolder.resolve(repo.root(), TASK));
    }

    @Test
    void a_change_in_another_tasks_judge_layout_capsule_is_foreign() {
        repo.write(".workflow/tasks/TASK-002-other/plan.md", "# Plan\n");

        Failure failure = assertThrows(
                Failure.class,
                () -> JudgeScope.compute(
                        workspace(),
                        new JudgeScope.Request(TASK, base, new Candidate.Worktree(), List.of()),
                        JudgeFixture.ENV));

        assertTrue(
                failure.getMessage()
                        .startsWith(
                                "Judge scope for TASK-001 contains foreign task capsule changes" + " from TASK-002"),
                failure.getMessage());
        assertTrue(failure.fixes().contains("include it deliberately: --include-task TASK-002"));
        ScopeBlock included = JudgeScope.compute(
                workspace(),
                new JudgeScope.Request(TASK, base, new Candidate.Worktree(), List.of(new TaskKey("TASK-002"))),
                JudgeFixture.ENV);
        assertEquals(List.of("TASK-002"), included.includedTaskIds());
    }

    // ---- the version gate ------------------------------------------------------------------------------

    @Test
    void another_build_of_the_same_version_passes_the_gate_with_a_notice() {
        List<String> reasons = new ArrayList<>();
        List<String> notices = new ArrayList<>();

        VersionGate.check(VersionGate.release(WbVersion.current()) + "+0000000", reasons, notices);

        assertEquals(List.of(), reasons);
        assertEquals(1, notices.size());
    }

    @Test
    void another_version_is_refused_in_the_judges_words() {
        List<String> reasons = new ArrayList<>();

        VersionGate.check("0.0.1", reasons, new ArrayList<>());

        assertEquals(
                List.of("Review was produced by wb v0.0.1; this CLI is v" + WbVersion.current()
                        + ". Approval rules differ between versions, so re-run the review."),
                reasons);
    }

    @Test
    void a_snapshot_captured_by_the_original_judge_is_refused_with_the_command_that_recaptures_it() throws IOException {
        Path dir = workspace().localDir().resolve("judge/snapshots/0123456789abcdef0123");
        Files.createDirectories(dir.resolve("worktree"));
        Files.writeString(dir.resolve("snapshot.json"), """
                {
                  "version": 7,
                  "id": "0123456789abcdef0123",
                  "taskId": "TASK-001"
                }
                """);

        Failure failure = assertThrows(
                Failure.class, () -> Snapshots.load(workspace(), "0123456789abcdef0123", JudgeFixture.ENV));

        assertTrue(failure.getMessage().contains("captured by the original review judge"), failure.getMessage());
        assertEquals(List.of("re-capture it with: wb judge snapshot TASK-001 --base REF"), failure.fixes());
    }

    @Test
    void reproduce_gives_the_generator_root_under_wbs_name_and_the_originals() {
        assertEquals(
                List.of("WB_GENERATOR_ROOT", "WEP_GENERATOR_ROOT", "AKRCTX_GENERATOR_ROOT"),
                JudgeReproduce.GENERATOR_ROOT_NAMES);
    }

    // ---- the reference's definitions, written out here independently of wb's code -------------------

    /**
     * {@code JSON.stringify} of the scope block the reference defines, keys in its order:
     * {@code changeDigest} over "git-diff\0", git's binary diff, the untracked parts and "excluded\0…";
     * {@code taskDigest} over name, NUL, bytes, NUL; {@code scopeDigest} over the JSON without itself.
     */
    private String referenceScope(
            Path dir,
            String candidate,
            String candidateCommit,
            Optional<String> diffAgainst,
            List<String> untracked,
            List<String> changedFiles) {
        List<String> diff = new ArrayList<>(List.of("diff", "--binary", "--no-ext-diff", base));
        diffAgainst.ifPresent(diff::add);
        diff.add("--");
        ByteArrayOutputStream change = new ByteArrayOutputStream();
        change.writeBytes(bytes("git-diff\0"));
        change.writeBytes(git(dir, diff.toArray(String[]::new)));
        for (String path : untracked) {
            change.writeBytes(bytes("untracked\0" + path + "\0"));
            change.writeBytes(read(dir.resolve(path)));
            change.writeBytes(bytes("\0"));
        }
        change.writeBytes(bytes("excluded\0" + "" + "\0"));
        String core = "{\"schemaVersion\":6,\"cliVersion\":\"" + WbVersion.current() + "\",\"taskId\":\"TASK-001\","
                + "\"base\":\"" + base + "\",\"candidate\":\"" + candidate + "\",\"baseCommit\":\"" + base + "\","
                + "\"candidateCommit\":\"" + candidateCommit + "\",\"changedFiles\":[" + quoted(changedFiles) + "],"
                + "\"emptyBoundaryAuthorized\":false,\"excludedPaths\":[],\"includedTaskIds\":[],"
                + "\"taskDigest\":\"" + taskDigest(dir) + "\",\"changeDigest\":\"" + digest(change.toByteArray())
                + "\"";
        return core + ",\"scopeDigest\":\"" + digest(bytes(core + "}")) + "\"}";
    }

    private String taskDigest(Path dir) {
        ByteArrayOutputStream parts = new ByteArrayOutputStream();
        for (String name :
                List.of("task.md", "context.md", "plan.md", "acceptance-criteria.md", "review-checklist.md")) {
            parts.writeBytes(bytes(name + "\0"));
            parts.writeBytes(read(dir.resolve(CAPSULE + name)));
            parts.writeBytes(bytes("\0"));
        }
        return digest(parts.toByteArray());
    }

    /** A record as the judge writes one: its own key order, two-space JSON, the scope copied whole. */
    private static String record(String scope, String reviewedAt) {
        return "{\n  \"schemaVersion\": 6,\n  \"taskId\": \"TASK-001\",\n  \"scope\": " + scope + ",\n"
                + "  \"verdict\": \"APPROVED\",\n"
                + "  \"tests\": [{\"command\": \"true\", \"status\": \"passed\", \"evidence\": \"exit 0\"}],\n"
                + "  \"criteria\": [{\"id\": \"AC-1\", \"status\": \"pass\", \"evidence\": \"Totals.round uses"
                + " Math.round.\"}],\n  \"observations\": [\"Rounding.txt could live in docs/.\"],\n"
                + "  \"reviewedAt\": \"" + reviewedAt + "\",\n  \"independent\": true\n}\n";
    }

    private Path save(String record) throws IOException {
        Path file = repo.resolve(".workflow/local/judge/TASK-001/review.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, record);
        return file;
    }

    private Workspace workspace() {
        return Workspace.require(repo.root());
    }

    private static byte[] git(Path dir, String... args) {
        List<String> argv = new ArrayList<>(List.of("git"));
        argv.addAll(Arrays.asList(args));
        ProcessBuilder builder = new ProcessBuilder(argv).directory(dir.toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("GIT_"));
        builder.environment().putAll(TempGitRepo.gitEnvironment());
        try {
            Process process =
                    builder.redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = process.getInputStream().readAllBytes();
            assertEquals(0, process.waitFor());
            return out;
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static String quoted(List<String> paths) {
        return String.join(",", paths.stream().map(p -> "\"" + p + "\"").toList());
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String digest(byte[] bytes) {
        try {
            return "sha256:"
                    + HexFormat.of()
                            .formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    private static List<String> iterable(Iterator<String> names) {
        List<String> out = new ArrayList<>();
        names.forEachRemaining(out::add);
        return out;
    }
}
