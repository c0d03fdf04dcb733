package dev.wb.cli.hooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.testkit.SamplePlan;
import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb hooks install claude} with the real launcher, then the commands it wrote run as Claude Code
 * runs them: through {@code sh -c}, with {@code wb} found on PATH (not a path into this checkout), the
 * event JSON on stdin.
 */
class HooksIT {

    private static final Path HOME = Path.of(System.getProperty("user.dir")).getParent();

    @TempDir
    Path tmp;

    private TempGitRepo repo;
    private Map<String, String> env;

    @BeforeEach
    void setUp() throws IOException {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", SamplePlan.APP_PY);
        repo.write("Makefile", "bad:\n\t@echo broken; exit 1\n");
        repo.write(".workflow/.gitignore", "local/\n");
        repo.commitAll("app");
        repo.git("checkout", "-q", "-b", "task/ABC-1");
        repo.write(
                ".workflow/ABC-1/sdd.json",
                SamplePlan.of("ABC-1").verify("make -s bad").json());
        env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", Files.createDirectories(tmp.resolve("home")).toString());
        env.put("PATH", HOME.resolve("bin") + ":" + System.getenv("PATH"));
    }

    private ProcessResult sh(String command, String stdin) throws IOException {
        return shIn(repo.root(), command, stdin);
    }

    @Test
    void the_written_hooks_run_wb_from_path_and_answer_as_claude_code_expects() throws IOException {
        assertEquals(0, sh("wb sdd audit ABC-1", "").exitCode());
        ProcessResult install = sh("wb hooks install claude", "");
        assertEquals(0, install.exitCode(), install.stderr());
        assertEquals("", install.stderr(), "wb is on PATH: no warning");

        JsonNode hooks = new ObjectMapper()
                .readTree(Files.readString(repo.resolve(".claude/settings.local.json")))
                .get("hooks");
        String postEdit = hooks.at("/PostToolUse/0/hooks/0/command").asText();
        String stop = hooks.at("/Stop/0/hooks/0/command").asText();
        assertTrue(postEdit.startsWith("wb "), "wb from PATH: " + postEdit);

        repo.write("src/stray.py", "oops = 1\n");
        ProcessResult deviation = sh(
                postEdit,
                "{\"hook_event_name\": \"PostToolUse\", \"tool_name\": \"Write\", \"cwd\": \"" + repo.root()
                        + "\", \"tool_input\": {\"file_path\": \"" + repo.resolve("src/stray.py") + "\"}}");
        assertEquals(2, deviation.exitCode(), deviation.stderr());
        assertTrue(deviation.stderr().contains("src/stray.py"), deviation.stderr());

        Files.delete(repo.resolve("src/stray.py"));
        repo.write("src/app.py", "# app\nvalue = 2\n");
        ProcessResult failing = sh(stop, "{\"hook_event_name\": \"Stop\", \"stop_hook_active\": false}");
        assertEquals(2, failing.exitCode(), failing.stderr());
        assertTrue(failing.stderr().contains("did not pass"), failing.stderr());
        ProcessResult again = sh(stop, "{\"hook_event_name\": \"Stop\", \"stop_hook_active\": true}");
        assertEquals(0, again.exitCode(), again.stderr());
    }

    /**
     * The issue's own case: the demo's repository, as {@code wb demo} leaves it, with Claude Code's hooks
     * installed. The demo leaves a secret file ({@code .env.local}) beside its task's change, and the
     * hook after an edit says so to the agent; once it is gone the edit passes and so does the stop.
     */
    @Test
    void in_the_demo_repository_the_installed_hooks_run_the_task_checks() throws IOException {
        ProcessResult demo = sh("wb demo --json", "");
        assertEquals(0, demo.exitCode(), demo.stderr());
        Path demoRepo = Path.of(
                new ObjectMapper().readTree(demo.stdout()).get("repository").asText());
        try {
            env.put("WB_TASK", "DEMO-1");
            env.put("WB_SERVER", "off");
            ProcessResult install = shIn(demoRepo, "wb hooks install claude", "");
            assertEquals(0, install.exitCode(), install.stderr());
            JsonNode hooks = new ObjectMapper()
                    .readTree(Files.readString(demoRepo.resolve(".claude/settings.local.json")))
                    .get("hooks");
            String postEdit = hooks.at("/PostToolUse/0/hooks/0/command").asText();
            String stop = hooks.at("/Stop/0/hooks/0/command").asText();
            assertEquals(
                    "Edit|Write|MultiEdit|NotebookEdit",
                    hooks.at("/PostToolUse/0/matcher").asText());
            String edit = "{\"hook_event_name\": \"PostToolUse\", \"tool_name\": \"Edit\", \"cwd\": \"" + demoRepo
                    + "\", \"tool_input\": {\"file_path\": \"" + demoRepo.resolve("src/cart.py") + "\"}}";

            ProcessResult secret = shIn(demoRepo, postEdit, edit);
            assertEquals(2, secret.exitCode(), secret.stderr());
            assertTrue(secret.stderr().contains(".env.local"), secret.stderr());
            assertFalse(secret.stderr().contains("settings.local.json"), "wb's own hook file is out of scope");

            Files.delete(demoRepo.resolve(".env.local"));
            ProcessResult inScope = shIn(demoRepo, postEdit, edit);
            assertEquals(0, inScope.exitCode(), inScope.stderr());
            ProcessResult stopped =
                    shIn(demoRepo, stop, "{\"hook_event_name\": \"Stop\", \"stop_hook_active\": false}");
            assertEquals(0, stopped.exitCode(), stopped.stderr());
            ProcessResult replay = shIn(demoRepo, "wb replay DEMO-1 --json", "");
            assertTrue(replay.stdout().contains("\"verify.finished\""), "the stop hook ran wb impl verify");
        } finally {
            TempGitRepo.Processes.run(tmp, List.of("rm", "-rf", demoRepo.toString()), env, 60);
        }
    }

    private ProcessResult shIn(Path dir, String command, String stdin) throws IOException {
        Path event = Files.writeString(tmp.resolve("event.json"), stdin);
        List<String> argv = new ArrayList<>(List.of("sh", "-c", "exec sh -c \"$1\" < \"$2\"", "sh", command));
        argv.add(event.toString());
        return TempGitRepo.Processes.run(dir, argv, env, 180);
    }
}
