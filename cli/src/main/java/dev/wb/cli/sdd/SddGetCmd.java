package dev.wb.cli.sdd;

import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.plan.PlanSection;
import dev.wb.engine.TaskKey;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb sdd get KEY --section X}: one section of the plan as JSON, for scripts and later steps. */
public final class SddGetCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("printed"),
            Exit.USAGE.as("malformed key or unknown section"),
            Exit.MISSING.as("no sdd.json"),
            Exit.CONFIG.as("sdd.json is not a JSON object or not a file wb reads"));

    String key;
    String section;

    private SddGetCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        SddGetCmd cmd = new SddGetCmd(root);
        CommandSpec spec = cmd.command(
                "get",
                "Print one section of .workflow/KEY/sdd.json as JSON (indent"
                        + " 2), so a consumer reads only the slice it needs. A section the plan lacks prints null. summary"
                        + " is {key, objective, files: [paths], zones: [sorted names], rollback}.");
        spec.addPositional(Specs.taskKey(value -> cmd.key = value));
        spec.addOption(Specs.required(
                "--section",
                "SECTION",
                "One of: " + String.join(", ", PlanSection.SECTIONS) + ".",
                value -> cmd.section = value));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        PlanSection.requireSection(section);
        root.context()
                .console()
                .line(PlanSection.text(
                        PlanSection.read(Workspace.require(root.context().cwd()), task, section)));
        return Exit.OK;
    }
}
