package dev.wb.cli.task;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb task get KEY}. gh is not installed here and nothing may reach the network: the GitHub
 * path runs a stand-in {@code gh} placed first on PATH, which logs its arguments and prints what
 * {@code gh issue view --json} documents.
 */
class TaskGetCliTest {

    static final String ISSUE_JSON =
            "{\"number\":12,\"title\":\"Login  fails\\n on Safari\",\"body\":\"Steps:\\r\\n1. open\","
                    + "\"labels\":[{\"id\":\"L1\",\"name\":\"bug\",\"description\":\"\",\"color\":\"d73a4a\"}],"
                    + "\"state\":\"OPEN\",\"stateReason\":\"\",\"assignees\":[{\"id\":\"U1\",\"login\":\"octocat\",\"name\":\"Mona\"}],"
                    + "\"updatedAt\":\"2026-05-01T10:00:00Z\",\"url\":\"https://github.com/octo/app/issues/12\"}";

    @TempDir
    Path tmp;

    TempGitRepo repo;
    Path bin;
    Path calls;

    @BeforeEach
    void repository() throws IOException {
        repo = TempGitRepo.create(tmp, "repo");
        bin = Files.createDirectories(tmp.resolve("bin"));
        calls = tmp.resolve("gh-calls.txt");
        fakeGh("printf '%s\\n' \"$*\" >> '" + calls + "'\ncat <<'JSON'\n" + ISSUE_JSON + "\nJSON\n");
    }

    void fakeGh(String body) throws IOException {
        Path gh = bin.resolve("gh");
        Files.writeString(gh, "#!/bin/sh\n" + body, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(gh, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    Map<String, String> env() {
        return Map.of("PATH", bin + ":" + System.getenv("PATH"), "GH_TOKEN", "secret-token-value");
    }

    List<String> ghCalls() throws IOException {
        return Files.exists(calls) ? Files.readAllLines(calls) : List.of();
    }

    JsonNode triage() throws IOException {
        return new ObjectMapper()
                .readTree(repo.resolve(".workflow/ABC-1/triage.json").toFile());
    }

    @Test
    void a_github_issue_read_through_a_stand_in_gh_on_path_becomes_triage_json() throws IOException {
        CliRun.Result result = wb(repo.root(), env(), "task", "get", "ABC-1", "--issue", "12", "--repo", "octo/app");

        assertEquals(0, result.code(), result::toString);
        assertEquals(
                List.of("issue view 12 --repo octo/app --json number,title,body,labels,state,stateReason,assignees,"
                        + "updatedAt,url"),
                ghCalls());
        JsonNode triage = triage();
        assertEquals("github", triage.get("provider").textValue());
        assertEquals("ABC-1", triage.get("key").textValue());
        assertEquals("Login fails on Safari", triage.get("title").textValue());
        assertEquals("bug", triage.get("type").textValue());
        assertEquals("open", triage.get("status").textValue());
        assertEquals("octocat", triage.get("assignee").textValue());
        assertEquals("Steps:\n1. open", triage.get("desc").textValue());
        assertEquals(0, triage.get("comments").get("total").asInt());
        assertTrue(result.out().endsWith("\nwrote .workflow/ABC-1/triage.json\n"), result::toString);
        CliRun.Result replay = wb(repo.root(), "replay", "ABC-1");
        assertTrue(replay.out().contains("task.fetched"), replay::toString);
    }

    @Test
    void a_second_get_within_15_minutes_is_served_from_the_cache_without_gh_and_refresh_asks_again()
            throws IOException {
        assertEquals(
                0,
                wb(repo.root(), env(), "task", "get", "ABC-1", "--issue", "12").code());

        CliRun.Result again = wb(repo.root(), env(), "task", "get", "ABC-1", "--issue", "12", "--json");
        assertEquals(0, again.code(), again::toString);
        assertTrue(again.json().get("cached").booleanValue(), again::toString);
        assertEquals(1, ghCalls().size());

        CliRun.Result refreshed = wb(repo.root(), env(), "task", "get", "ABC-1", "--issue", "12", "--refresh");
        assertEquals(0, refreshed.code(), refreshed::toString);
        assertEquals(2, ghCalls().size());
        assertTrue(Files.exists(repo.resolve(".workflow/ABC-1/.cache/triage.json")));
    }

    @Test
    void the_token_never_reaches_gh_on_its_command_line() throws IOException {
        assertEquals(
                0,
                wb(repo.root(), env(), "task", "get", "ABC-1", "--issue", "12").code());

        assertFalse(String.join("\n", ghCalls()).contains("secret-token-value"));
    }

    @Test
    void gh_failing_exits_1_and_writes_nothing() throws IOException {
        fakeGh("echo 'GraphQL: Could not resolve to an issue with the number of 99.' >&2\nexit 1\n");

        CliRun.Result result = wb(repo.root(), env(), "task", "get", "ABC-1", "--issue", "99");

        assertEquals(1, result.code(), result::toString);
        assertTrue(
                result.err().startsWith("error: gh issue view exited 1: GraphQL: Could not resolve"), result::toString);
        assertTrue(result.err().contains("\n  fix: "), result::toString);
        assertFalse(Files.exists(repo.resolve(".workflow/ABC-1/triage.json")));
    }

    @Test
    void the_local_backlog_ticket_becomes_triage_json() throws IOException {
        repo.write(
                ".workflow/tasks/WB-2.json",
                "{\"key\": \"WB-2\", \"title\": \"Local provider\", \"type\": \"chore\", \"status\": \"done\","
                        + " \"desc\": \"Reach repos with no Jira.\", \"updated\": \"2026-08-17T19:29:57Z\"}");

        CliRun.Result result = wb(repo.root(), env(), "task", "get", "WB-2", "--json");

        assertEquals(0, result.code(), result::toString);
        JsonNode triage = result.json().get("triage");
        assertEquals("local", triage.get("provider").textValue());
        assertEquals("chore", triage.get("type").textValue());
        assertEquals("done", triage.get("status").textValue());
        assertEquals("Reach repos with no Jira.", triage.get("desc").textValue());
        assertTrue(Files.exists(repo.resolve(".workflow/WB-2/triage.json")));
        assertEquals(List.of(), ghCalls());
    }

    @Test
    void no_issue_and_no_local_ticket_exits_6() {
        CliRun.Result result = wb(repo.root(), env(), "task", "get", "ABC-1");

        assertEquals(6, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: no ticket for ABC-1"), result::toString);
    }

    @Test
    void a_malformed_repository_exits_2() {
        CliRun.Result result = wb(repo.root(), env(), "task", "get", "ABC-1", "--issue", "3", "--repo", "nope");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: --repo nope is not OWNER/NAME\n  fix: "), result::toString);
    }
}
