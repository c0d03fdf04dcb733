package dev.wb.commands.checks;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.process.LiveProcesses;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.projections.events.ChecksRan;
import dev.wb.projections.events.audit.PlanAudited;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb checks KEY} on a real repository, with real processes (small scripts) and a real log. */
class ChecksRunTest {

    static final TaskKey KEY = new TaskKey("ABC-1");

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "# app\nvalue = 1\n");
        script("tools/ok.sh", "echo ok");
        script("tools/fail.sh", "echo broken; exit 1");
        script("tools/hang.sh", "sleep 30");
        script("tools/leak.sh", "echo API_TOKEN=s3cr3t-value-123");
        script("tools/touch.sh", "echo ran > ran.txt");
        repo.commitAll("app and tools");
    }

    void script(String path, String body) {
        Path file = repo.write(path, "#!/bin/sh\n" + body + "\n");
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Session session() {
        return new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation());
    }

    void audited() {
        plan(KEY.value())
                .cite("src/app.py", 2, "value = 1")
                .file("src/app.py", "edit")
                .writeTo(repo);
        try (Session session = session()) {
            assertTrue(SddAudit.run(session, KEY, false).passed(), "the plan passes its audit");
        }
    }

    /** {@code .workflow/config.json} with these command sets (a JSON object's members) and more top-level keys. */
    void config(String commandSets, String... more) {
        StringBuilder json =
                new StringBuilder("{\"checks\": {\"timeout_seconds\": 30, \"command_sets\": {" + commandSets + "}}");
        for (String member : more) {
            json.append(", ").append(member);
        }
        repo.write(".workflow/config.json", json.append("}\n").toString());
    }

    ChecksRun.Report checks() {
        return checks(System.getenv());
    }

    ChecksRun.Report checks(java.util.Map<String, String> env) {
        try (Session session = session()) {
            return ChecksRun.run(session, KEY, env, ChecksRun.Progress.NONE);
        }
    }

    List<EventEnvelope> history() {
        try (Session session = session()) {
            return session.reader().read(StreamId.task(KEY));
        }
    }

    JsonNode lastPayload() {
        List<EventEnvelope> events = history();
        EventEnvelope last = events.get(events.size() - 1);
        assertEquals(ChecksRan.TYPE.name(), last.type());
        return last.payload().json();
    }

    /** Every piece of the secret of five characters or more that the text still shows. */
    static List<String> pieces(String text, String secret) {
        List<String> found = new ArrayList<>();
        for (int from = 0; from + 5 <= secret.length(); from++) {
            for (int to = from + 5; to <= secret.length(); to++) {
                if (text.contains(secret.substring(from, to))) {
                    found.add(secret.substring(from, to));
                }
            }
        }
        return found;
    }

    static List<String> outcomes(ChecksRun.Report report) {
        return report.results().stream()
                .map(r -> r.set() + ":" + r.outcome().wireName())
                .toList();
    }

    static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names.stream().sorted().toList();
    }

    @Test
    void every_command_passing_is_a_pass_recorded_as_one_checks_ran_event_with_the_documented_fields() {
        config("\"repo\": {\"commands\": [[\"tools/ok.sh\"], [\"tools/ok.sh\", \"again\"]]}");
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");

        ChecksRun.Report report = checks();

        assertEquals(ChecksVerdict.PASS, report.verdict());
        assertEquals(List.of("repo:passed", "repo:passed"), outcomes(report));
        assertEquals(
                List.of(PlanAudited.TYPE.name(), ChecksRan.TYPE.name()),
                history().stream().map(EventEnvelope::type).toList());
        JsonNode p = lastPayload();
        assertEquals(
                List.of(
                        "autoMergeBlocked",
                        "changedPaths",
                        "commands",
                        "mutations",
                        "selected",
                        "skippedSets",
                        "verdict"),
                fieldNames(p));
        assertEquals("[]", p.get("mutations").toString());
        assertEquals(1, p.get("changedPaths").asInt());
        assertEquals(
                "{\"name\":\"repo\",\"reason\":\"always\"}",
                p.get("selected").get(0).toString());
        JsonNode second = p.get("commands").get(1);
        assertEquals(List.of("argv", "durationMillis", "exitCode", "outcome", "output", "set"), fieldNames(second));
        assertEquals("[\"tools/ok.sh\",\"again\"]", second.get("argv").toString());
        assertEquals("passed", second.get("outcome").asText());
        assertEquals(0, second.get("exitCode").asInt());
        assertEquals("ok\n", second.get("output").asText());
        assertEquals("pass", p.get("verdict").asText());
        assertEquals(0, p.get("skippedSets").size());
        assertFalse(p.get("autoMergeBlocked").asBoolean());
    }

    @Test
    void a_failing_command_fails_the_gate_and_every_selected_command_still_runs() {
        config("\"lint\": {\"commands\": [[\"tools/fail.sh\"], [\"tools/ok.sh\"]]},"
                + " \"tests\": {\"commands\": [[\"tools/ok.sh\"]]}");
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");

        ChecksRun.Report report = checks();

        assertEquals(ChecksVerdict.FAIL, report.verdict());
        assertEquals(List.of("lint:failed", "lint:passed", "tests:passed"), outcomes(report));
        JsonNode failed = lastPayload().get("commands").get(0);
        assertEquals(1, failed.get("exitCode").asInt());
        assertEquals("broken\n", failed.get("output").asText());
        assertEquals("fail", lastPayload().get("verdict").asText());
    }

    @Test
    void a_required_set_whose_program_cannot_launch_leaves_the_gate_incomplete_even_beside_a_failure() {
        config("\"repo\": {\"commands\": [[\"tools/fail.sh\"]]},"
                + " \"swift\": {\"commands\": [[\"wb-no-such-toolchain\", \"build\"], [\"tools/ok.sh\"]]}");
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");

        ChecksRun.Report report = checks();

        assertEquals(ChecksVerdict.INCOMPLETE, report.verdict(), "a missing toolchain is manual work, not fixing");
        assertEquals(List.of("repo:failed", "swift:unavailable", "swift:passed"), outcomes(report));
        JsonNode unavailable = lastPayload().get("commands").get(1);
        assertEquals(-1, unavailable.get("exitCode").asInt());
        assertEquals(
                "wb-no-such-toolchain: not found on PATH",
                unavailable.get("output").asText());
        assertTrue(report.skipped().isEmpty(), "a required set is never skipped");
        assertFalse(lastPayload().get("autoMergeBlocked").asBoolean());
    }

    @Test
    void a_skip_if_unavailable_set_is_skipped_loudly_and_blocks_auto_merge_though_the_gate_passes() {
        config(
                "\"repo\": {\"commands\": [[\"tools/ok.sh\"]]}, \"ios\": {\"commands\": [[\"tools/ok.sh\"],"
                        + " [\"wb-no-xcodebuild\", \"test\"]], \"skip_if_unavailable\": true}",
                "\"git\": {\"auto_merge\": true}");
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");

        ChecksRun.Report report = checks();

        assertEquals(ChecksVerdict.PASS, report.verdict());
        assertEquals(
                List.of("repo:passed", "ios:skipped", "ios:skipped"),
                outcomes(report),
                "the whole set is skipped: none of its commands ran");
        assertEquals(
                "SKIPPED ios: wb-no-xcodebuild not found — auto-merge blocked",
                report.skipped().get(0).line());
        assertTrue(report.autoMergeBlocked());
        JsonNode p = lastPayload();
        assertEquals("[\"ios\"]", p.get("skippedSets").toString());
        assertTrue(p.get("autoMergeBlocked").asBoolean());
        assertEquals("pass", p.get("verdict").asText());
        assertEquals(
                "pass · 1 changed path · sets repo, ios · 1 passed, 2 skipped · auto-merge blocked",
                ChecksRanSummary.of(ChecksRan.TYPE.read((ObjectNode) p)));
    }

    @Test
    void every_check_skipped_is_incomplete() {
        config("\"ios\": {\"commands\": [[\"wb-no-xcodebuild\"]], \"skip_if_unavailable\": true},"
                + " \"android\": {\"commands\": [[\"wb-no-gradle\"]], \"skip_if_unavailable\": true}");
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");

        ChecksRun.Report report = checks();

        assertEquals(ChecksVerdict.INCOMPLETE, report.verdict());
        assertEquals(
                List.of("ios", "android"),
                report.skipped().stream().map(SkippedSet::set).toList());
        assertEquals("incomplete", lastPayload().get("verdict").asText());
    }

    @Test
    void a_command_past_its_sets_time_limit_is_killed_and_fails_the_gate() {
        config("\"slow\": {\"commands\": [[\"tools/hang.sh\"]], \"timeout_seconds\": 1}");
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");

        long start = System.nanoTime();
        ChecksRun.Report report = checks();

        assertTrue(System.nanoTime() - start < 20_000_000_000L, "killed long before its 30 s sleep ended");
        assertEquals(ChecksVerdict.FAIL, report.verdict());
        JsonNode timedOut = lastPayload().get("commands").get(0);
        assertEquals("timed-out", timedOut.get("outcome").asText());
        assertEquals(-1, timedOut.get("exitCode").asInt());
        assertTrue(timedOut.get("output").asText().contains("killed after the time limit of 1 s"), timedOut.toString());
    }

    @Test
    void a_run_whose_commands_wb_kills_on_the_way_out_is_incomplete_and_starts_nothing_more() throws Exception {
        config("\"slow\": {\"commands\": [[\"tools/hang.sh\"], [\"tools/touch.sh\"]]},"
                + " \"after\": {\"commands\": [[\"tools/touch.sh\"]]}");
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");
        Thread killer = new Thread(() -> {
            // What the shutdown hook does on Ctrl-C or SIGTERM, once the hanging command runs.
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (LiveProcesses.running() == 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            LiveProcesses.killAll();
        });
        killer.setDaemon(true);
        killer.start();

        ChecksRun.Report report = checks();
        killer.join(10_000);

        assertEquals(ChecksVerdict.INCOMPLETE, report.verdict());
        assertEquals(List.of("slow:failed"), outcomes(report), "nothing started after the kill");
        assertTrue(
                report.results().get(0).output().endsWith("[interrupted: wb was stopped]"),
                report.results().get(0).output());
        assertFalse(Files.exists(repo.resolve("ran.txt")));
        assertEquals("incomplete", lastPayload().get("verdict").asText());
    }

    @Test
    void an_empty_diff_runs_nothing_and_passes() {
        config("\"repo\": {\"commands\": [[\"tools/touch.sh\"]]}");
        audited();

        ChecksRun.Report report = checks();

        assertEquals(ChecksVerdict.PASS, report.verdict());
        assertTrue(report.selected().isEmpty());
        assertFalse(Files.exists(repo.resolve("ran.txt")), "nothing ran");
        assertEquals(
                0, lastPayload().get("changedPaths").asInt(), "the plan and config under .workflow/ are not the diff");
    }

    @Test
    void a_changed_path_no_set_claims_runs_no_set() {
        config("\"web\": {\"commands\": [[\"tools/touch.sh\"]], \"paths\": [\"web/**\"]}");
        audited();
        repo.write("docs/guide.md", "# guide\n");

        ChecksRun.Report report = checks();

        assertEquals(List.of("docs/guide.md"), report.changedPaths());
        assertTrue(report.selected().isEmpty());
        assertFalse(Files.exists(repo.resolve("ran.txt")));
        assertEquals(ChecksVerdict.PASS, report.verdict());
    }

    @Test
    void a_changed_file_under_a_generated_looking_folder_is_in_the_diff_and_runs_the_catch_all_set() {
        config("\"all\": {\"commands\": [[\"tools/ok.sh\"]]}");
        repo.write(".gitignore", "dist/\n");
        repo.commitAll("ignore dist");
        audited();
        repo.write("build/codegen.py", "print('gen')\n");
        repo.write("dist/bundle.js", "ignored\n");

        ChecksRun.Report report = checks();

        assertEquals(List.of("build/codegen.py"), report.changedPaths(), "ignored dist/ stays out, build/ does not");
        assertEquals(
                List.of(CommandSetSelection.ALWAYS),
                report.selected().stream()
                        .map(CommandSetSelection.Selected::reason)
                        .toList());
        assertEquals(List.of("all:passed"), outcomes(report), "the catch-all set ran");
        assertEquals(ChecksVerdict.PASS, report.verdict());
    }

    @Test
    void the_diff_includes_what_was_committed_since_the_audited_baseline_and_untracked_files() {
        config("\"py\": {\"commands\": [[\"tools/ok.sh\"]], \"paths\": [\"src/*.py\"]},"
                + " \"new\": {\"commands\": [[\"tools/ok.sh\"]], \"paths\": [\"new/?.txt\"]}");
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");
        repo.git("commit", "-q", "-am", "the change");
        repo.write("new/a.txt", "untracked\n");

        ChecksRun.Report report = checks();

        assertEquals(List.of("new/a.txt", "src/app.py"), report.changedPaths());
        assertEquals(
                List.of("src/app.py", "new/a.txt"),
                report.selected().stream()
                        .map(CommandSetSelection.Selected::reason)
                        .toList());
    }

    @Test
    void a_denied_program_is_refused_not_run_and_fails_its_set() {
        config(
                "\"repo\": {\"commands\": [[\"tools/touch.sh\"], [\"tools/ok.sh\"]]}",
                "\"security\": {\"denied_commands\": [\"touch.sh\"]}");
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");

        ChecksRun.Report report = checks();

        assertEquals(ChecksVerdict.FAIL, report.verdict());
        assertEquals(List.of("repo:failed", "repo:passed"), outcomes(report));
        assertFalse(Files.exists(repo.resolve("ran.txt")), "the denied command never ran");
        assertTrue(
                report.results()
                        .get(0)
                        .output()
                        .startsWith("refused: tools/touch.sh is denied by" + " security.denied_commands"),
                report.results().get(0).output());
    }

    @Test
    void output_is_redacted_before_it_is_recorded() {
        config("\"repo\": {\"commands\": [[\"tools/leak.sh\"]]}");
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");

        checks();

        String recorded = lastPayload().get("commands").get(0).get("output").asText();
        assertFalse(recorded.contains("s3cr3t"), recorded);
        assertTrue(recorded.contains("API_TOKEN="), recorded);
    }

    @Test
    void no_command_sets_is_a_pass_with_nothing_run_and_still_recorded() {
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");

        ChecksRun.Report report = checks();

        assertEquals(ChecksVerdict.PASS, report.verdict());
        assertEquals(0, report.configuredSets());
        assertEquals(0, lastPayload().get("commands").size());
    }

    @Test
    void no_passing_audit_is_the_refusal_impl_check_gives() {
        config("\"repo\": {\"commands\": [[\"tools/touch.sh\"]]}");
        plan(KEY.value())
                .cite("src/app.py", 2, "value = 1")
                .file("src/app.py", "edit")
                .writeTo(repo);

        Failure failure = assertThrows(Failure.class, this::checks);

        assertEquals(Failure.Kind.USAGE, failure.kind());
        assertEquals("the plan for ABC-1 has not been audited", failure.getMessage());
        assertFalse(Files.exists(repo.resolve("ran.txt")));
    }

    @Test
    void no_plan_is_a_missing_artifact() {
        Failure failure = assertThrows(Failure.class, this::checks);

        assertEquals(Failure.Kind.MISSING, failure.kind());
    }

    @Test
    void outputs_too_large_for_one_event_keep_their_ends() {
        StringBuilder sets = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            sets.append(i == 0 ? "" : ", ").append("\"s").append(i).append("\": {\"commands\": [[\"tools/big.sh\"]]}");
        }
        script(
                "tools/big.sh",
                "i=0; while [ $i -lt 400 ]; do echo \"line $i of a long report\"; i=$((i+1)); done;" + " echo THE-END");
        repo.commitAll("big");
        config(sets.toString());
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");

        checks();

        JsonNode p = lastPayload();
        assertTrue(p.toString().length() < 100 * 1024, "the event stays well under 120 KiB");
        String output = p.get("commands").get(29).get("output").asText();
        assertTrue(output.startsWith(ChecksEvent.CUT) && output.endsWith("THE-END\n"), output);
    }

    @Test
    void changing_the_config_needs_no_new_audit() {
        config("\"repo\": {\"commands\": [[\"tools/ok.sh\"]]}");
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");
        config("\"repo\": {\"commands\": [[\"tools/fail.sh\"]]}");

        assertEquals(ChecksVerdict.FAIL, checks().verdict(), "the sets are read at each run, not at the audit");
    }

    @Test
    void a_secret_crossing_the_output_cut_leaves_no_piece_in_the_result_or_the_event() {
        String secret = "SuperSecretValue0123456789";
        config(
                "\"a\": {\"commands\": [[\"sh\", \"-c\", \"head -c 1490 /dev/zero|tr '\\\\0' a; echo \\\"$MY_TOKEN\\\";"
                        + " head -c 8000 /dev/zero|tr '\\\\0' b; echo \\\"$MY_TOKEN\\\"; head -c 2480 /dev/zero|tr '\\\\0' c\"]]}");
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");
        java.util.Map<String, String> env = new java.util.HashMap<>(System.getenv());
        env.put("MY_TOKEN", secret);

        ChecksRun.Report report = checks(env);

        String output = report.results().get(0).output();
        assertEquals(List.of(), pieces(output, secret), output);
        assertTrue(output.startsWith("aaaa") && output.endsWith("ccc"), output);
        String recorded = lastPayload().toString();
        assertEquals(List.of(), pieces(recorded, secret), recorded);
    }

    @Test
    void a_denied_program_is_refused_however_it_is_spelled_or_linked() throws IOException {
        Path git = Path.of("/usr/bin/git");
        Path curl = Path.of("/usr/bin/curl").toRealPath();
        org.junit.jupiter.api.Assumptions.assumeTrue(
                Files.isExecutable(git) && Files.isExecutable(curl), "needs /usr/bin/git and /usr/bin/curl");
        Files.createSymbolicLink(repo.resolve("mycurl"), curl);
        Files.createSymbolicLink(repo.resolve("tools/gitlink"), git);
        repo.commitAll("links");
        config(
                "\"repo\": {\"commands\": [[\"git\", \"--version\"], [\"/usr/bin/../bin/git\", \"--version\"],"
                        + " [\"./mycurl\", \"-V\"], [\"tools/gitlink\", \"--version\"], [\"tools/ok.sh\"]]}",
                "\"security\": {\"denied_commands\": [\"curl\", \"/usr/bin/git\"]}");
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");
        java.util.Map<String, String> env = new java.util.HashMap<>(System.getenv());
        env.put("PATH", "/usr/bin:/bin");

        ChecksRun.Report report = checks(env);

        assertEquals(ChecksVerdict.FAIL, report.verdict());
        assertEquals(
                List.of("repo:failed", "repo:failed", "repo:failed", "repo:failed", "repo:passed"), outcomes(report));
        for (int i = 0; i < 4; i++) {
            ChecksRan.Command r = report.results().get(i);
            assertTrue(
                    r.output().startsWith("refused: " + r.argv().get(0) + " is denied by security.denied_commands"),
                    r.output());
            assertEquals(0, r.durationMillis(), "never ran: " + r.command());
        }
        assertTrue(
                report.results().get(2).output().contains("(\"curl\")"),
                report.results().get(2).output());
    }

    @Test
    void a_bare_denied_name_does_not_deny_a_different_program() {
        config(
                "\"repo\": {\"commands\": [[\"tools/ok.sh\"]]}",
                "\"security\": {\"denied_commands\": [\"ok\"," + " \"/usr/bin/curl\", \"tools\"]}");
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");

        assertEquals(ChecksVerdict.PASS, checks().verdict());
    }

    @Test
    void commands_too_long_for_one_event_are_shortened_in_it_and_the_run_is_still_recorded() {
        String longScript = "true; ".repeat(2_500);
        StringBuilder commands = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            commands.append(i == 0 ? "" : ", ")
                    .append("[\"sh\", \"-c\", \"")
                    .append(longScript)
                    .append(": ")
                    .append(i)
                    .append("\"]");
        }
        config("\"long\": {\"commands\": [" + commands + "]}");
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");

        ChecksRun.Report report = checks();

        assertEquals(ChecksVerdict.PASS, report.verdict());
        assertEquals(longScript + ": 9", report.results().get(9).argv().get(2), "the report keeps the argv whole");
        JsonNode p = lastPayload();
        assertTrue(dev.wb.engine.json.CanonicalJson.bytes(p).length <= EventFit.MAX_PAYLOAD_BYTES, "it fits");
        assertEquals(10, p.get("commands").size());
        String word = p.get("commands").get(9).get("argv").get(2).asText();
        assertTrue(
                word.startsWith("true; true;")
                        && word.endsWith("true; : 9")
                        && word.matches("(?s).*… \\[\\d+ characters omitted] ….*"),
                word);
        assertEquals("sh", p.get("commands").get(9).get("argv").get(0).asText(), "short words stay whole");
        assertEquals("pass", p.get("verdict").asText());
    }

    @Test
    void a_script_without_the_execute_permission_is_unavailable_and_said_to_be_not_executable() throws IOException {
        Path file = repo.write("tools/noexec.sh", "#!/bin/sh\necho hi\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        repo.commitAll("noexec");
        config("\"repo\": {\"commands\": [[\"tools/noexec.sh\"]]}, \"opt\": {\"commands\": [[\"tools/noexec.sh\","
                + " \"x\"]], \"skip_if_unavailable\": true}");
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");

        ChecksRun.Report report = checks();

        assertEquals(ChecksVerdict.INCOMPLETE, report.verdict());
        assertEquals(
                "tools/noexec.sh: not executable (its mode lacks +x)",
                report.results().get(0).output());
        assertEquals(
                "SKIPPED opt: tools/noexec.sh is not executable — auto-merge blocked",
                report.skipped().get(0).line());
    }
}
