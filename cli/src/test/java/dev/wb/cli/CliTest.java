package dev.wb.cli;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CliTest {

    @TempDir
    Path tmp;

    private TempGitRepo repo;

    @BeforeEach
    void repo() {
        repo = TempGitRepo.create(tmp, "repo");
    }

    private static void assertNoStackTrace(CliRun.Result result) {
        assertFalse(result.err().contains("\tat "), result::toString);
        assertFalse(result.err().contains("Exception"), result::toString);
    }

    @Test
    void init_creates_the_workflow_folder_with_its_three_files_and_records_an_event() {
        CliRun.Result result = wb(repo.root(), "init");

        assertEquals(0, result.code(), result::toString);
        assertTrue(Files.isRegularFile(repo.resolve(".workflow/config.json")));
        assertTrue(Files.isRegularFile(repo.resolve(".workflow/policy.json")));
        assertTrue(Files.isRegularFile(repo.resolve(".workflow/.gitignore")));
        assertTrue(Files.isRegularFile(repo.resolve(".workflow/schemas/sdd.schema.json")));
        assertTrue(result.out().contains("created .workflow/schemas/config.schema.json"), result::toString);
        CliRun.Result replay = wb(repo.root(), "replay", "workspace", "--json");
        assertEquals(
                "workspace.initialized", replay.jsonLines().get(0).get("type").asText());
    }

    @Test
    void init_run_twice_changes_no_file_and_says_what_it_kept() throws IOException {
        wb(repo.root(), "init");
        byte[] config = Files.readAllBytes(repo.resolve(".workflow/config.json"));
        repo.write(".workflow/policy.json", "{\"blockedReadPatterns\": [\"secret/**\"]}\n");

        CliRun.Result again = wb(repo.root(), "init", "--json");

        assertEquals(0, again.code(), again::toString);
        assertEquals(8, again.json().get("kept").size(), "three files and five schemas");
        assertEquals(0, again.json().path("created").size());
        assertEquals(0, again.json().path("updated").size());
        assertArrayEquals(config, Files.readAllBytes(repo.resolve(".workflow/config.json")));
        assertEquals(
                "{\"blockedReadPatterns\": [\"secret/**\"]}\n",
                Files.readString(repo.resolve(".workflow/policy.json")));
    }

    @Test
    void init_updates_a_schema_that_differs_and_says_so_keeping_the_users_config() throws IOException {
        repo.write(".workflow/config.json", "{\"execute\": true}\n");
        repo.write(".workflow/schemas/config.schema.json", "{}\n");

        CliRun.Result result = wb(repo.root(), "init");

        assertEquals(0, result.code(), result::toString);
        assertTrue(
                result.out().contains("updated .workflow/schemas/config.schema.json (wb's schema changed)"),
                result::toString);
        assertTrue(result.out().contains("kept    .workflow/config.json (already there)"), result::toString);
        assertEquals("{\"execute\": true}\n", Files.readString(repo.resolve(".workflow/config.json")));
        assertTrue(Files.readString(repo.resolve(".workflow/schemas/config.schema.json"))
                .contains("\"$schema\": \"https://json-schema.org/draft/2020-12/schema\""));
    }

    @Test
    void the_gitignore_keeps_the_local_folder_and_the_views_out_of_git() throws IOException {
        wb(repo.root(), "init");
        repo.write(".workflow/ABC-1/audit.json", "{}");

        String status = repo.git("status", "--porcelain", "--untracked-files=all");

        assertTrue(status.contains(".workflow/config.json"), status);
        assertFalse(status.contains(".workflow/local/"), status);
        assertFalse(status.contains("audit.json"), status);
    }

    @Test
    void wb_works_from_a_subfolder_and_uses_the_repository_root() throws IOException {
        Path deep = Files.createDirectories(repo.resolve("src/main/deep"));

        CliRun.Result result = wb(deep, "init");

        assertEquals(0, result.code(), result::toString);
        assertTrue(Files.isDirectory(repo.resolve(".workflow/local/log")));
        assertFalse(Files.exists(deep.resolve(".workflow")));
    }

    @Test
    void outside_a_git_repository_init_exits_2_with_error_and_fix() throws IOException {
        Path outside = Files.createDirectories(tmp.resolve("not-a-repo"));

        CliRun.Result result = wb(outside, "init");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: not a git repository\n  fix: "), result::toString);
        assertFalse(Files.exists(outside.resolve(".workflow")));
    }

    @Test
    void status_and_replay_work_where_init_never_ran() {
        CliRun.Result status = wb(repo.root(), "status", "--stats", "--json");

        assertEquals(0, status.code(), status::toString);
        assertEquals(0, status.json().get("streams").size());
        assertEquals(0, status.json().get("totals").get("events").asInt());
    }

    @Test
    void where_init_never_ran_the_local_folder_wb_creates_stays_out_of_git() {
        wb(repo.root(), "status"); // a read creates nothing (issue 13 item 26)
        wb(repo.root(), "validate-flow", "--all"); // a command that records

        assertTrue(Files.isDirectory(repo.resolve(".workflow/local")));
        assertEquals("", repo.git("status", "--porcelain", "--untracked-files=all"));
    }

    @Test
    void replay_of_a_task_without_history_exits_6() {
        CliRun.Result result = wb(repo.root(), "replay", "ABC-1");

        assertEquals(6, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: no history for task ABC-1\n"), result::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "ABC1", "1-ABC", "ABC-", "-12", "A B-1"})
    void a_malformed_key_exits_2_without_a_stack_trace(String key) {
        CliRun.Result result = wb(repo.root(), "replay", key);

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: malformed key: " + key + "\n  fix: "), result::toString);
        assertNoStackTrace(result);
    }

    @Test
    void replay_without_a_key_exits_2_naming_the_missing_key() {
        // Regression: with specs built in code the key was optional, and wb said "malformed key: null".
        CliRun.Result result = wb(repo.root(), "replay");

        assertEquals(2, result.code(), result::toString);
        assertTrue(
                result.err()
                        .startsWith("error: wb replay needs KEY (the task key, like ABC-12)\n  fix: wb replay --help"),
                result::toString);
    }

    @Test
    void a_lower_case_key_is_the_same_task_as_its_upper_case_form() {
        wb(repo.root(), "init");

        assertEquals(
                wb(repo.root(), "replay", "ABC-1").err(),
                wb(repo.root(), "replay", "abc-1").err());
    }

    @Test
    void replay_lists_events_one_line_each_with_version_type_actor_and_summary() {
        wb(repo.root(), "init");
        wb(repo.root(), "init");

        CliRun.Result result = wb(repo.root(), "replay", "workspace");

        List<String> lines = result.out().lines().toList();
        assertEquals(2, lines.size(), result::toString);
        assertTrue(
                lines.get(0).matches("\\s+0  \\S+Z  workspace\\.initialized .*created config\\.json.*"), lines.get(0));
        assertTrue(lines.get(1).contains("kept config.json"), lines.get(1));
    }

    @Test
    void replay_summarises_an_old_schema_event_as_this_wb_reads_it_and_prints_it_as_stored_in_json() {
        // Regression, found in review: the text summary read the stored schema-1 payload and said
        // "created nothing; kept nothing".
        try (dev.wb.engine.EventLog log = dev.wb.engine.logs.EventLogs.chronicle(repo.resolve(".workflow/local/log"))) {
            com.fasterxml.jackson.databind.node.ObjectNode v1 = dev.wb.engine.json.CanonicalJson.objectNode();
            v1.putArray("files").add("config.json");
            log.append(
                    dev.wb.engine.StreamId.workspace(),
                    dev.wb.engine.ExpectedVersion.noStream(),
                    List.of(new dev.wb.engine.NewEvent("workspace.initialized", 1, v1)),
                    dev.wb.engine.TestEvents.invocation());
        }

        CliRun.Result text = wb(repo.root(), "replay", "workspace");
        JsonNode stored =
                wb(repo.root(), "replay", "workspace", "--json").jsonLines().get(0);

        assertTrue(text.out().contains("created config.json; kept nothing"), text::toString);
        assertEquals(1, stored.get("schemaVersion").asInt());
        assertTrue(stored.get("payload").has("files"));
    }

    @Test
    void replay_json_prints_one_whole_envelope_per_line() {
        wb(repo.root(), "init");

        JsonNode envelope =
                wb(repo.root(), "replay", "workspace", "--json").jsonLines().get(0);

        for (String field : List.of(
                "eventId",
                "stream",
                "version",
                "type",
                "schemaVersion",
                "time",
                "actor",
                "wbVersion",
                "invocationId",
                "payload",
                "prevHash",
                "hash")) {
            assertTrue(envelope.has(field), "missing " + field + " in " + envelope);
        }
        assertTrue(envelope.get("actor").has("pid"));
        assertTrue(envelope.get("hash").asText().matches("sha256:[0-9a-f]{64}"));
    }

    @Test
    void the_json_flag_works_before_and_after_the_subcommand() {
        wb(repo.root(), "init");

        CliRun.Result before = wb(repo.root(), "--json", "status", "--stats");
        CliRun.Result after = wb(repo.root(), "status", "--stats", "--json");

        assertEquals(1, before.json().get("streams").size(), before::toString);
        assertEquals(before.json().get("totals"), after.json().get("totals"));
    }

    @Test
    void replay_verify_passes_on_an_untouched_history() {
        wb(repo.root(), "init");

        CliRun.Result result = wb(repo.root(), "replay", "workspace", "--verify");

        assertEquals(0, result.code(), result::toString);
        assertEquals("the workspace: 1 events, hash chain intact\n", result.out());
    }

    @Test
    void replay_at_shows_every_projection_as_of_that_event() {
        wb(repo.root(), "init");
        wb(repo.root(), "init");

        JsonNode doc =
                wb(repo.root(), "replay", "workspace", "--at", "0", "--json").json();

        assertEquals(0, doc.get("asOf").asInt());
        assertEquals(1, doc.get("projections").get("activity").get("events").asInt());
        assertEquals(
                2,
                wb(repo.root(), "replay", "workspace", "--at", "1", "--json")
                        .json()
                        .get("projections")
                        .get("activity")
                        .get("events")
                        .asInt());
    }

    @Test
    void replay_at_a_version_past_the_end_exits_2_and_names_the_range() {
        wb(repo.root(), "init");

        CliRun.Result result = wb(repo.root(), "replay", "workspace", "--at", "5");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().contains("has events 0 to 0"), result::toString);
    }

    @Test
    void status_shows_each_stream_and_stats_add_workspace_totals() {
        wb(repo.root(), "init");
        wb(repo.root(), "init");

        CliRun.Result result = wb(repo.root(), "status", "--stats");

        assertEquals(0, result.code(), result::toString);
        assertTrue(
                result.out()
                        .lines()
                        .anyMatch(l ->
                                l.matches("workspace\\s+2\\s+\\S+Z\\s+workspace\\.initialized\\s+\\S.*(@| on )\\S+")),
                result::toString);
        assertTrue(result.out().contains("workspace: 0 tasks, 2 events"), result::toString);
        assertTrue(result.out().contains("workspace.initialized          2"), result::toString);
    }

    @Test
    void status_of_one_stream_shows_its_counts_by_type() {
        wb(repo.root(), "init");

        CliRun.Result result = wb(repo.root(), "status", "workspace", "--json");

        assertEquals(
                1,
                result.json().get("countsByType").get("workspace.initialized").asInt(),
                result::toString);
        assertEquals(6, wb(repo.root(), "status", "XYZ-9").code());
    }

    @Test
    void version_prints_the_wb_version() {
        CliRun.Result result = wb(repo.root(), "--version");

        assertEquals(0, result.code());
        assertTrue(result.out().startsWith("wb "), result::toString);
    }

    @Test
    void completion_script_generation_prints_a_bash_script() {
        CliRun.Result result = wb(repo.root(), "generate-completion");

        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().contains("complete -F"), result.out().substring(0, 200));
        for (String subcommand : List.of("init", "status", "replay")) {
            assertTrue(result.out().contains(subcommand), "the script completes " + subcommand);
        }
        assertTrue(result.out().contains("--verify"), "the script completes replay's options");
    }
}
