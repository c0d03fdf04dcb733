package dev.wb.cli.task;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.Texts;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.capsule.CapsuleProblem;
import dev.wb.commands.capsule.CriteriaMigration;
import dev.wb.commands.capsule.CriteriaMigration.Outcome;
import dev.wb.commands.capsule.Migration;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb task migrate-criteria [KEY] [--dry-run]}: acceptance criteria numbered AC-<n>. */
public final class TaskMigrateCriteriaCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("every file is sound"),
            Exit.NOT_COMPLETED.as("a file has problems (listed with their lines)"),
            Exit.USAGE.as("malformed key"),
            Exit.CONFIG.as("invalid policy.json"),
            Exit.MISSING.as("no acceptance-criteria.md for KEY"));

    String key;
    boolean dryRun;

    private TaskMigrateCriteriaCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        TaskMigrateCriteriaCmd cmd = new TaskMigrateCriteriaCmd(root);
        CommandSpec spec = cmd.command(
                "migrate-criteria",
                "Give every acceptance criterion without an"
                        + " identifier the next AC-<n>, from one above the highest active or retired one. Changes no"
                        + " other byte and repairs no defect; a file whose identifiers are in doubt is left untouched.");
        spec.addPositional(Specs.positional(
                "KEY",
                "0..1",
                "The task key, like ABC-12; without it, the" + " acceptance-criteria.md of every task.",
                value -> cmd.key = value));
        spec.addOption(
                Specs.flag("--dry-run", "Show what would be numbered, and write nothing.", on -> cmd.dryRun = on));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        Optional<TaskKey> task = Optional.ofNullable(key).map(Keys::task);
        Workspace workspace = Workspace.require(root.context().cwd());
        List<Outcome> outcomes =
                CriteriaMigration.run(workspace.root(), task, dryRun, ReadPolicy.load(workspace.root()));
        if (root.json()) {
            root.context().console().json(json(outcomes));
        } else {
            text(outcomes);
        }
        List<String> failing = outcomes.stream()
                .filter(o -> !o.migration().problems().isEmpty())
                .map(o -> o.key().value())
                .toList();
        if (!failing.isEmpty()) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "acceptance criteria with problems: " + String.join(", ", failing),
                    List.of("correct the lines listed"
                            + (root.json() ? " under problems" : " above")
                            + " (docs/CAPSULE.md has the grammar), then: wb task"
                            + " migrate-criteria" + task.map(t -> " " + t).orElse("")));
        }
        return Exit.OK;
    }

    private ObjectNode json(List<Outcome> outcomes) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("dryRun", dryRun);
        ArrayNode capsules = doc.putArray("capsules");
        for (Outcome outcome : outcomes) {
            Migration migration = outcome.migration();
            ObjectNode capsule = capsules.addObject();
            capsule.put("task", outcome.key().value());
            capsule.put("file", outcome.file());
            capsule.put("status", migration.status().wireName());
            capsule.put("written", outcome.written());
            ArrayNode numbered = capsule.putArray("numbered");
            migration
                    .numbered()
                    .forEach(n -> numbered.addObject().put("line", n.line()).put("id", n.id()));
            ArrayNode problems = capsule.putArray("problems");
            for (CapsuleProblem problem : migration.problems()) {
                problems.addObject()
                        .put("file", problem.file())
                        .put("line", problem.line())
                        .put("message", problem.message());
            }
        }
        return doc;
    }

    private void text(List<Outcome> outcomes) {
        Console console = root.context().console();
        if (outcomes.isEmpty()) {
            console.line("no .workflow/<KEY>/acceptance-criteria.md to migrate");
        }
        for (Outcome outcome : outcomes) {
            Migration migration = outcome.migration();
            StringBuilder line = new StringBuilder(outcome.key().value()).append(": ");
            if (migration.status() == Migration.Status.REFUSED) {
                line.append("left untouched");
            } else if (migration.changed()) {
                line.append(dryRun ? "would number " : "numbered ")
                        .append(criteria(migration.numbered().size()))
                        .append(" (");
                String separator = "";
                for (Migration.Numbered numbered : migration.numbered()) {
                    line.append(separator)
                            .append(numbered.id())
                            .append(" on line ")
                            .append(numbered.line());
                    separator = ", ";
                }
                line.append(")");
            } else {
                line.append("unchanged");
            }
            if (!migration.problems().isEmpty()) {
                line.append("; ").append(Texts.plural(migration.problems().size(), "problem"));
            }
            console.line(line.toString());
            for (CapsuleProblem problem : migration.problems()) {
                console.line("  " + problem.render());
            }
        }
    }

    private static String criteria(int n) {
        return n + (n == 1 ? " criterion" : " criteria");
    }
}
