package dev.wb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/wb as a user runs it: a real process, from folders inside and outside a repository. */
class LauncherIT {

    private static final Path HOME = Path.of(System.getProperty("user.dir")).getParent();
    private static final Path WB = HOME.resolve("bin/wb");

    @TempDir
    Path tmp;

    private TempGitRepo repo;
    private Path fakeHome;

    @BeforeEach
    void setUp() throws IOException {
        repo = TempGitRepo.create(tmp, "repo");
        fakeHome = Files.createDirectories(tmp.resolve("home"));
    }

    private ProcessResult wb(Path cwd, String... args) {
        return wb(cwd, Map.of(), args);
    }

    private ProcessResult wb(Path cwd, Map<String, String> extraEnv, String... args) {
        List<String> argv = new ArrayList<>();
        argv.add(WB.toString());
        argv.addAll(List.of(args));
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", fakeHome.toString());
        env.putAll(extraEnv);
        return TempGitRepo.Processes.run(cwd, argv, env, 60);
    }

    @Test
    void init_status_and_replay_work_from_a_subfolder_of_the_repository() throws IOException {
        Path deep = Files.createDirectories(repo.resolve("a/b"));

        ProcessResult init = wb(deep, "init");
        ProcessResult status = wb(deep, "status", "--stats");
        ProcessResult replay = wb(deep, "replay", "workspace", "--json");
        ProcessResult verify = wb(deep, "replay", "workspace", "--verify");
        ProcessResult at = wb(deep, "replay", "workspace", "--at", "0");

        assertEquals(0, init.exitCode(), init.stderr());
        assertTrue(Files.isRegularFile(repo.resolve(".workflow/config.json")));
        assertEquals(0, status.exitCode(), status.stderr());
        assertTrue(status.stdout().contains("workspace: 0 tasks, 1 events"), status.stdout());
        JsonNode envelope =
                new ObjectMapper().readTree(replay.stdout().lines().findFirst().orElseThrow());
        assertEquals("workspace.initialized", envelope.get("type").asText());
        assertEquals(0, verify.exitCode(), verify.stderr());
        assertEquals(0, at.exitCode(), at.stderr());
        assertEquals("", init.stderr() + status.stderr() + replay.stderr() + verify.stderr(), "stderr stays quiet");
    }

    @Test
    void the_readme_demo_runs_as_a_user_runs_it_and_leaves_the_folder_it_ran_in_untouched() throws IOException {
        Path cwd = Files.createDirectories(tmp.resolve("anywhere"));
        List<String> argv = List.of(HOME.resolve("bin/demo").toString());
        Map<String, String> env = new HashMap<>(Map.of("HOME", fakeHome.toString()));

        ProcessResult demo = TempGitRepo.Processes.run(cwd, argv, env, 120);

        assertEquals(0, demo.exitCode(), demo.stdout() + demo.stderr());
        assertTrue(demo.stdout().contains("── 10. Review capture"), demo.stdout());
        assertTrue(demo.stdout().contains("── 11. The judge's record, verified"), demo.stdout());
        assertTrue(demo.stdout().contains("── 13. Replay the task's history"), demo.stdout());
        assertTrue(demo.stdout().contains("task DEMO-1: 23 events, hash chain intact"), demo.stdout());
        try (Stream<Path> files = Files.list(cwd)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void outside_a_repository_the_launcher_exits_2_with_error_and_fix() throws IOException {
        ProcessResult result = wb(Files.createDirectories(tmp.resolve("plain")), "init");

        assertEquals(2, result.exitCode());
        assertEquals(
                "error: not a git repository\n  fix: run wb inside a git repository, or create one with: git init\n",
                result.stderr());
    }

    @Test
    void a_task_without_history_exits_6_and_a_bad_key_exits_2() {
        assertEquals(6, wb(repo.root(), "replay", "ABC-1").exitCode());
        assertEquals(2, wb(repo.root(), "replay", "nope").exitCode());
        assertEquals(6, wb(repo.root(), "status", "ABC-1").exitCode());
    }

    @Test
    void nothing_phones_home_and_the_analytics_class_is_not_on_the_runtime_class_path() throws IOException {
        Path lib = HOME.resolve("cli/target/lib");
        try (Stream<Path> jars = Files.list(lib)) {
            assertFalse(
                    jars.anyMatch(p -> p.getFileName().toString().contains("analytics")), "an analytics jar in " + lib);
        }
        try (JarFile jar = new JarFile(HOME.resolve("cli/target/wb.jar").toFile())) {
            String classPath = jar.getManifest().getMainAttributes().getValue("Class-Path");
            assertFalse(classPath.contains("analytics"), classPath);
        }
        ProcessResult traced = wb(repo.root(), Map.of("WB_JAVA_OPTS", "-verbose:class"), "init");
        assertEquals(0, traced.exitCode(), traced.stderr());
        assertTrue(traced.stdout().contains("net.openhft.chronicle.queue"), "the trace shows Chronicle loading");
        assertFalse(traced.stdout().contains("chronicle.analytics.Analytics"), "Chronicle's analytics class loaded");
        try (Stream<Path> files = Files.list(fakeHome)) {
            assertFalse(
                    files.anyMatch(p -> p.getFileName().toString().contains("chronicle")),
                    "Chronicle wrote analytics files into HOME");
        }
    }

    @Test
    void version_and_help_need_no_repository() throws IOException {
        Path plain = Files.createDirectories(tmp.resolve("plain"));

        ProcessResult version = wb(plain, "--version");
        ProcessResult help = wb(plain, "--help");

        assertEquals(0, version.exitCode());
        assertTrue(version.stdout().startsWith("wb "), version.stdout());
        assertEquals(0, help.exitCode());
        assertTrue(help.stdout().contains("replay"), help.stdout());
    }
}
