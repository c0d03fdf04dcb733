package dev.wb.cli.sync;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb sync}, {@code sync push} and {@code sync fetch} as a user meets them: output, JSON, exit codes. */
class SyncCliTest {

    @TempDir
    Path tmp;

    Path remote;
    TempGitRepo a;
    TempGitRepo b;
    final Map<String, String> env = TempGitRepo.gitEnvironment();

    @BeforeEach
    void clones() {
        remote = TempGitRepo.createBare(tmp, "remote.git");
        TempGitRepo.create(tmp, "seed").git("push", "-q", remote.toString(), "main");
        a = TempGitRepo.cloneOf(remote, tmp, "a");
        b = TempGitRepo.cloneOf(remote, tmp, "b");
    }

    @Test
    void push_then_fetch_then_sync_report_what_travelled() {
        assertEquals(0, wb(a.root(), env, "init").code());

        CliRun.Result pushed = wb(a.root(), env, "sync", "push");
        assertEquals(0, pushed.code(), pushed::toString);
        assertTrue(
                pushed.out().startsWith("exported 1 event(s) of 1 stream(s) as commits under refs/wb/"),
                pushed::toString);
        assertTrue(pushed.out().contains("pushed refs/wb/* to origin"), pushed::toString);

        CliRun.Result fetched = wb(b.root(), env, "--json", "sync", "fetch");
        assertEquals(0, fetched.code(), fetched::toString);
        JsonNode doc = fetched.json();
        assertEquals(1, doc.get("events").asInt());
        assertEquals("workspace", doc.get("imported").get(0).get("stream").asText());

        CliRun.Result both = wb(b.root(), env, "sync");
        assertEquals(0, both.code(), both::toString);
        assertTrue(both.out().contains("nothing new to import"), both::toString);
        // the first fetch recorded what it found of the signatures: b's own first event, pushed now
        assertTrue(both.out().contains("exported 1 event(s) of 1 stream(s)"), both::toString);
    }

    @Test
    void an_unknown_remote_exits_2_with_a_fix() {
        CliRun.Result result = wb(a.root(), env, "sync", "upstream");
        assertEquals(2, result.code(), result::toString);
        assertTrue(
                result.err().startsWith("error: this clone has no remote named upstream (it has: origin)"),
                result::toString);
        assertTrue(result.err().contains("\n  fix: name one of them, e.g. wb sync fetch origin"), result::toString);
    }

    @Test
    void a_tampered_history_exits_7_and_imports_nothing() throws IOException {
        assertEquals(0, wb(a.root(), env, "init").code());
        assertEquals(0, wb(a.root(), env, "sync", "push").code());
        String ref = a.git("for-each-ref", "--format=%(refname)", "refs/wb/").strip();

        TempGitRepo attacker = TempGitRepo.cloneOf(remote, tmp, "attacker");
        attacker.git("fetch", "-q", "origin", ref + ":refs/attack");
        attacker.git("checkout", "-q", "refs/attack");
        Path events = attacker.resolve("events");
        Files.writeString(
                events, Files.readString(events, StandardCharsets.UTF_8).replace("config.json", "confiG.json"));
        attacker.git("commit", "-q", "-a", "--amend", "--no-edit");
        attacker.git("push", "-q", "-f", "origin", "HEAD:" + ref);

        CliRun.Result result = wb(b.root(), env, "--json", "sync", "fetch");
        assertEquals(7, result.code(), result::toString);
        assertTrue(
                result.err()
                        .startsWith("error: a history fetched from origin did not verify, so nothing was imported:"),
                result::toString);
        assertTrue(result.err().contains("  fix: "), result::toString);
        assertEquals(7, result.json().get("exitCode").asInt());
        assertFalse(Files.exists(b.resolve(".workflow/local/sync/replicas")), result::toString);
    }

    @Test
    void push_with_output_is_a_flag_and_says_what_it_left_out_in_json() {
        assertEquals(0, wb(a.root(), env, "init").code());

        CliRun.Result pushed = wb(a.root(), env, "--json", "sync", "push", "--with-output");
        assertEquals(0, pushed.code(), pushed::toString);
        assertEquals(1, pushed.json().get("events").asInt());
        assertTrue(pushed.json().get("warnings").isArray(), pushed::toString);
        assertEquals(0, pushed.json().get("warnings").size(), pushed::toString);

        CliRun.Result fetched = wb(b.root(), env, "--json", "sync", "fetch");
        assertEquals(0, fetched.code(), fetched::toString);
        assertEquals(0, fetched.json().get("objects").asInt(), "wb init names no output");

        CliRun.Result help = wb(a.root(), env, "sync", "push", "--help");
        assertTrue(help.out().contains("--with-output"), help::toString);
    }
}
