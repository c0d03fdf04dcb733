package dev.wb.cli.sdd;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.handover.QualityGates;
import dev.wb.commands.handover.QualityGates.Gates;
import dev.wb.engine.json.CanonicalJson;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb sdd gates [KEY] [--preset P]}: the quality gates that apply, as lines. Read-only. */
public final class SddGatesCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("printed"),
            Exit.USAGE.as("malformed key or unknown preset"),
            Exit.MISSING.as("KEY named and no sdd.json"),
            Exit.CONFIG.as("sdd.json is not a JSON object, or config.json does not read"));

    String key;
    String preset;

    private SddGatesCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        SddGatesCmd cmd = new SddGatesCmd(root);
        CommandSpec spec = cmd.command(
                "gates",
                "Print the quality gates a change is held to: the floor every preset keeps, then the preset's"
                        + " own. The preset is --preset, else the one KEY's plan declares (raised to the one"
                        + " .workflow/config.json records when that is stricter), else the recorded one, else"
                        + " prototype.");
        spec.addPositional(Specs.positional("KEY", "0..1", "A task whose plan names the preset.", v -> cmd.key = v));
        spec.addOption(Specs.option(
                "--preset",
                "PRESET",
                String.class,
                "prototype, solo-saas, startup, scaleup or enterprise.",
                value -> cmd.preset = (String) value));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        Workspace workspace = Workspace.require(root.context().cwd());
        Gates gates = preset == null && key != null
                ? QualityGates.forPlan(workspace, Keys.task(key))
                : QualityGates.resolve(workspace, Optional.ofNullable(preset));
        Console console = root.context().console();
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("preset", gates.preset());
            ArrayNode lines = doc.putArray("gates");
            gates.lines().forEach(lines::add);
            console.json(doc);
        } else {
            gates.text().forEach(console::line);
        }
        return Exit.OK;
    }
}
