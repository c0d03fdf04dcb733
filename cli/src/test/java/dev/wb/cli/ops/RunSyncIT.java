package dev.wb.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb run} on a task whose history came through {@code wb sync}, in real processes ({@code bin/wb})
 * and real clones of one bare remote: clone a creates the task and pushes; clone b fetches and runs a
 * tool flow to done; b pushes, a fetches (so a's view of the task merges b's run) and runs it again, to
 * done. Each run's appends are conditional on where this clone's own chain and each copy stood, never
 * on the merged view's numbering, so neither is refused as "another process appended".
 */
class RunSyncIT {

    private static final Path HOME = Path.of(System.getProperty("user.dir")).getParent();
    private static final Path WB = HOME.resolve("bin/wb");
    private static final String KEY = "CLK-1";

    private static final String FLOW = """
            flow:
              name: tooling
              task_type: tooling
              permission_ceiling: read-only
              output_policy: code_change
              publishing: none
              nodes:
                - {id: first, kind: tool, tool: first}
                - {id: second, kind: tool, tool: second}
              edges:
                - {from: first, to: second, outcome: pass}
            """;

    @TempDir
    Path tmp;

    Path remote;
    Path fakeHome;

    @BeforeEach
    void remote() throws IOException {
        remote = TempGitRepo.createBare(tmp, "remote.git");
        TempGitRepo seed = TempGitRepo.create(tmp, "seed");
        seed.write(".workflow/flows/tooling.yaml", FLOW);
        for (String tool : List.of("first", "second")) {
            Files.setPosixFilePermissions(
                    seed.write(".workflow/tools/" + tool, "#!/bin/sh\necho " + tool + "\n"),
                    PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        // Unsigned clones: how a synced run proceeds is the subject here, not who may sign (SignedSyncTest).
        seed.write(".workflow/config.json", "{\"sync\": {\"signatures\": \"off\"}}\n");
        seed.commitAll("a tool flow");
        seed.git("push", "-q", remote.toString(), "main");
        fakeHome = Files.createDirectories(tmp.resolve("home"));
    }

    private ProcessResult wb(TempGitRepo repo, String... args) {
        List<String> argv = new ArrayList<>();
        argv.add(WB.toString());
        argv.addAll(List.of(args));
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", fakeHome.toString());
        env.put("WB_SERVER", "off");
        return TempGitRepo.Processes.run(repo.root(), argv, env, 120);
    }

    private ProcessResult ok(TempGitRepo repo, String... args) {
        ProcessResult result = wb(repo, args);
        assertEquals(0, result.exitCode(), () -> String.join(" ", args) + "\n" + result.stdout() + result.stderr());
        return result;
    }

    /** {@code wb run KEY --flow tooling} reaches done, with no refusal of a concurrent append. */
    private void runsToDone(TempGitRepo repo) {
        ProcessResult run = wb(repo, "run", KEY, "--flow", "tooling");
        String out = run.stdout() + run.stderr();
        assertFalse(out.contains("another process appended"), out);
        assertEquals(0, run.exitCode(), out);
        assertTrue(out.contains("run " + KEY + ": done"), out);
    }

    @Test
    void a_task_synced_from_another_clone_runs_to_done_in_both_clones() {
        TempGitRepo a = TempGitRepo.cloneOf(remote, tmp, "a");
        TempGitRepo b = TempGitRepo.cloneOf(remote, tmp, "b");
        ok(a, "init");
        ok(a, "task", "new", KEY);
        ok(a, "sync", "push");

        ok(b, "init");
        ok(b, "sync", "fetch");
        // b holds the task only through sync: its own log has no event of it
        assertTrue(ok(b, "sync", "log", KEY).stdout().contains("task.created"), "b sees a's history");
        runsToDone(b);
        // in the merged order b's run follows what b had seen of a's history
        String merged = ok(b, "sync", "log", KEY).stdout();
        assertTrue(merged.indexOf("task.created") < merged.indexOf("run.started"), merged);
        String statusB = ok(b, "status", KEY).stdout();
        assertTrue(statusB.contains("run:           done (flow tooling, run 1)"), statusB);

        ok(b, "sync", "push");
        ok(a, "sync", "fetch");
        // a's view now merges b's run: a's own run is the task's second
        runsToDone(a);
        String statusA = ok(a, "status", KEY).stdout();
        assertTrue(statusA.contains("run:           done (flow tooling, run 2)"), statusA);

        // and back: b sees both runs, and runs a third time
        ok(a, "sync", "push");
        ok(b, "sync", "fetch");
        runsToDone(b);
        String again = ok(b, "status", KEY).stdout();
        assertTrue(again.contains("run:           done (flow tooling, run 3)"), again);
        ok(b, "replay", KEY, "--verify");
    }
}
