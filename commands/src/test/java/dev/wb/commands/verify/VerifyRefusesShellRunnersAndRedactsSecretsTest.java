package dev.wb.commands.verify;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.wb.commands.PlanFixture;
import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.process.ExecutableLookup;
import dev.wb.commands.process.RunResult;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.projections.events.Verdict;
import dev.wb.testkit.TempGitRepo;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * wb verify refuses a runner that is a shell in disguise, a plan that sets git config, and a command
 * with a control character, and redacts secrets wherever a command is recorded: on a real repository,
 * real processes and a real log (hardened in issue 13).
 */
class VerifyRefusesShellRunnersAndRedactsSecretsTest {

    static final TaskKey KEY = new TaskKey("ABC-1");
    static final String TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
    static final String URL_PASSWORD = "hunter2-url-pass";

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("Makefile", "ok:\n\t@echo all good\n");
        repo.write("src/app.py", "# app\nvalue = 1\n");
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app");
    }

    // item 5: "A runner named by path that is a symlink to a shell runs the shell: ./tools/pytest -> /bin/sh
    // passes the allowlist by its file name."
    @Test
    void item05_a_runner_named_by_path_that_links_to_a_shell_is_refused_and_listed_under_not_run() throws IOException {
        Files.createDirectories(repo.resolve("tools"));
        Files.createSymbolicLink(repo.resolve("tools/pytest"), Path.of("/bin/sh"));

        ImplVerify.Result result =
                verify(planWith("./tools/pytest -c 'touch pwned'", "make -s ok"), System.getenv(), new ArrayList<>());

        assertFalse(Files.exists(repo.resolve("pwned")), "the shell never ran");
        assertEquals(Verdict.FAIL, result.verdict());
        assertEquals(1, result.plan().refused().size());
        String reason = result.plan().refused().get(0).reason();
        assertTrue(reason.contains("resolves to") && reason.contains("not a known build, test or lint runner"), reason);
        String evidence = Files.readString(result.evidenceMarkdown());
        assertTrue(
                evidence.contains("## Not run") && evidence.contains("- `./tools/pytest -c 'touch pwned'` — refused"),
                evidence);
        assertEquals(1, result.run().commands().size(), "only make ran");
    }

    // item 5: "… also a runner found via PATH."
    @Test
    void item05_a_runner_found_on_path_that_links_to_a_shell_is_refused() throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("pytest"), Path.of("/bin/sh"));
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PATH", bin + File.pathSeparator + System.getenv("PATH"));

        ImplVerify.Result result = verify(planWith("pytest -c 'touch pwned'"), env, new ArrayList<>());

        assertFalse(Files.exists(repo.resolve("pwned")), "the shell never ran");
        assertEquals(Verdict.FAIL, result.verdict());
        assertEquals("pytest -c 'touch pwned'", result.plan().refused().get(0).subject());
        assertTrue(result.run().commands().isEmpty());
    }

    // item 5: the real file is what counts, so a link to an allowlisted runner keeps working.
    @Test
    void item05_a_link_to_an_allowlisted_runner_still_runs() throws IOException {
        Path make = ExecutableLookup.find("make", repo.root(), System.getenv()).orElseThrow();
        Files.createDirectories(repo.resolve("tools"));
        Files.createSymbolicLink(repo.resolve("tools/make"), make);

        ImplVerify.Result result = verify(planWith("./tools/make -s ok"), System.getenv(), new ArrayList<>());

        assertEquals(Verdict.PASS, result.verdict());
    }

    // item 11: the audit refuses them too, as a structure finding.
    @Test
    void item11_a_plan_setting_git_config_count_fails_its_audit() {
        PlanFixture plan = planWith("make -s ok");
        plan.json().putObject("verify_env").put("GIT_CONFIG_COUNT", "1");
        plan.writeTo(repo);

        try (Session session = session()) {
            assertFalse(SddAudit.run(session, KEY, false).passed());
        }
    }

    // item 10: "a secret written literally into a verify command is stored unredacted in verify.started,
    // verify.command.ran, evidence.md and evidence.json (command output is redacted correctly)."
    @Test
    void item10_a_secret_written_into_a_command_is_redacted_wherever_the_command_is_recorded() throws IOException {
        List<String> shown = new ArrayList<>();
        ImplVerify.Result result = verify(
                planWith(
                        "make -s ok TOKEN=" + TOKEN,
                        "make -s ok URL=https://deploy:" + URL_PASSWORD + "@example.com/x",
                        "curl --token=" + TOKEN),
                System.getenv(),
                shown);

        assertEquals(Verdict.FAIL, result.verdict(), "curl is refused");
        assertEquals(2, result.run().commands().size(), "both make commands ran, with their real arguments");
        List<String> recorded = new ArrayList<>();
        history().forEach(e -> recorded.add(e.payload().json().toString()));
        recorded.add(Files.readString(result.evidenceMarkdown()));
        recorded.add(Files.readString(result.evidenceJson()));
        recorded.addAll(shown);
        result.plan().refused().forEach(r -> recorded.add(r.subject() + " " + r.reason()));
        result.plan().runnable().forEach(r -> recorded.add(r.command()));
        for (String text : recorded) {
            assertFalse(text.contains(TOKEN) || text.contains(URL_PASSWORD), text);
        }
        String evidence = Files.readString(result.evidenceMarkdown());
        assertTrue(evidence.contains("make -s ok TOKEN=[redacted]"), evidence);
        assertTrue(evidence.contains("https://deploy:[redacted]@example.com/x"), evidence);
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

    ImplVerify.Result verify(PlanFixture plan, Map<String, String> env, List<String> shown) {
        plan.writeTo(repo);
        try (Session session = session()) {
            assertTrue(SddAudit.run(session, KEY, false).passed(), "the plan passes its audit");
            return ImplVerify.run(session, KEY, env, new ImplVerify.Progress() {
                @Override
                public void started(int position, int total, String command) {
                    shown.add(command);
                }

                @Override
                public void tick(int position, Duration elapsed) {}

                @Override
                public void finished(int position, String command, RunResult result) {
                    shown.add(command);
                }
            });
        }
    }

    List<EventEnvelope> history() {
        try (Session session = session()) {
            return session.reader().read(StreamId.task(KEY));
        }
    }

    // Issue 13 item 1: a verify command holding ESC codes was shown raw ("git --version \e[1A\e[2K  passed  fake").
    @Test
    void item01_a_verify_command_with_a_control_character_is_refused_and_named_escaped() {
        Optional<String> refusal = VerifyPolicy.refusal("pytest -q \u001b[1A\u001b[2K  passed");
        assertTrue(refusal.isPresent(), "refused");
        assertTrue(refusal.get().startsWith("refused: contains a control character (\\x1b)"), refusal.get());
        assertFalse(refusal.get().contains("\u001b"), refusal.get());
        assertEquals(Optional.empty(), VerifyPolicy.refusal("pytest\t-q"));
    }
}
