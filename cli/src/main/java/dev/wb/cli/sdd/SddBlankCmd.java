package dev.wb.cli.sdd;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.sdd.BlankPlan;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb sdd blank KEY [--preset P] [--persona P]}: the skeleton of a plan, never over one. */
public final class SddBlankCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("written"),
            Exit.USAGE.as(
                    "malformed key, unknown preset, sdd.json already there or a task folder that leads out of the repository (nothing written)"),
            Exit.CONFIG.as("cannot write"));

    String key;
    String preset = "";
    String persona = "";

    private SddBlankCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        SddBlankCmd cmd = new SddBlankCmd(root);
        CommandSpec spec = cmd.command(
                "blank",
                "Write the skeleton of a plan to .workflow/KEY/sdd.json:"
                        + " $schema (../schemas/sdd.schema.json, for editors), then every field of schema 1 (schema, key, preset, persona, objective, evidence, files, zones, steps,"
                        + " tests, verify, verify_env, rollback, product, handover, questions), empty, to be filled in."
                        + " Never replaces a plan: if sdd.json is there, nothing is written.");
        spec.addPositional(Specs.taskKey(value -> cmd.key = value));
        spec.addOption(Specs.option(
                "--preset",
                "PRESET",
                String.class,
                "The bar the plan declares: prototype,"
                        + " solo-saas, startup, scaleup or enterprise (empty by default).",
                value -> cmd.preset = (String) value));
        spec.addOption(Specs.option(
                "--persona",
                "PERSONA",
                String.class,
                "Who the plan is written as (empty by" + " default).",
                value -> cmd.persona = (String) value));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        BlankPlan.Result result =
                BlankPlan.write(Workspace.require(root.context().cwd()), task, preset, persona);
        Console console = root.context().console();
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("task", task.value());
            doc.put("file", result.file());
            doc.set("plan", result.plan());
            console.json(doc);
        } else {
            console.line("wrote " + result.file());
            console.line(task + ": fill in the plan (docs/PLAN.md), then check it with: wb sdd audit " + task);
        }
        return Exit.OK;
    }
}
