package dev.wb.commands.verify;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.wb.commands.ContentStore;
import dev.wb.commands.PlanFixture;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.audit.PlanAudited;
import dev.wb.projections.events.verify.VerifyCommandRan;
import dev.wb.projections.events.verify.VerifyFinished;
import dev.wb.projections.events.verify.VerifyStarted;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb impl verify} on a real repository, real processes (make) and a real log. */
class ImplVerifyTest {

    static final TaskKey KEY = new TaskKey("ABC-1");

    static final String MAKEFILE = """
            ok:
            \t@echo all good
            fail:
            \t@echo broken; exit 3
            hang:
            \t@sleep 30
            env:
            \t@echo "DB is $$DB_URL"
            leak:
            \t@cat .workflow/.env
            """;

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("Makefile", MAKEFILE);
        repo.write("src/app.py", "# app\nvalue = 1\n");
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app");
    }

    Session session() {
        return new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation());
    }

    PlanFixture planWith(String... verify) {
        PlanFixture plan = plan(KEY.value()).cite("src/app.py", 2, "value = 1").file("src/app.py", "edit");
        ArrayNode commands = plan.json().putArray("verify");
        for (String command : verify) {
            commands.add(command);
        }
        return plan;
    }

    ImplVerify.Result verify(PlanFixture plan) {
        plan.writeTo(repo);
        try (Session session = session()) {
            assertTrue(SddAudit.run(session, KEY, false).passed(), "the plan passes its audit");
            return ImplVerify.run(session, KEY, System.getenv(), ImplVerify.Progress.NONE);
        }
    }

    List<EventEnvelope> history() {
        try (Session session = session()) {
            return session.reader().read(StreamId.task(KEY));
        }
    }

    @Test
    void every_command_exiting_0_is_a_pass_recorded_as_it_went() throws IOException {
        ImplVerify.Result result = verify(planWith("make -s ok", "make -s ok"));

        assertEquals(Verdict.PASS, result.verdict());
        assertEquals(
                List.of(
                        PlanAudited.TYPE.name(),
                        VerifyStarted.TYPE.name(),
                        VerifyCommandRan.TYPE.name(),
                        VerifyCommandRan.TYPE.name(),
                        VerifyFinished.TYPE.name()),
                history().stream().map(EventEnvelope::type).toList());
        JsonNode ran = history().get(2).payload().json();
        assertEquals(
                List.of("make", "-s", "ok"),
                List.of(
                        ran.get("argv").get(0).asText(),
                        ran.get("argv").get(1).asText(),
                        ran.get("argv").get(2).asText()));
        assertEquals("all good\n", ran.get("head").asText());
        assertTrue(Files.readString(result.evidenceMarkdown()).contains("**Verdict:** pass\n"));
    }

    @Test
    void a_failing_command_fails_the_run_and_its_output_is_kept_by_digest() throws IOException {
        ImplVerify.Result result = verify(planWith("make -s ok", "make -s fail"));

        assertEquals(Verdict.FAIL, result.verdict());
        JsonNode failed = history().get(3).payload().json();
        assertEquals(2, failed.get("exitCode").asInt(), "make reports the recipe's failure as exit 2");
        String digest = failed.get("outputDigest").asText();
        try (Session session = session()) {
            String stored =
                    new String(new ContentStore(session.workspace()).get(digest).orElseThrow(), StandardCharsets.UTF_8);
            assertTrue(stored.contains("broken"), stored);
        }
    }

    @Test
    void a_refused_command_is_not_run_not_dropped_and_the_run_cannot_pass() throws IOException {
        ImplVerify.Result result = verify(planWith("make -s ok", "curl http://example.com", "make -s ok | tee x"));

        assertEquals(Verdict.FAIL, result.verdict(), "two refusals, though everything that ran passed");
        assertEquals(2, result.plan().refused().size());
        String evidence = Files.readString(result.evidenceMarkdown());
        assertTrue(evidence.contains("## Not run"), evidence);
        assertTrue(evidence.contains("- `curl http://example.com` — refused"), evidence);
        assertFalse(Files.exists(repo.resolve("x")), "the pipe never ran");
    }

    @Test
    void variables_reach_the_command_but_the_evidence_names_them_only() throws IOException {
        PlanFixture plan = planWith("make -s env");
        plan.json().putObject("verify_env").put("DB_URL", "postgres://user:secret@db/app");

        ImplVerify.Result result = verify(plan);

        assertEquals(Verdict.PASS, result.verdict());
        String evidence = Files.readString(result.evidenceMarkdown());
        assertTrue(evidence.contains("**Environment:** DB_URL\n"), evidence);
        JsonNode started = history().get(1).payload().json();
        assertFalse(started.toString().contains("secret"), "no value in the start event");
        assertTrue(
                history().get(2).payload().json().get("head").asText().contains("DB is postgres://"),
                "the command saw the value");
    }

    @Test
    void the_recorded_output_keeps_no_env_file_value() throws IOException {
        repo.write(".workflow/.env", "DEPLOY_VALUE=zz-env-file-secret-42\n");

        ImplVerify.Result result = verify(planWith("make -s leak"));

        assertEquals(Verdict.PASS, result.verdict());
        String head = history().get(2).payload().json().get("head").asText();
        assertFalse(head.contains("zz-env-file-secret-42"), head);
        assertTrue(head.contains("DEPLOY_VALUE=[redacted]"), head);
    }

    @Test
    void a_hung_command_is_killed_at_the_limit_and_recorded_as_timed_out() {
        repo.write(".workflow/config.json", "{\"checks\": {\"timeout_seconds\": 1}}");
        long start = System.nanoTime();

        ImplVerify.Result result = verify(planWith("make -s hang", "make -s ok"));

        assertTrue(System.nanoTime() - start < 20_000_000_000L, "killed at 1 s, not after make's 30 s sleep");
        assertEquals(Verdict.FAIL, result.verdict());
        assertEquals(
                "timed_out", history().get(2).payload().json().get("outcome").asText());
        assertEquals(1, history().get(1).payload().json().get("timeoutSeconds").asInt());
    }

    @Test
    void a_limit_above_600_seconds_is_a_configuration_error() {
        repo.write(".workflow/config.json", "{\"checks\": {\"timeout_seconds\": 601}}");

        Failure failure = assertThrows(Failure.class, () -> verify(planWith("make -s ok")));

        assertEquals(Failure.Kind.CONFIG, failure.kind());
    }

    @Test
    void without_a_passing_current_audit_nothing_runs() {
        planWith("make -s ok").writeTo(repo);

        try (Session session = session()) {
            Failure failure =
                    assertThrows(Failure.class, () -> ImplVerify.run(session, KEY, Map.of(), ImplVerify.Progress.NONE));
            assertEquals(Failure.Kind.USAGE, failure.kind());
        }
        assertTrue(history().isEmpty(), "a refusal records nothing and runs nothing");
    }
}
