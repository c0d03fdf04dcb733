package dev.wb.cli.task;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.ExitCodes;
import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.Texts;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Failure;
import dev.wb.commands.Keys;
import dev.wb.commands.Workspace;
import dev.wb.commands.capsule.CapsuleProblem;
import dev.wb.commands.capsule.CriteriaMigration;
import dev.wb.commands.capsule.CriteriaMigration.Outcome;
import dev.wb.commands.capsule.Migration;
import dev.wb.commands.capsule.NewTask;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb task new|approve-commands|migrate-criteria}: the task capsule's own commands. */
public final class TaskCmd implements Callable<Integer> {

    private final WbCommand root;
    String key;
    boolean dryRun;

    private TaskCmd(WbCommand root) {
        this.root = root;
    }

    public static CommandSpec spec(WbCommand root) {
        return GroupCmd.spec(
                root, "task", "The task capsule (.workflow/KEY/): its criteria and declared commands.", members());
    }

    private static Map<String, Function<WbCommand, CommandSpec>> members() {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("new", TaskCmd::newTask);
        members.put("approve-commands", TaskCmd::approveCommands);
        members.put("migrate-criteria", TaskCmd::migrateCriteria);
        return members;
    }

    public static CommandSpec newTask(WbCommand root) {
        NewCmd cmd = new NewCmd(root);
        CommandSpec spec = Specs.command(
                cmd,
                "new",
                "Write the skeleton of a task's capsule (task.md with an empty"
                        + " ## Validation block, context.md, plan.md, acceptance-criteria.md, review-checklist.md) and of its"
                        + " plan (sdd.json) into .workflow/KEY/, to be filled in. Never replaces a file: if any is there,"
                        + " nothing is written.");
        spec.addPositional(Specs.positional("KEY", "1", "The task key, like TASK-7.", value -> cmd.key = value));
        spec.addOption(Specs.json(root));
        spec.usageMessage()
                .footer(
                        "",
                        "Exit codes: 0 written, 2 malformed key or a file of the skeleton already"
                                + " exists (nothing written), 3 cannot write.");
        return spec;
    }

    /** {@code wb task new KEY}. */
    static final class NewCmd implements Callable<Integer> {
        private final WbCommand root;
        String key;

        NewCmd(WbCommand root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            TaskKey task = Keys.task(key);
            try (dev.wb.commands.Session session = root.context().session()) {
                NewTask.Result result = NewTask.run(session, task);
                Console console = root.context().console();
                if (root.json()) {
                    ObjectNode doc = CanonicalJson.objectNode();
                    doc.put("taskId", task.value());
                    result.files().forEach(doc.putArray("files")::add);
                    doc.put("event", result.event().eventId());
                    doc.put("version", result.event().version());
                    console.json(doc);
                } else {
                    result.files().forEach(file -> console.line("created " + file));
                    console.line(
                            task + ": fill in the capsule and the plan, then check them with: wb sdd audit " + task);
                }
                return ExitCodes.OK;
            }
        }
    }

    public static CommandSpec approveCommands(WbCommand root) {
        ApproveCmd cmd = new ApproveCmd(root);
        CommandSpec spec = Specs.command(
                cmd,
                "approve-commands",
                "Record consent to the validation commands the"
                        + " capsule declares under ## Validation, bound to this task and this exact list: wb judge run then"
                        + " runs them without asking. Any change to the list needs approval again.");
        spec.addPositional(Specs.positional("KEY", "1", "The task key, like TASK-7.", value -> cmd.key = value));
        spec.addOption(Specs.json(root));
        spec.usageMessage()
                .footer(
                        "",
                        "Exit codes: 0 approved, 2 nothing declared to approve or malformed key,"
                                + " 3 invalid policy.json, 6 a capsule document is missing.");
        return spec;
    }

    /** {@code wb task approve-commands KEY}. */
    static final class ApproveCmd implements Callable<Integer> {
        private final WbCommand root;
        String key;

        ApproveCmd(WbCommand root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            TaskKey task = Keys.task(key);
            try (dev.wb.commands.Session session = root.context().session()) {
                dev.wb.commands.judge.run.ApproveCommands.Result result =
                        dev.wb.commands.judge.run.ApproveCommands.run(session, task);
                if (root.json()) {
                    ObjectNode doc = CanonicalJson.objectNode();
                    doc.put("taskId", task.value());
                    result.commands().forEach(doc.putArray("commands")::add);
                    doc.put("listDigest", result.listDigest());
                    doc.put(
                            "file",
                            session.workspace().root().relativize(result.file()).toString());
                    doc.put("event", result.event().eventId());
                    doc.put("version", result.event().version());
                    root.context().console().json(doc);
                } else {
                    Console console = root.context().console();
                    console.line(task + ": approved "
                            + Texts.plural(result.commands().size(), "command") + ", in this order:");
                    for (int i = 0; i < result.commands().size(); i++) {
                        console.line("  " + (i + 1) + ". "
                                + TerminalText.escape(result.commands().get(i)));
                    }
                    console.line("  " + result.listDigest() + " · recorded as event "
                            + result.event().version() + " of " + task);
                }
                return ExitCodes.OK;
            }
        }
    }

    public static CommandSpec migrateCriteria(WbCommand root) {
        TaskCmd cmd = new TaskCmd(root);
        CommandSpec spec = Specs.command(
                cmd,
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
        spec.addOption(Specs.json(root));
        spec.usageMessage()
                .footer(
                        "",
                        "Exit codes: 0 every file is sound, 1 a file has problems (listed with"
                                + " their lines), 2 malformed key, 3 invalid policy.json, 6 no acceptance-criteria.md for KEY.");
        return spec;
    }

    @Override
    public Integer call() {
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
        return ExitCodes.OK;
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
                for (Migration.Numbered numbered : migration.numbered()) {
                    line.append(numbered == migration.numbered().get(0) ? "" : ", ")
                            .append(numbered.id())
                            .append(" on line ")
                            .append(numbered.line());
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
