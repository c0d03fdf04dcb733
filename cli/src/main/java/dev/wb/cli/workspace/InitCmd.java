package dev.wb.cli.workspace;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.init.InitCommand;
import dev.wb.commands.schemas.ShippedSchemas;
import dev.wb.engine.json.CanonicalJson;
import picocli.CommandLine.Model.CommandSpec;

public final class InitCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("set up (files already there are kept)"),
            Exit.USAGE.as("outside a git repository"),
            Exit.CONFIG.as("cannot write"));

    private InitCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        CommandSpec spec = new InitCmd(root)
                .command(
                        "init",
                        "Create .workflow/ (config.json, policy.json, .gitignore) and write wb's JSON Schemas into"
                                + " .workflow/schemas/ (config, policy, sdd, review), which the files it creates name in $schema."
                                + " Files already there are kept as they are; a schema that differs from this wb's is updated.");
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        try (Session session = root.context().session()) {
            InitCommand.Result result = InitCommand.run(session);
            Console console = root.context().console();
            if (root.json()) {
                ObjectNode doc = CanonicalJson.objectNode();
                doc.put("root", result.root().toString());
                result.created().forEach(doc.putArray("created")::add);
                result.updated().forEach(doc.putArray("updated")::add);
                result.kept().forEach(doc.putArray("kept")::add);
                doc.put("event", result.event().eventId());
                doc.put("version", result.event().version());
                console.json(doc);
            } else {
                for (String file : result.created()) {
                    console.line("created .workflow/" + file);
                }
                for (String file : result.updated()) {
                    console.line("updated .workflow/" + file + " (wb's schema changed)");
                }
                for (String file : result.kept()) {
                    console.line("kept    .workflow/" + file + " (already there)");
                }
                console.line("wb is set up in " + result.root());
                console.line(
                        "flows: make \"" + ShippedSchemas.FLOW_MODELINE + "\" the first line of each"
                                + " .workflow/flows/NAME.yaml, and a YAML editor checks it against .workflow/schemas/flow.schema.json");
            }
            return Exit.OK;
        }
    }
}
