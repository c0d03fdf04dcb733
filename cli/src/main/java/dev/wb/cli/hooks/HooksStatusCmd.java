package dev.wb.cli.hooks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.HookHost;
import dev.wb.commands.hooks.AgentHooks;
import dev.wb.commands.hooks.HostSkills;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb hooks status [HOST]}: per host, whether wb's hooks are installed, partly, or not, and in which file. */
public final class HooksStatusCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(Exit.OK.as("shown"), Exit.USAGE.as("no such host"));

    String host;

    private HooksStatusCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        HooksStatusCmd cmd = new HooksStatusCmd(root);
        CommandSpec spec = cmd.command(
                "status",
                "Show, per host, whether wb's hooks are installed, partly (wb hooks install puts them right) or"
                        + " absent, and in which file.");
        spec.addPositional(
                Specs.positional("HOST", "0..1", HostArg.LIST + " (default: all three)", value -> cmd.host = value));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        List<HookHost> hosts = host == null ? List.of(HookHost.values()) : List.of(HostArg.parse(host));
        Workspace ws = Workspace.require(root.context().cwd());
        List<AgentHooks.Status> statuses = new ArrayList<>();
        hosts.forEach(h -> statuses.add(AgentHooks.status(ws, h)));
        Console console = root.context().console();
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            ArrayNode list = doc.putArray("hosts");
            for (AgentHooks.Status s : statuses) {
                ObjectNode item = list.addObject();
                item.put("host", s.host().id());
                item.put("file", s.host().path());
                item.put("state", s.state().id());
                item.set("entries", HooksInstallCmd.entries(s.found()));
                if (s.host() == HookHost.CLAUDE) {
                    item.put("guard", s.guard());
                }
                s.problem().ifPresent(p -> item.put("problem", p));
                int[] skills = HostSkills.present(ws, s.host());
                if (skills[1] > 0) {
                    item.put("skills", skills[0]);
                    item.put("skillsExpected", skills[1]);
                }
            }
            console.json(doc);
            return Exit.OK;
        }
        for (AgentHooks.Status s : statuses) {
            String state = switch (s.state()) {
                case INSTALLED -> "installed";
                case PARTIAL ->
                    "partial: " + s.found().size() + " of wb's " + s.expected().size()
                            + " entries, or changed (wb hooks install "
                            + s.host().id() + " puts them right)";
                case ABSENT -> "absent";
                case UNUSABLE -> "unreadable: " + s.problem().orElse("");
            };
            console.line(Columns.left(s.host().id(), 9)
                    + Columns.left(s.host().path(), 30)
                    + state
                    + (s.guard() ? "; judge guard present" : "")
                    + skillsWord(HostSkills.present(ws, s.host())));
        }
        return Exit.OK;
    }

    /** "; skills 10 of 10" for a host that gets skills, nothing for Claude Code (its plugin has them). */
    private static String skillsWord(int[] skills) {
        return skills[1] == 0 ? "" : "; skills " + skills[0] + " of " + skills[1];
    }
}
