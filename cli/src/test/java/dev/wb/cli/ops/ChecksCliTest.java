package dev.wb.cli.ops;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.cli.testing.Fixtures;
import dev.wb.testkit.SamplePlan;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb checks KEY [--json]} as a user meets it: the lines, the JSON document, the exit codes. */
class ChecksCliTest {

    static final String PLAN = Fixtures.ABC_1_PLAN;

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", SamplePlan.APP_PY);
        script("tools/ok.sh", "echo ok");
        script("tools/fail.sh", "echo broken; exit 1");
        repo.commitAll("app and tools");
    }

    void script(String path, String body) {
        try {
            Files.setPosixFilePermissions(
                    repo.write(path, "#!/bin/sh\n" + body + "\n"), PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void config(String commandSets) {
        repo.write(".workflow/config.json", "{\"checks\": {\"command_sets\": {" + commandSets + "}}}\n");
    }

    void auditedAndChanged() {
        repo.write(".workflow/ABC-1/sdd.json", PLAN);
        assertEquals(0, wb(repo.root(), "sdd", "audit", "ABC-1").code());
        repo.write("src/app.py", "# app\nvalue = 2\n");
    }

    @Test
    void a_pass_prints_the_selection_each_command_and_the_verdict_and_exits_0() {
        config("\"repo\": {\"commands\": [[\"tools/ok.sh\"]]}, \"py\": {\"commands\": [[\"tools/ok.sh\", \"-q\"]],"
                + " \"paths\": [\"src/**\"]}, \"ios\": {\"commands\": [[\"xcodebuild\"]], \"paths\": [\"ios/**\"]}");
        auditedAndChanged();

        CliRun.Result result = wb(repo.root(), "checks", "ABC-1");

        assertEquals(0, result.code(), result.toString());
        List<String> lines = result.out().lines().toList();
        assertEquals("checks ABC-1: 1 changed path, 2 of 3 command sets selected", lines.get(0));
        assertEquals("  repo: always", lines.get(1));
        assertEquals("  py: src/app.py (src/**)", lines.get(2));
        assertTrue(lines.get(3).matches("  repo  passed       tools/ok\\.sh  \\(exit 0, \\d+ ms\\)"), lines.get(3));
        assertTrue(lines.get(4).matches("  py    passed       tools/ok\\.sh -q  \\(exit 0, \\d+ ms\\)"), lines.get(4));
        assertEquals("checks ABC-1: pass", lines.get(5));
        assertEquals(6, lines.size(), result.out());
        assertTrue(result.err().contains("running repo: tools/ok.sh"), result.err());
    }

    @Test
    void a_tracked_file_under_build_is_in_the_diff_and_selects_the_catch_all_set() {
        config("\"all\": {\"commands\": [[\"tools/ok.sh\"]]}");
        repo.write(".workflow/ABC-1/sdd.json", PLAN);
        assertEquals(0, wb(repo.root(), "sdd", "audit", "ABC-1").code());
        repo.write("build/codegen.py", "print('generated at build time')\n");

        CliRun.Result result = wb(repo.root(), "checks", "ABC-1");

        assertEquals(0, result.code(), result.toString());
        List<String> lines = result.out().lines().toList();
        assertEquals("checks ABC-1: 1 changed path, 1 of 1 command set selected", lines.get(0));
        assertEquals("  all: always", lines.get(1));
        assertTrue(result.out().endsWith("checks ABC-1: pass\n"), result.out());
    }

    @Test
    void a_failure_exits_7_with_the_fixing_verdict_and_an_error_naming_the_command() {
        config("\"repo\": {\"commands\": [[\"tools/fail.sh\"], [\"tools/ok.sh\"]]}");
        auditedAndChanged();

        CliRun.Result result = wb(repo.root(), "checks", "ABC-1");

        assertEquals(7, result.code(), result.toString());
        assertTrue(result.out().contains("  repo  FAILED       tools/fail.sh  (exit 1, "), result.out());
        assertTrue(result.out().endsWith("checks ABC-1: fail (fixing)\n"), result.out());
        assertTrue(
                result.err().contains("error: the checks of ABC-1 failed: tools/fail.sh (set repo) exited 1"),
                result.err());
        assertTrue(result.err().contains("  fix: "), result.err());
    }

    @Test
    void a_missing_required_toolchain_exits_1_incomplete_and_a_skipped_set_is_said_loudly() {
        config("\"swift\": {\"commands\": [[\"wb-no-swift\"]]}, \"ios\": {\"commands\": [[\"wb-no-xcodebuild\","
                + " \"test\"]], \"skip_if_unavailable\": true}");
        auditedAndChanged();

        CliRun.Result result = wb(repo.root(), "checks", "ABC-1");

        assertEquals(1, result.code(), result.toString());
        assertTrue(
                result.out().contains("  swift  UNAVAILABLE  wb-no-swift  (wb-no-swift: not found on PATH)"),
                result.out());
        assertTrue(
                result.out().contains("\nSKIPPED ios: wb-no-xcodebuild not found — auto-merge blocked\n"),
                result.out());
        assertTrue(result.out().endsWith("checks ABC-1: incomplete (manual)\n"), result.out());
        assertTrue(
                result.err()
                        .contains("error: the checks of ABC-1 are incomplete: wb-no-swift (set swift) cannot"
                                + " launch"),
                result.err());
    }

    @Test
    void json_is_one_document_with_the_event_fields_and_the_exit_code_still_says_the_verdict() {
        config("\"repo\": {\"commands\": [[\"tools/fail.sh\"]]}, \"ios\": {\"commands\": [[\"wb-no-xcodebuild\"]],"
                + " \"skip_if_unavailable\": true}");
        auditedAndChanged();

        CliRun.Result result = wb(repo.root(), "checks", "ABC-1", "--json");

        assertEquals(7, result.code(), result.toString());
        JsonNode doc = result.json();
        assertEquals("ABC-1", doc.get("task").asText());
        assertEquals(2, doc.get("configuredSets").asInt());
        assertEquals(1, doc.get("changedPaths").asInt());
        assertEquals("fail", doc.get("verdict").asText());
        assertEquals("failed", doc.get("commands").get(0).get("outcome").asText());
        assertEquals("broken\n", doc.get("commands").get(0).get("output").asText());
        assertEquals("skipped", doc.get("commands").get(1).get("outcome").asText());
        assertEquals("[\"ios\"]", doc.get("skippedSets").toString());
        assertTrue(doc.get("autoMergeBlocked").asBoolean());
        assertFalse(result.err().contains("running "), "no progress lines under --json: " + result.err());
    }

    @Test
    void the_run_is_the_last_event_wb_replay_shows_for_the_task() {
        config("\"repo\": {\"commands\": [[\"tools/ok.sh\"]]}");
        auditedAndChanged();
        CliRun.Result checks = wb(repo.root(), "checks", "ABC-1", "--json");
        assertEquals(0, checks.code(), checks.toString());

        CliRun.Result replay = wb(repo.root(), "replay", "ABC-1", "--json");

        assertEquals(0, replay.code(), replay.toString());
        List<JsonNode> events = replay.jsonLines();
        JsonNode last = events.get(events.size() - 1);
        assertEquals("checks.ran", last.get("type").asText(), replay.out());
        assertEquals(
                checks.json().get("eventVersion").asLong(), last.get("version").asLong(), replay.out());
    }

    @Test
    void no_command_sets_is_a_pass_that_says_there_is_no_quality_gate() {
        auditedAndChanged();

        CliRun.Result result = wb(repo.root(), "checks", "ABC-1");

        assertEquals(0, result.code(), result.toString());
        assertEquals("checks: no command_sets configured (no quality gate)\nchecks ABC-1: pass\n", result.out());
    }

    @Test
    void an_empty_diff_says_there_is_nothing_to_run() {
        config("\"repo\": {\"commands\": [[\"tools/fail.sh\"]]}");
        repo.write(".workflow/ABC-1/sdd.json", PLAN);
        assertEquals(0, wb(repo.root(), "sdd", "audit", "ABC-1").code());

        CliRun.Result result = wb(repo.root(), "checks", "ABC-1");

        assertEquals(0, result.code(), result.toString());
        assertEquals("checks ABC-1: no changed paths: nothing to run\nchecks ABC-1: pass\n", result.out());
    }

    @Test
    void without_a_passing_audit_it_refuses_with_exit_2() {
        config("\"repo\": {\"commands\": [[\"tools/ok.sh\"]]}");
        repo.write(".workflow/ABC-1/sdd.json", PLAN);

        CliRun.Result result = wb(repo.root(), "checks", "ABC-1");

        assertEquals(2, result.code(), result.toString());
        assertEquals("", result.out());
        assertTrue(
                result.err()
                        .startsWith("error: the plan for ABC-1 has not been audited\n  fix: wb sdd audit" + " ABC-1"),
                result.err());
    }

    @Test
    void no_plan_exits_6_a_bad_config_3_a_malformed_key_2() {
        assertEquals(6, wb(repo.root(), "checks", "ABC-1").code());
        repo.write(".workflow/config.json", "{\"checks\": {\"command_sets\": {\"repo\": {\"commands\": \"make\"}}}}");
        repo.write(".workflow/ABC-1/sdd.json", PLAN);
        CliRun.Result config = wb(repo.root(), "checks", "ABC-1");
        assertEquals(3, config.code(), config.toString());
        assertTrue(config.err().contains("checks.command_sets.repo.commands"), config.err());
        CliRun.Result key = wb(repo.root(), "checks", "not a key");
        assertEquals(2, key.code(), key.toString());
        assertTrue(key.err().startsWith("error: "), key.err());
    }

    @Test
    void every_check_skipped_is_incomplete_with_a_fix_that_fits_sets_already_skip_if_unavailable() {
        config("\"ios\": {\"commands\": [[\"wb-no-xcodebuild\"]], \"skip_if_unavailable\": true}");
        auditedAndChanged();

        CliRun.Result result = wb(repo.root(), "checks", "ABC-1");

        assertEquals(1, result.code(), result.toString());
        assertTrue(
                result.err().contains("error: the checks of ABC-1 are incomplete: every check was skipped"),
                result.err());
        assertTrue(
                result.err()
                        .contains("  fix: install wb-no-xcodebuild on this host (an agent cannot), or run wb"
                                + " checks ABC-1 on a host that has it (set ios)"),
                result.err());
        assertFalse(result.err().contains("skip_if_unavailable"), "every set already is: " + result.err());
    }

    @Test
    void a_required_toolchain_missing_suggests_installing_it_or_marking_its_set() {
        config("\"swift\": {\"commands\": [[\"wb-no-swift\"]]}");
        auditedAndChanged();

        CliRun.Result result = wb(repo.root(), "checks", "ABC-1");

        assertEquals(1, result.code(), result.toString());
        assertTrue(
                result.err()
                        .contains("  fix: install wb-no-swift on this host (an agent cannot), or mark set swift"
                                + " \"skip_if_unavailable\": true in .workflow/config.json; then: wb checks ABC-1"),
                result.err());
    }

    @Test
    void a_script_without_the_execute_permission_says_so_and_the_fix_is_chmod() throws IOException {
        Path file = repo.write("tools/noexec.sh", "#!/bin/sh\necho hi\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        repo.commitAll("noexec");
        config("\"repo\": {\"commands\": [[\"tools/noexec.sh\"]]}");
        auditedAndChanged();

        CliRun.Result result = wb(repo.root(), "checks", "ABC-1");

        assertEquals(1, result.code(), result.toString());
        assertTrue(
                result.out()
                        .contains("UNAVAILABLE  tools/noexec.sh  (tools/noexec.sh: not executable (its mode"
                                + " lacks +x))"),
                result.out());
        assertFalse(result.out().contains("not found"), result.out());
        assertTrue(
                result.err().contains("  fix: make tools/noexec.sh executable: chmod +x tools/noexec.sh"),
                result.err());
    }
}
