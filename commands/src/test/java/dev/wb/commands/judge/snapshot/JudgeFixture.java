package dev.wb.commands.judge.snapshot;

import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.core.Timings;
import dev.wb.engine.TaskKey;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A repository with one committed base and a task capsule, for the review-capture tests. */
public final class JudgeFixture {

    public static final TaskKey TASK = new TaskKey("TASK-1");
    public static final Map<String, String> ENV = environment();

    private static Map<String, String> environment() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.keySet().removeIf(name -> name.startsWith("GIT_"));
        env.putAll(TempGitRepo.gitEnvironment());
        return Map.copyOf(env);
    }

    public final TempGitRepo repo;
    final String base;

    private JudgeFixture(TempGitRepo repo, String base) {
        this.repo = repo;
        this.base = base;
    }

    public static JudgeFixture create(Path parent, String... initOptions) {
        TempGitRepo repo = TempGitRepo.create(parent, "live", initOptions);
        repo.write("src/App.java", "class App {}\n");
        repo.write("src/Util.java", "class Util {}\n");
        repo.write(".gitignore", "build/\n*.log\n");
        repo.write(".workflow/.gitignore", "local/\n.env\n");
        String base = repo.commitAll("base");
        return new JudgeFixture(repo, base);
    }

    /** Writes the five capsule documents of {@code key} with this validation fence body. */
    public JudgeFixture capsule(TaskKey key, String validation) {
        String dir = ".workflow/" + key.value() + "/";
        repo.write(dir + "task.md", "# Task\n\n## Validation\n\n```\n" + validation + "```\n");
        repo.write(dir + "context.md", "# Context\n");
        repo.write(dir + "plan.md", "# Plan\n");
        repo.write(dir + "acceptance-criteria.md", "- AC-1: it works\n");
        repo.write(dir + "review-checklist.md", "# Checklist\n");
        return this;
    }

    public Workspace workspace() {
        return Workspace.require(repo.root());
    }

    public ScopeBlock scope(String baseRef, Candidate candidate, TaskKey... include) {
        return JudgeScope.compute(workspace(), new JudgeScope.Request(TASK, baseRef, candidate, List.of(include)), ENV);
    }

    public SnapshotCapture.Result snapshot(String baseRef, boolean allowEmpty, TaskKey... include) {
        return SnapshotCapture.capture(
                workspace(),
                new SnapshotCapture.Request(TASK, baseRef, List.of(include), allowEmpty),
                ENV,
                Clock.systemUTC(),
                Timings.OFF);
    }
}
