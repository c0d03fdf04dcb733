package dev.wb.cli.workspace;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.engine.Digests;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14 point 4: {@code wb import} takes a repository as the three originals left it and brings in
 * what can be trusted: files byte for byte, old verdicts as imported, unverified events.
 */
class OriginalsImportTest {

    @TempDir
    Path tmp;

    private TempGitRepo original() {
        return OriginalWorkspaces.repository(tmp, "original");
    }

    private TempGitRepo fresh() {
        TempGitRepo repo = TempGitRepo.create(tmp, "wb");
        repo.write("src/checkout.py", "def checkout(total, coupon):\n    charge = create_charge(total)\n");
        repo.commitAll("base");
        return repo;
    }

    @Test
    void every_original_file_is_copied_byte_for_byte_to_wbs_layout() throws IOException {
        TempGitRepo original = original();
        TempGitRepo repo = fresh();

        CliRun.Result result =
                wb(repo.root(), "import", "--from", original.root().toString());

        assertEquals(0, result.code(), result::toString);
        Map<String, String> copies = new TreeMap<>(Map.of(
                "worc/.worc/flows/custom.yaml", ".workflow/flows/custom.yaml",
                "worc/.worc/flows/roles/work.md", ".workflow/flows/roles/work.md",
                "worc/.worc/tools/check_journey", ".workflow/tools/check_journey",
                "worc/.worc/tools/check_journey.cmd", ".workflow/tools/check_journey.cmd",
                "judge/.akrctx/policy.json", ".workflow/policy.json",
                "judge/.akrctx/local/judge/TASK-001/review.json", ".workflow/local/judge/TASK-001/review.json",
                "workbench/.workflow/ABC-1/sdd.json", ".workflow/ABC-1/sdd.json"));
        for (String doc :
                List.of("task.md", "context.md", "plan.md", "acceptance-criteria.md", "review-checklist.md")) {
            copies.put("judge/.akrctx/tasks/TASK-001-some-slug/" + doc, ".workflow/tasks/TASK-001-some-slug/" + doc);
        }
        copies.forEach((fixture, target) -> {
            String fixtureName = fixture.substring(0, fixture.indexOf('/'));
            assertArrayEquals(
                    OriginalWorkspaces.bytes(fixtureName, fixture.substring(fixtureName.length() + 1)),
                    read(repo.resolve(target)),
                    target);
            assertTrue(
                    result.out().contains("copied " + fixture.substring(fixtureName.length() + 1) + " → " + target),
                    result::toString);
        });
        assertTrue(Files.isExecutable(repo.resolve(".workflow/tools/check_journey")), "the tool keeps its +x");
        assertFalse(Files.exists(repo.resolve(".workflow/ABC-1/audit.json")), "an old verdict is an event, not a file");
        assertTrue(
                result.out().contains("imported from " + original.root().toRealPath() + ": 12 copied, 4 recorded"),
                result::toString);
    }

    @Test
    void each_old_verdict_becomes_one_imported_unverified_event_of_its_task() throws IOException {
        TempGitRepo original = original();
        TempGitRepo repo = fresh();

        assertEquals(
                0,
                wb(repo.root(), "import", "--from", original.root().toString()).code());

        List<JsonNode> abc = events(repo, "ABC-1");
        assertEquals(
                List.of("audit", "evidence", "git-log"),
                abc.stream().map(e -> e.at("/payload/kind").asText()).toList());
        JsonNode audit = abc.get(0).get("payload");
        assertEquals("import.verdict.recorded", abc.get(0).get("type").asText());
        assertEquals(1, abc.get(0).get("schemaVersion").asInt());
        assertEquals("workbench", audit.get("tool").asText());
        assertEquals(".workflow/ABC-1/audit.json", audit.get("file").asText());
        assertEquals(
                Digests.sha256(OriginalWorkspaces.bytes("workbench", ".workflow/ABC-1/audit.json")),
                audit.get("sha256").asText());
        assertEquals("pass", audit.get("verdict").asText());
        assertTrue(audit.get("originalTime").isNull(), "audit.json carries no time");
        assertFalse(audit.get("verified").asBoolean(true));
        assertEquals(original.root().toRealPath().toString(), audit.get("from").asText());
        JsonNode gitLog = abc.get(2).get("payload");
        assertEquals("ok", gitLog.get("verdict").asText());
        assertEquals("2025-12-01T12:00:00Z", gitLog.get("originalTime").asText());

        List<JsonNode> task = events(repo, "TASK-001");
        assertEquals(1, task.size());
        JsonNode review = task.get(0).get("payload");
        assertEquals("judge", review.get("tool").asText());
        assertEquals("review", review.get("kind").asText());
        assertEquals("APPROVED", review.get("verdict").asText());
        assertEquals("2026-11-30T10:00:00+01:00", review.get("originalTime").asText());
        assertFalse(review.get("verified").asBoolean(true));
    }

    @Test
    void running_it_twice_copies_nothing_and_records_nothing() throws IOException {
        TempGitRepo original = original();
        TempGitRepo repo = fresh();
        assertEquals(
                0,
                wb(repo.root(), "import", "--from", original.root().toString()).code());
        Map<String, Long> before = tree(repo.resolve(".workflow"));
        int events = events(repo, "ABC-1").size() + events(repo, "TASK-001").size();

        CliRun.Result again =
                wb(repo.root(), "import", "--from", original.root().toString());

        assertEquals(0, again.code(), again::toString);
        assertTrue(again.out().contains(": 12 already there, 4 already recorded"), again::toString);
        assertFalse(
                again.out().lines().anyMatch(l -> l.startsWith("copied") || l.startsWith("recorded")), again::toString);
        assertEquals(
                events, events(repo, "ABC-1").size() + events(repo, "TASK-001").size());
        Map<String, Long> after = tree(repo.resolve(".workflow"));
        after.keySet().removeIf(p -> p.startsWith("local/log/") || p.startsWith("local/checkpoints/"));
        before.keySet().removeIf(p -> p.startsWith("local/log/") || p.startsWith("local/checkpoints/"));
        assertEquals(before, after, "no file written again");
    }

    @Test
    void a_changed_verdict_file_is_recorded_again_as_a_new_import() throws IOException {
        TempGitRepo original = original();
        TempGitRepo repo = fresh();
        assertEquals(
                0,
                wb(repo.root(), "import", "--from", original.root().toString()).code());
        original.write(
                ".workflow/ABC-1/audit.json",
                new String(OriginalWorkspaces.bytes("workbench", ".workflow/ABC-1/audit.json"), StandardCharsets.UTF_8)
                        .replace("\"pass\"", "\"fail\""));

        CliRun.Result again =
                wb(repo.root(), "import", "--from", original.root().toString());

        assertEquals(0, again.code(), again::toString);
        assertTrue(
                again.out().contains("recorded .workflow/ABC-1/audit.json: audit \"fail\" → ABC-1"), again::toString);
        assertEquals(4, events(repo, "ABC-1").size());
    }

    @Test
    void an_imported_audit_pass_opens_no_gate_until_wb_sdd_audit_runs() {
        // The workbench's files are already in place: the import runs in the repository itself.
        TempGitRepo repo = OriginalWorkspaces.repository(tmp, "in-place", "workbench");
        CliRun.Result imported = wb(repo.root(), "import");
        assertEquals(0, imported.code(), imported::toString);
        assertTrue(
                imported.out()
                        .contains("recorded .workflow/ABC-1/audit.json: audit \"pass\" → ABC-1 (imported,"
                                + " unverified: wb sdd audit ABC-1 gives wb's own verdict)"),
                imported::toString);
        assertFalse(imported.out().contains("sdd.json"), "a plan in place is not copied onto itself");

        CliRun.Result check = wb(repo.root(), "impl", "check", "ABC-1");

        assertEquals(2, check.code(), check::toString);
        assertTrue(
                check.err().startsWith("error: the plan for ABC-1 has not been audited\n  fix: wb sdd audit ABC-1"),
                check::toString);
        CliRun.Result status = wb(repo.root(), "status", "ABC-1");
        assertTrue(status.out().contains("not audited yet"), "status shows no audit:\n" + status);
        CliRun.Result verify = wb(repo.root(), "impl", "verify", "ABC-1");
        assertEquals(2, verify.code(), verify::toString);
        assertTrue(verify.err().contains("has not been audited"), verify::toString);

        CliRun.Result audit = wb(repo.root(), "sdd", "audit", "ABC-1");
        assertEquals(0, audit.code(), "the reference's example plan passes wb's own audit:\n" + audit);
        CliRun.Result after = wb(repo.root(), "impl", "check", "ABC-1");
        assertEquals(0, after.code(), "wb's own audit opened the gate:\n" + after);
    }

    @Test
    void wbs_own_rendered_audit_json_is_never_imported_as_an_original_verdict() {
        TempGitRepo repo = OriginalWorkspaces.repository(tmp, "in-place", "workbench");
        assertEquals(0, wb(repo.root(), "import").code());
        wb(repo.root(), "sdd", "audit", "ABC-1"); // replaces audit.json with wb's view of its own event

        CliRun.Result again = wb(repo.root(), "import");

        assertEquals(0, again.code(), again::toString);
        assertTrue(
                again.out().contains("skipped .workflow/ABC-1/audit.json: a view wb rendered from its own log"),
                again::toString);
        assertEquals(
                3,
                events(repo, "ABC-1").stream()
                        .filter(e -> e.get("type").asText().equals("import.verdict.recorded"))
                        .count());
    }

    @Test
    void an_imported_approved_record_is_not_a_verified_review() {
        TempGitRepo original = original();
        TempGitRepo repo = fresh();
        assertEquals(
                0,
                wb(repo.root(), "import", "--from", original.root().toString()).code());

        List<JsonNode> events = events(repo, "TASK-001");
        assertEquals(
                List.of("import.verdict.recorded"),
                events.stream().map(e -> e.get("type").asText()).toList(),
                "no judge.record.verified: nothing was verified");
        CliRun.Result verify =
                wb(repo.root(), "judge", "verify", ".workflow/local/judge/TASK-001/review.json", "--json");
        assertTrue(verify.code() != 0, verify::toString);
        assertFalse(verify.json().path("approved").asBoolean(false), verify::toString);
    }

    @Test
    void dry_run_says_what_it_would_do_and_writes_and_records_nothing() {
        TempGitRepo original = original();
        TempGitRepo repo = fresh();

        CliRun.Result result =
                wb(repo.root(), "import", "--from", original.root().toString(), "--dry-run");

        assertEquals(0, result.code(), result::toString);
        assertTrue(
                result.out().contains("would copy .worc/flows/custom.yaml → .workflow/flows/custom.yaml"),
                result::toString);
        assertTrue(
                result.out().contains("would record .workflow/ABC-1/audit.json: audit \"pass\" → ABC-1"),
                result::toString);
        assertTrue(result.out().contains("dry run, nothing written: from "), result::toString);
        assertFalse(Files.exists(repo.resolve(".workflow")), "nothing written, not even the log");
    }

    @Test
    void a_different_file_at_a_target_is_a_conflict_and_nothing_else_is_done() throws IOException {
        TempGitRepo original = original();
        TempGitRepo repo = fresh();
        repo.write(".workflow/flows/custom.yaml", "flow:\n  name: mine\n");

        CliRun.Result result =
                wb(repo.root(), "import", "--from", original.root().toString());

        assertEquals(1, result.code(), result::toString);
        assertTrue(
                result.out()
                        .contains("conflict .worc/flows/custom.yaml: .workflow/flows/custom.yaml exists with"
                                + " other content"),
                result::toString);
        assertTrue(
                result.err()
                        .startsWith("error: wb import brought nothing in: 1 conflict, 0 refused\n  fix: a"
                                + " conflict: compare the two files"),
                result::toString);
        assertEquals("flow:\n  name: mine\n", Files.readString(repo.resolve(".workflow/flows/custom.yaml")));
        assertFalse(Files.exists(repo.resolve(".workflow/tools")), "no other file copied");
        assertTrue(result.out().contains("would copy .worc/tools/check_journey"), result::toString);
        assertFalse(Files.exists(repo.resolve(".workflow/local")), "no event recorded");
    }

    @Test
    void an_identical_file_already_at_its_target_is_already_there() throws IOException {
        TempGitRepo original = original();
        TempGitRepo repo = fresh();
        Files.createDirectories(repo.resolve(".workflow/flows"));
        Files.write(
                repo.resolve(".workflow/flows/custom.yaml"),
                OriginalWorkspaces.bytes("worc", ".worc/flows/custom.yaml"));

        CliRun.Result result =
                wb(repo.root(), "import", "--from", original.root().toString());

        assertEquals(0, result.code(), result::toString);
        assertTrue(
                result.out().contains("already there .worc/flows/custom.yaml → .workflow/flows/custom.yaml"),
                result::toString);
    }

    @Test
    void wbs_own_policy_is_kept_and_the_original_one_is_reported() {
        TempGitRepo original = original();
        TempGitRepo repo = fresh();
        assertEquals(0, wb(repo.root(), "init").code());

        CliRun.Result result =
                wb(repo.root(), "import", "--from", original.root().toString());

        assertEquals(0, result.code(), result::toString);
        assertTrue(
                result.out()
                        .contains(
                                "skipped .akrctx/policy.json: wb's own .workflow/policy.json differs and is" + " kept"),
                result::toString);
    }

    @Test
    void the_wep_folder_is_read_like_akrctx() throws IOException {
        TempGitRepo original = TempGitRepo.create(tmp, "wep");
        OriginalWorkspaces.copyTree(OriginalWorkspaces.FIXTURES.resolve("judge/.akrctx"), original.resolve(".wep"));
        original.commitAll("wep");
        TempGitRepo repo = fresh();

        CliRun.Result result =
                wb(repo.root(), "import", "--from", original.root().toString());

        assertEquals(0, result.code(), result::toString);
        assertTrue(Files.exists(repo.resolve(".workflow/tasks/TASK-001-some-slug/task.md")), result::toString);
        assertTrue(
                result.out()
                        .contains(
                                "recorded .wep/local/judge/TASK-001/review.json: review \"APPROVED\" →" + " TASK-001"),
                result::toString);
    }

    @Test
    void a_json_file_that_is_no_review_record_is_copied_with_no_verdict_and_snapshots_stay_behind() {
        TempGitRepo original = original();
        original.write(".akrctx/local/judge/records/notes.json", "{\"todo\": \"ask about refunds\"}\n");
        original.write(".akrctx/local/judge/snapshots/0123456789abcdef0123/snapshot.json", "{\"version\": 7}\n");
        TempGitRepo repo = fresh();

        CliRun.Result result =
                wb(repo.root(), "import", "--from", original.root().toString());

        assertEquals(0, result.code(), result::toString);
        assertTrue(
                result.out()
                        .contains("copied .akrctx/local/judge/records/notes.json →"
                                + " .workflow/local/judge/records/notes.json"),
                result::toString);
        assertTrue(
                result.out()
                        .contains("skipped .akrctx/local/judge/records/notes.json: not a review record, taskId"
                                + " is missing or invalid; copied, no verdict recorded"),
                result::toString);
        assertTrue(
                result.out()
                        .contains("skipped .akrctx/local/judge/snapshots: the judge's snapshots are not carried"
                                + " over"),
                result::toString);
        assertFalse(Files.exists(repo.resolve(".workflow/local/judge/snapshots/0123456789abcdef0123")));
    }

    @Test
    void an_imported_orchestrator_flow_validates_unchanged_with_its_role_file() {
        TempGitRepo original = original();
        TempGitRepo repo = fresh();
        assertEquals(0, wb(repo.root(), "init").code());
        assertEquals(
                0,
                wb(repo.root(), "import", "--from", original.root().toString()).code());

        CliRun.Result result = wb(repo.root(), "validate-flow", "custom");

        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().contains("flow custom: OK"), result::toString);
    }

    @Test
    void json_prints_one_document_with_every_item_and_the_summary() {
        TempGitRepo original = original();
        TempGitRepo repo = fresh();

        CliRun.Result result =
                wb(repo.root(), "import", "--from", original.root().toString(), "--json");

        assertEquals(0, result.code(), result::toString);
        JsonNode doc = result.json();
        assertTrue(doc.get("written").asBoolean());
        assertFalse(doc.get("dryRun").asBoolean());
        assertEquals(12, doc.at("/summary/copied").asInt());
        assertEquals(4, doc.at("/summary/recorded").asInt());
        JsonNode first = doc.get("items").get(0);
        assertEquals("copied", first.get("status").asText());
        assertEquals(16, doc.get("items").size());
    }

    @Test
    void slug_and_number_tickets_are_brought_in_under_their_keys() {
        TempGitRepo original = original();
        original.write(".workflow/idea-faster-checkout/audit.json", "{\"schema\":1,\"verdict\":\"pass\"}\n");
        original.write(".workflow/123/audit.json", "{\"schema\":1,\"verdict\":\"pass\"}\n");
        TempGitRepo repo = fresh();

        CliRun.Result result =
                wb(repo.root(), "import", "--from", original.root().toString());

        assertEquals(0, result.code(), result::toString);
        assertFalse(result.out().contains("skipped .workflow/idea-faster-checkout"), result::toString);
        assertFalse(result.out().contains("skipped .workflow/123"), result::toString);
        assertEquals(0, wb(repo.root(), "replay", "idea-faster-checkout").code(), "recorded under the slug");
        assertEquals(0, wb(repo.root(), "replay", "123").code(), "recorded under the number");
    }

    @Test
    void from_a_path_that_is_not_a_directory_is_a_usage_error() {
        TempGitRepo repo = fresh();

        CliRun.Result result = wb(
                repo.root(), "import", "--from", repo.resolve("src/checkout.py").toString());

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: --from "), result::toString);
        assertTrue(result.err().contains("is not a directory\n  fix: wb import --from "), result::toString);
    }

    @Test
    void nothing_of_the_originals_found_exits_6() {
        TempGitRepo repo = fresh();

        CliRun.Result result = wb(repo.root(), "import", "--json");

        assertEquals(6, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: nothing to import in this repository"), result::toString);
        assertTrue(result.json().get("error").asText().startsWith("nothing to import"), result::toString);
    }

    @Test
    void replay_shows_an_imported_verdict_as_imported_and_unverified() {
        TempGitRepo original = original();
        TempGitRepo repo = fresh();
        assertEquals(
                0,
                wb(repo.root(), "import", "--from", original.root().toString()).code());

        CliRun.Result replay = wb(repo.root(), "replay", "ABC-1");

        assertEquals(0, replay.code(), replay::toString);
        assertTrue(
                replay.out().contains("imported, unverified: workbench audit pass · .workflow/ABC-1/audit.json"),
                replay::toString);
    }

    static List<JsonNode> events(TempGitRepo repo, String stream) {
        CliRun.Result replay = wb(repo.root(), "replay", stream, "--json");
        return replay.code() == 0 ? replay.jsonLines() : List.of();
    }

    static Map<String, Long> tree(Path dir) throws IOException {
        Map<String, Long> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                files.put(
                        dir.relativize(file).toString(),
                        Files.getLastModifiedTime(file).toMillis() * 31 + Files.size(file));
            }
        }
        return files;
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
