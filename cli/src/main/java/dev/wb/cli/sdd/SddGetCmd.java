package dev.wb.cli.sdd;

import dev.wb.cli.core.ExitCodes;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Workspace;
import dev.wb.commands.plan.PlanSection;
import dev.wb.engine.TaskKey;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb sdd get KEY --section X}: one section of the plan as JSON, for scripts and later steps. */
public final class SddGetCmd implements Callable<Integer> {

    private final WbCommand root;
    String key;
    String section;

    private SddGetCmd(WbCommand root) {
        this.root = root;
    }

    public static CommandSpec spec(WbCommand root) {
        SddGetCmd cmd = new SddGetCmd(root);
        CommandSpec spec = Specs.command(
                cmd,
                "get",
                "Print one section of .workflow/KEY/sdd.json as JSON (indent"
                        + " 2), so a consumer reads only the slice it needs. A section the plan lacks prints null. summary"
                        + " is {key, objective, files: [paths], zones: [sorted names], rollback}.");
        spec.addPositional(Specs.positional("KEY", "1", "The task key, like ABC-12.", value -> cmd.key = value));
        spec.addOption(Specs.required(
                "--section",
                "SECTION",
                "One of: " + String.join(", ", PlanSection.SECTIONS) + ".",
                value -> cmd.section = value));
        spec.addOption(Specs.json(root));
        spec.usageMessage()
                .footer(
                        "",
                        "Exit codes: 0 printed, 2 malformed key or unknown section, 6 no sdd.json,"
                                + " 3 sdd.json is not a JSON object or not a file wb reads.");
        return spec;
    }

    @Override
    public Integer call() {
        TaskKey task = Keys.task(key);
        PlanSection.requireSection(section);
        root.context()
                .console()
                .line(PlanSection.text(
                        PlanSection.read(Workspace.require(root.context().cwd()), task, section)));
        return ExitCodes.OK;
    }
}
