package dev.wb.cli.judge;

import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.snapshot.Candidate;
import dev.wb.commands.judge.snapshot.JudgeScope;
import dev.wb.commands.judge.snapshot.ScopeBlock;
import dev.wb.engine.TaskKey;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb judge scope KEY --base REF [--candidate REF|WORKTREE|SNAPSHOT:<id>] [--include-task K]…}. */
public final class JudgeScopeCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("computed"),
            Exit.USAGE.as("foreign capsule, unknown ref or malformed key"),
            Exit.CONFIG.as("unusable policy.json"),
            Exit.MISSING.as("missing capsule document or unknown or damaged snapshot"));

    String key;
    String base;
    String candidate = "WORKTREE";
    List<String> include = List.of();

    private JudgeScopeCmd(WbCommand root) {
        super(root, EXITS);
    }

    static CommandSpec spec(WbCommand root) {
        JudgeScopeCmd cmd = new JudgeScopeCmd(root);
        CommandSpec spec = cmd.command(
                "scope",
                "Compute the complete scope block for a review record:"
                        + " the base's full commit id, the changed and excluded paths, the capsule's digests, the change"
                        + " and scope digests. The judge copies it whole (--json) into its record.");
        spec.addPositional(Specs.positional("KEY", "1", "The task key, like TASK-7.", v -> cmd.key = v));
        spec.addOption(
                Specs.required("--base", "REF", "The base, resolved once to its full commit id.", v -> cmd.base = v));
        spec.addOption(Specs.option(
                "--candidate",
                "CANDIDATE",
                String.class,
                "WORKTREE (default), SNAPSHOT:<id>" + " or a commit.",
                v -> cmd.candidate = (String) v));
        spec.addOption(Specs.repeatable(
                "--include-task",
                "KEY",
                "Another task whose capsule this change" + " deliberately touches; once per task.",
                v -> cmd.include = v));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        Candidate parsed = Candidate.parse(candidate);
        Workspace workspace = Workspace.require(root.context().cwd());
        ScopeBlock scope = JudgeScope.compute(
                workspace,
                new JudgeScope.Request(task, base, parsed, keys(include)),
                root.context().env());
        Console console = root.context().console();
        if (root.json()) {
            console.json(scope.toJson());
            return Exit.OK;
        }
        console.line(task + ": scope of " + scope.candidate() + " against " + scope.base()
                + scope.baseRef().map(ref -> " (" + ref + ")").orElse(""));
        console.line("  candidate commit " + scope.candidateCommit());
        scope.changedFiles().forEach(p -> console.line("  " + Columns.left("changed", 10) + p));
        scope.excludedPaths().forEach(p -> console.line("  " + Columns.left("excluded", 10) + p));
        if (!scope.includedTaskIds().isEmpty()) {
            console.line("  included tasks: " + String.join(", ", scope.includedTaskIds()));
        }
        console.line("  task    " + scope.taskDigest());
        console.line("  change  " + scope.changeDigest());
        console.line("  scope   " + scope.scopeDigest());
        console.line("  emptyBoundaryAuthorized: " + scope.emptyBoundaryAuthorized());
        return Exit.OK;
    }

    private static List<TaskKey> keys(List<String> texts) {
        List<TaskKey> keys = new ArrayList<>();
        texts.forEach(text -> keys.add(Keys.task(text)));
        return keys;
    }
}
