package dev.wb.cli.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.Digests;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.Folds;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.run.RunProjection;
import dev.wb.projections.run.RunState;
import dev.wb.testkit.FakeProviders;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A repository for {@code wb run}: a scripted fake {@code claude} on a PATH of its own, the reference's
 * implementation flow, command sets that pass or fail, an audited plan, and helpers to read the task's
 * stream or append to it as a crashed run would have left it.
 */
public final class RunFixture {

    public static final String KEY = "ABC-1";

    public static final String IMPLEMENTATION = """
            flow:
              name: implementation
              task_type: implementation
              permission_ceiling: workspace-write
              output_policy: code_change
              publishing: local_artifact
              nodes:
                - {id: planning, kind: agent, role_file: roles/planning.md, permission_profile: read-only, output_artifact: plan}
                - {id: implementation, kind: agent, role_file: roles/implementation.md, session_scope: editing_lineage, permission_profile: workspace-write}
                - {id: testing, kind: checks, checker: command_profile}
                - {id: review, kind: evaluator, role: reviewer, role_file: roles/review.md}
                - {id: fixing, kind: agent, role_file: roles/fixing.md, lineage_affinity: implementation, permission_profile: workspace-write}
                - {id: documentation, kind: agent, role_file: roles/documentation.md, permission_profile: workspace-write}
                - {id: publish, kind: publish, policy: local_artifact}
              edges:
                - {from: planning, to: implementation}
                - {from: implementation, to: testing}
                - {from: testing, to: review, outcome: pass}
                - {from: testing, to: fixing, outcome: fail, loop: test_fix}
                - {from: review, to: documentation, outcome: accept}
                - {from: review, to: fixing, outcome: rework, loop: review_fix}
                - {from: fixing, to: testing}
                - {from: documentation, to: publish}
              budgets: {global_fix_iterations: 30, test_fix: 2, review_fix: 2}
            """;

    public final TempGitRepo repo;
    public final Path bin;
    public final Path scripts;
    public final Map<String, String> env = new HashMap<>();

    public RunFixture(Path tmp) {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "# app\nvalue = 1\n");
        script("tools/ok.sh", "echo ok");
        script("tools/fail.sh", "echo broken; exit 1");
        repo.commitAll("app and tools");
        bin = tmp.resolve("bin");
        scripts = tmp.resolve("agent-scripts");
        FakeProviders.link(bin, "git", System.getenv("PATH"));
        FakeProviders.scriptedAgent(bin, "claude", scripts);
        env.put("PATH", bin.toString());
        env.put("HOME", tmp.resolve("home").toString());
        env.putAll(TempGitRepo.gitEnvironment());
        repo.write(".workflow/flows/roles/review.md", "Review {task_id} in {repo}; keep {unknown_token} as is.\n");
        // the implementation agent changes the code, so the diff selects the command set
        agent("implementation", "printf '# app\\nvalue = 2\\n' > src/app.py; echo implemented");
        agent("review", "echo looks fine; echo '{\"verdict\": \"accept\", \"severity\": \"low\"}'");
    }

    public void script(String path, String body) {
        try {
            Files.setPosixFilePermissions(
                    repo.write(path, "#!/bin/sh\n" + body + "\n"), PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the fake provider does for a node (every attempt, or one attempt with {@code node-N}). */
    public void agent(String node, String bash) {
        try {
            Files.createDirectories(scripts);
            Files.writeString(scripts.resolve(node + ".sh"), bash + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The config with one always-selected command set running {@code tools/<script>}. */
    public void checks(String script) {
        repo.write(
                ".workflow/config.json",
                "{\"checks\": {\"command_sets\": {\"repo\": {\"commands\": [[\"tools/" + script + "\"]]}}}}\n");
    }

    public void audited() {
        repo.write(".workflow/" + KEY + "/sdd.json", Fixtures.ABC_1_PLAN);
        assertEquals(0, wb("sdd", "audit", KEY).code());
    }

    public void flow(String name, String yaml) {
        repo.write(".workflow/flows/" + name + ".yaml", yaml);
    }

    public String digest(String flow) {
        try {
            return Digests.hex(Digests.sha256(Files.readAllBytes(repo.resolve(".workflow/flows/" + flow + ".yaml"))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public CliRun.Result wb(String... args) {
        return CliRun.wb(repo.root(), env, args);
    }

    public Session session() {
        return Session.open(new Workspace(repo.root()), env, Clock.systemUTC());
    }

    public List<EventEnvelope> events() {
        try (Session session = session()) {
            return session.reader().read(StreamId.task(new TaskKey(KEY)));
        }
    }

    public List<String> types() {
        return events().stream().map(EventEnvelope::type).toList();
    }

    public RunState state() {
        return Folds.fold(RunProjection.INSTANCE, events());
    }

    /** Appends events as an earlier, crashed {@code wb run} would have. */
    public void append(WbEvent... events) {
        try (Session session = session()) {
            session.log()
                    .append(
                            StreamId.task(new TaskKey(KEY)),
                            ExpectedVersion.any(),
                            List.of(events).stream().map(WbEvent::toNewEvent).toList(),
                            session.invocation());
        }
    }
}
