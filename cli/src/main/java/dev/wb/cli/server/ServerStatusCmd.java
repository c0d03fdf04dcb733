package dev.wb.cli.server;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb server status}: this install's warm servers for this user. */
public final class ServerStatusCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(Exit.OK.as("shown (also when no server runs)"));

    private ServerStatusCmd(WbCommand root) {
        super(root, EXITS);
    }

    static CommandSpec spec(WbCommand root) {
        ServerStatusCmd cmd = new ServerStatusCmd(root);
        CommandSpec spec = cmd.command(
                "status",
                "This install's warm servers for this user: pid, JDK, commands served, when last used.",
                "How they work: docs/SERVER.md.",
                "");
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        List<Servers.Found> found = Servers.ofThisInstall(root.context().env());
        Console console = root.context().console();
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("enabled", !"off".equals(root.context().env().get("WB_SERVER")));
            ArrayNode list = doc.putArray("servers");
            for (Servers.Found f : found) {
                ObjectNode o = list.addObject();
                o.put("folder", f.folder().toString());
                o.put("running", f.process().isPresent());
                f.process().ifPresent(p -> o.put("pid", p.pid()));
                o.put("java", f.field("java"));
                f.stats().forEach(o::put);
            }
            console.json(doc);
            return Exit.OK;
        }
        if ("off".equals(root.context().env().get("WB_SERVER"))) {
            console.line("WB_SERVER=off: commands run without a server.");
        }
        long running = found.stream().filter(f -> f.process().isPresent()).count();
        if (running == 0) {
            console.line("no wb server is running for this install (the next command starts one).");
            return Exit.OK;
        }
        for (Servers.Found f : found) {
            if (f.process().isEmpty()) {
                continue;
            }
            console.line("server " + f.process().get().pid() + "  java " + f.field("java")
                    + "  served " + f.stats().getOrDefault("served", "0")
                    + "  started " + f.stats().getOrDefault("started", "?")
                    + "  last used " + f.stats().getOrDefault("last", "?"));
            console.line("  " + f.folder());
        }
        return Exit.OK;
    }
}
