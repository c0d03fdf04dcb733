package dev.wb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.SamplePlan;
import dev.wb.testkit.TempGitRepo;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every file a user or an agent can write is read by one reader — a regular file, inside the repository
 * when wb finds it there, within its kind's size limit, strict UTF-8 — and anything else is an {@code
 * error:} and a {@code fix:} with the kind's exit code, never a hang, a copy of a file outside the
 * repository, or a stack trace (hardened in issue 13, items 6, 12, 14 and 18).
 */
class UnsafeInputFilesAreRefusedTest {

    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at [\\w.$]+\\(");
    private static final Duration PROMPTLY = Duration.ofSeconds(30);

    static final String PLAN = SamplePlan.of("ABC-12").verify("pytest -q").json();

    @TempDir
    Path tmp;

    TempGitRepo repo;
    Path outside;
    final List<CliRun.Result> seen = new ArrayList<>();
    final List<Path> fifos = new ArrayList<>();

    @BeforeEach
    void repository() throws IOException {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", SamplePlan.APP_PY);
        repo.commitAll("app");
        outside = Files.createDirectories(tmp.resolve("outside"));
    }

    @AfterEach
    void every_refusal_is_an_error_and_a_fix_without_a_stack_trace() {
        for (CliRun.Result result : seen) {
            assertFalse(STACK_FRAME.matcher(result.err()).find(), result::toString);
            assertFalse(result.err().contains("Exception"), result::toString);
            if (result.code() > 1) {
                assertTrue(result.err().startsWith("error: ") && result.err().contains("\n  fix: "), result::toString);
            }
        }
    }

    /** A reader a hang left blocked on a FIFO (before the fix) is released: a writer opens and closes it. */
    @AfterEach
    void release_fifos() {
        for (Path fifo : fifos) {
            Thread writer = new Thread(() -> {
                try (FileOutputStream out = new FileOutputStream(fifo.toFile())) {
                    out.flush();
                } catch (IOException ignored) {
                    // Nothing was waiting.
                }
            });
            writer.setDaemon(true);
            writer.start();
        }
    }

    CliRun.Result wb(String... args) {
        CliRun.Result result = assertTimeoutPreemptively(PROMPTLY, () -> CliRun.wb(repo.root(), Map.of(), args));
        seen.add(result);
        return result;
    }

    Path link(String relative, Path target) throws IOException {
        Path link = repo.resolve(relative);
        Files.createDirectories(link.getParent());
        return Files.createSymbolicLink(link, target);
    }

    Path fifo(String relative) throws IOException {
        Path fifo = repo.resolve(relative);
        Files.createDirectories(fifo.getParent());
        TempGitRepo.ProcessResult made =
                TempGitRepo.Processes.run(repo.root(), List.of("mkfifo", fifo.toString()), Map.of(), 10);
        assertEquals(0, made.exitCode(), made.stderr());
        fifos.add(fifo);
        return fifo;
    }

    boolean stored() throws IOException {
        Path objects = repo.resolve(".workflow/local/objects");
        if (!Files.exists(objects)) {
            return false;
        }
        try (var files = Files.walk(objects)) {
            return files.anyMatch(Files::isRegularFile);
        }
    }

    @Test
    void item06_a_plan_linked_out_of_the_repository_is_refused_unread_and_nothing_is_stored() throws IOException {
        // The defect: .workflow/KEY/sdd.json → /etc/passwd is read and copied into the content store.
        Files.writeString(outside.resolve("secret.json"), "{\"password\": \"hunter2-outside\"}");
        link(".workflow/ABC-12/sdd.json", outside.resolve("secret.json"));

        CliRun.Result result = wb("sdd", "audit", "ABC-12");

        assertEquals(7, result.code(), result::toString);
        assertTrue(
                result.err().startsWith("error: .workflow/ABC-12/sdd.json resolves outside the repository"),
                result::toString);
        assertFalse(result.err().contains("hunter2"), result::toString);
        assertFalse(stored(), "nothing of the file outside is stored");
        assertEquals(6, wb("replay", "ABC-12").code(), "no audit is recorded");
    }

    @Test
    void item06_a_review_record_reached_through_a_link_out_of_the_repository_is_refused() throws IOException {
        // The defect: a review record symlinked out of the repository is read.
        Files.writeString(outside.resolve("review.json"), "{\"schemaVersion\": 6, \"taskId\": \"ABC-12\"}");
        link(".workflow/local/judge/ABC-12", outside);

        CliRun.Result result = wb("judge", "verify", ".workflow/local/judge/ABC-12/review.json");

        assertEquals(6, result.code(), result::toString);
        assertTrue(result.err().contains("resolves outside the repository"), result::toString);
    }

    @Test
    void item06_a_config_json_linked_out_of_the_repository_is_refused_with_exit_3() throws IOException {
        // The defect: config.json is read wherever a link leads.
        Files.writeString(outside.resolve("config.json"), "{}");
        link(".workflow/config.json", outside.resolve("config.json"));

        CliRun.Result result = wb("config", "show");

        assertEquals(3, result.code(), result::toString);
        assertTrue(
                result.err().startsWith("error: .workflow/config.json resolves outside the repository"),
                result::toString);
    }

    @Test
    void item12_a_plan_that_is_a_fifo_is_refused_at_once() throws IOException {
        // The defect: a plan that is a FIFO hangs the audit forever.
        fifo(".workflow/ABC-12/sdd.json");

        CliRun.Result result = wb("sdd", "audit", "ABC-12");

        assertEquals(7, result.code(), result::toString);
        assertTrue(
                result.err()
                        .startsWith("error: .workflow/ABC-12/sdd.json is a FIFO, socket or device, not a"
                                + " regular file"),
                result::toString);
    }

    @Test
    void item12_a_config_json_that_is_a_fifo_is_refused_with_exit_3() throws IOException {
        // The defect: a config that is a FIFO hangs every command that loads it.
        fifo(".workflow/config.json");

        CliRun.Result result = wb("config", "show");

        assertEquals(3, result.code(), result::toString);
        assertTrue(result.err().contains("not a regular file"), result::toString);
    }

    @Test
    void item12_a_policy_json_that_is_a_fifo_is_refused_with_exit_3() throws IOException {
        // The defect: a policy that is a FIFO hangs forever.
        fifo(".workflow/policy.json");

        CliRun.Result result = wb("judge", "rounds", "ABC-12");

        assertEquals(3, result.code(), result::toString);
        assertTrue(
                result.err()
                        .contains(
                                ".workflow/policy.json is unusable: it is a FIFO, socket or device, not a regular file"),
                result::toString);
    }

    @Test
    void item12_a_plan_linked_to_dev_zero_is_refused_without_reading_it() throws IOException {
        // The defect: a plan linked to /dev/zero grows past 4 GB and dies with an OutOfMemoryError.
        link(".workflow/ABC-12/sdd.json", Path.of("/dev/zero"));

        CliRun.Result result = wb("sdd", "audit", "ABC-12");

        assertEquals(7, result.code(), result::toString);
        assertTrue(result.err().contains("resolves outside the repository (to /dev/zero)"), result::toString);
    }

    @Test
    void item14_a_policy_json_over_its_limit_is_refused_before_it_is_parsed() {
        // The defect: a 10 MB policy.json pattern takes 22 s.
        repo.write(".workflow/policy.json", "{\"blockedReadPatterns\": [\"" + "a*".repeat(5_000_000) + "\"]}");

        CliRun.Result result = wb("judge", "rounds", "ABC-12");

        assertEquals(3, result.code(), result::toString);
        assertTrue(
                result.err().contains(".workflow/policy.json is unusable: it is larger than a policy file may be"),
                result::toString);
        assertTrue(result.err().contains("at most 64 KiB"), result::toString);
    }

    @Test
    void item14_a_plan_over_its_limit_is_refused_before_it_is_parsed_and_nothing_is_recorded() throws IOException {
        // The defect: a 100,000-key plan takes 8 s, read, parsed and recorded whole.
        StringBuilder plan = new StringBuilder("{");
        for (int i = 0; i < 100_000; i++) {
            plan.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":").append(i);
        }
        repo.write(".workflow/ABC-12/sdd.json", plan.append('}').toString());

        CliRun.Result result = wb("sdd", "audit", "ABC-12");

        assertEquals(7, result.code(), result::toString);
        assertTrue(
                result.err().startsWith("error: .workflow/ABC-12/sdd.json is larger than a plan may be"),
                result::toString);
        assertTrue(result.err().contains("at most 256 KiB"), result::toString);
        assertFalse(stored(), "the plan is not stored");
        assertEquals(6, wb("replay", "ABC-12").code(), "no audit is recorded");
    }

    @Test
    void item14_a_task_md_over_its_limit_is_refused_before_it_is_read() {
        // A 10 MB validation command made task.md 10 MB: a capsule document is at most 1 MiB, refused unread.
        String dir = ".workflow/ABC-12/";
        repo.write(dir + "task.md", "# Task\n\n## Validation\n\n```\necho " + "x".repeat(10_000_000) + "\n```\n");
        repo.write(dir + "context.md", "# Context\n");
        repo.write(dir + "plan.md", "# Plan\n");
        repo.write(dir + "acceptance-criteria.md", "- AC-1: it works\n");
        repo.write(dir + "review-checklist.md", "# Checklist\n");

        CliRun.Result result = wb("task", "approve-commands", "ABC-12");

        assertEquals(6, result.code(), result::toString);
        assertTrue(
                result.err().startsWith("error: .workflow/ABC-12/task.md is larger than a capsule document may be"),
                result::toString);
        assertTrue(result.err().contains("at most 1 MiB"), result::toString);
        assertTrue(result.err().length() < 2000, "the file is not echoed");
    }

    @Test
    void item18_a_task_md_in_latin1_is_refused_naming_the_file_and_the_byte_offset() throws IOException {
        // The defect: a non-UTF-8 task.md is approved, decoded as Latin-1.
        String dir = ".workflow/ABC-12/";
        Files.createDirectories(repo.resolve(dir));
        Files.write(
                repo.resolve(dir + "task.md"),
                "# T\u00e2che\n\n## Validation\n\n```\ntrue\n```\n".getBytes(StandardCharsets.ISO_8859_1));
        repo.write(dir + "context.md", "# Context, caf\u00e9\n");
        repo.write(dir + "plan.md", "# Plan\n");
        repo.write(dir + "acceptance-criteria.md", "- AC-1: it works\n");
        repo.write(dir + "review-checklist.md", "# Checklist\n");

        CliRun.Result result = wb("task", "approve-commands", "ABC-12");

        assertEquals(6, result.code(), result::toString);
        assertTrue(
                result.err()
                        .startsWith("error: .workflow/ABC-12/task.md is not UTF-8: invalid byte 0xE2 at offset 3"
                                + " (line 1)"),
                result::toString);
        assertTrue(result.err().contains("fix: save .workflow/ABC-12/task.md as UTF-8"), result::toString);
        assertFalse(Files.exists(repo.resolve(".workflow/local/approved-commands/ABC-12.json")), "nothing approved");
    }

    @Test
    void item18_flow_files_in_utf16_or_invalid_utf8_are_violations_naming_the_encoding_not_an_exception()
            throws IOException {
        // The defect: flow files in invalid UTF-8 or UTF-16 print java.io.CharConversionException.
        Files.createDirectories(repo.resolve(".workflow/flows"));
        Files.write(repo.resolve(".workflow/flows/wide.yaml"), "name: wide\n".getBytes(StandardCharsets.UTF_16));
        Files.write(
                repo.resolve(".workflow/flows/latin.yaml"),
                "name: latin\ndescription: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));

        CliRun.Result wide = wb("validate-flow", "wide");
        CliRun.Result latin = wb("validate-flow", "latin");

        assertEquals(1, wide.code(), wide::toString);
        assertTrue(wide.out().contains("line 1: .workflow/flows/wide.yaml is UTF-16 text"), wide::toString);
        assertEquals(1, latin.code(), latin::toString);
        assertTrue(
                latin.out()
                        .contains("line 2: .workflow/flows/latin.yaml is not UTF-8: invalid byte 0xE9 at offset 28"
                                + " (line 2)"),
                latin::toString);
        assertFalse((wide.out() + latin.out()).contains("Exception"), wide + "\n" + latin);
    }

    @Test
    void item18_a_binary_plan_is_refused_unread_naming_its_nul_byte() {
        // Text that is not UTF-8 is refused by the one reader, a binary plan (NUL bytes) included.
        repo.write(".workflow/ABC-12/sdd.json", "\u0000\u0001binary");

        CliRun.Result result = wb("sdd", "audit", "ABC-12");

        assertEquals(7, result.code(), result::toString);
        assertTrue(
                result.err().startsWith("error: .workflow/ABC-12/sdd.json holds a NUL byte at offset 0 (line 1)"),
                result::toString);
    }

    @Test
    void item19_stale_temporary_files_of_a_killed_audit_are_removed_by_the_next_one() throws Exception {
        // The defect: after kill -9 during sdd audit, .workflow/KEY/.audit.json.<n>.tmp stays behind.
        repo.write(".workflow/ABC-12/sdd.json", PLAN);
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path dir = repo.resolve(".workflow/ABC-12");
        Path deadWriter = Files.writeString(dir.resolve(".audit.json." + gone.pid() + "-8812345.tmp"), "{\"half");
        Path earlierWb = Files.writeString(dir.resolve(".audit.json.4417263551.tmp"), "{\"half");
        Files.setLastModifiedTime(
                earlierWb,
                java.nio.file.attribute.FileTime.from(java.time.Instant.now().minus(Duration.ofHours(1))));
        Path liveWriter = Files.writeString(
                dir.resolve(".audit.json." + ProcessHandle.current().pid() + "-7.tmp"), "{\"writing");
        Path users = Files.writeString(dir.resolve(".audit.json.notes.tmp"), "mine");

        CliRun.Result result = wb("sdd", "audit", "ABC-12");

        assertEquals(0, result.code(), result::toString);
        assertFalse(Files.exists(deadWriter), "a temporary file whose writer is gone is removed");
        assertFalse(Files.exists(earlierWb), "a temporary file of wb's naming older than 10 minutes is removed");
        assertTrue(Files.exists(liveWriter), "a running writer's temporary file is kept");
        assertTrue(Files.exists(users), "a file of another name is never touched");
        assertTrue(Files.exists(dir.resolve("audit.json")));
    }
}
