package dev.wb.cli.help;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.base.Failure;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code wb surface [GROUP]}: every command, subcommand and argument wb accepts, walked off picocli's
 * model of the whole tree (the specs {@code --help} prints), never a list kept by hand.
 */
public final class SurfaceCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(Exit.OK.as("printed"), Exit.USAGE.as("no such command group"));

    /** A closed set written as the argument's description: {@code claude|codex|copilot}. */
    private static final Pattern WORD_LIST = Pattern.compile("[a-z0-9-]+(\\|[a-z0-9-]+)+");

    private CommandSpec spec;
    String group;

    private SurfaceCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        SurfaceCmd cmd = new SurfaceCmd(root);
        cmd.spec = cmd.command(
                "surface",
                "Every command, subcommand and argument wb accepts, read off the same model as --help: which"
                        + " arguments are positional, required, take no value, and a closed set's members.");
        cmd.spec.addPositional(
                Specs.positional("GROUP", "0..1", "One command or group; omit for all.", v -> cmd.group = v));
        cmd.spec.addOption(Specs.json(root));
        return cmd.spec;
    }

    @Override
    protected Exit run() {
        List<ObjectNode> groups = new ArrayList<>();
        for (Map.Entry<String, CommandLine> sub : spec.root().subcommands().entrySet()) {
            CommandSpec command = sub.getValue().getCommandSpec();
            if (!command.usageMessage().hidden() && (group == null || group.equals(sub.getKey()))) {
                groups.add(group(sub.getKey(), command));
            }
        }
        if (groups.isEmpty()) {
            throw Failure.usage(
                    "no such group: " + group,
                    "groups: " + String.join(", ", spec.root().subcommands().keySet()));
        }
        if (json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("schema", 1);
            ArrayNode list = doc.putArray("groups");
            groups.forEach(list::add);
            console().json(doc);
        } else {
            groups.forEach(this::print);
        }
        return Exit.OK;
    }

    /** {@code {"group": name, "actions": [...]}}: a leaf has one action named "". */
    static ObjectNode group(String name, CommandSpec command) {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("group", name);
        ArrayNode actions = node.putArray("actions");
        collect("", command, actions);
        return node;
    }

    private static void collect(String path, CommandSpec command, ArrayNode actions) {
        if (command.subcommands().isEmpty()) {
            ObjectNode action = actions.addObject();
            action.put("action", path);
            action.put("help", String.join(" ", command.usageMessage().description()));
            ArrayNode arguments = action.putArray("arguments");
            command.positionalParameters().forEach(p -> arguments.add(argument(p)));
            for (OptionSpec option : command.options()) {
                if (!option.usageHelp() && !option.versionHelp() && !option.hidden()) {
                    arguments.add(argument(option));
                }
            }
            return;
        }
        for (Map.Entry<String, CommandLine> sub : command.subcommands().entrySet()) {
            CommandSpec member = sub.getValue().getCommandSpec();
            if (!member.usageMessage().hidden()) {
                collect(path.isEmpty() ? sub.getKey() : path + " " + sub.getKey(), member, actions);
            }
        }
    }

    /** One argument in the original's shape: name, positional, required, help, aliases, choices, nargs, takes_value. */
    private static ObjectNode argument(ArgSpec arg) {
        ObjectNode node = CanonicalJson.objectNode();
        String help = String.join(" ", arg.description());
        if (arg instanceof OptionSpec option) {
            String[] names = option.names();
            node.put("name", option.longestName());
            node.put("positional", false);
            node.put("required", option.required());
            node.put("help", help);
            ArrayNode aliases = CanonicalJson.objectNode().arrayNode();
            for (String alias : names) {
                if (!alias.equals(option.longestName())) {
                    aliases.add(alias);
                }
            }
            if (!aliases.isEmpty()) {
                node.set("aliases", aliases);
            }
        } else {
            PositionalParamSpec positional = (PositionalParamSpec) arg;
            node.put("name", positional.paramLabel());
            node.put("positional", true);
            node.put("required", positional.required());
            node.put("help", help);
        }
        List<String> choices = choices(arg, help);
        if (!choices.isEmpty()) {
            ArrayNode list = node.putArray("choices");
            choices.forEach(list::add);
        }
        nargs(arg).ifPresent(n -> node.put("nargs", n));
        node.put("takes_value", arg.arity().max() > 0);
        return node;
    }

    private static List<String> choices(ArgSpec arg, String help) {
        List<String> choices = new ArrayList<>();
        if (arg.completionCandidates() != null) {
            arg.completionCandidates().forEach(choices::add);
        } else if (WORD_LIST.matcher(help).matches()) {
            choices.addAll(List.of(help.split("\\|")));
        }
        return choices;
    }

    /** argparse's nargs for an arity other than exactly one value: ?, * or +. */
    private static Optional<String> nargs(ArgSpec arg) {
        CommandLine.Range arity = arg.arity();
        if (arity.max() == 0 || (arity.min() == 1 && arity.max() == 1)) {
            return Optional.empty();
        }
        if (arity.max() == 1) {
            return Optional.of("?");
        }
        return Optional.of(arity.min() == 0 ? "*" : "+");
    }

    private void print(ObjectNode group) {
        for (var action : group.get("actions")) {
            String name = ("wb " + group.get("group").textValue() + " "
                            + action.get("action").textValue())
                    .strip();
            String help = action.get("help").textValue();
            console().line(help.isEmpty() ? name : name + "   " + help);
            for (var argument : action.get("arguments")) {
                console().line("  " + render(argument));
            }
        }
    }

    private static String render(JsonNode argument) {
        boolean positional = argument.get("positional").booleanValue();
        String shape = positional || !argument.get("takes_value").booleanValue() ? "" : " <value>";
        List<String> marks = new ArrayList<>();
        if (positional) {
            marks.add("positional");
        }
        if (argument.get("required").booleanValue()) {
            marks.add("required");
        }
        if (argument.has("choices")) {
            List<String> choices = new ArrayList<>();
            argument.get("choices").forEach(c -> choices.add(c.textValue()));
            marks.add("one of: " + String.join(", ", choices));
        }
        String suffix = marks.isEmpty() ? "" : "   [" + String.join("; ", marks) + "]";
        return argument.get("name").textValue() + shape + suffix;
    }
}
