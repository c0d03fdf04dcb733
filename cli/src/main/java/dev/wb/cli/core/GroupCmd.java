package dev.wb.cli.core;

import dev.wb.commands.Failure;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A command that only groups others ({@code wb sdd}, {@code wb impl}): run alone, it says what to
 * run. A run that names one of its members registers only that one, and wb's own help none
 * (docs/adr/0008).
 */
public final class GroupCmd implements Callable<Integer> {

    private final String name;
    private final Map<String, Function<WbCommand, CommandSpec>> members;

    private GroupCmd(String name, Map<String, Function<WbCommand, CommandSpec>> members) {
        this.name = name;
        this.members = members;
    }

    public static CommandSpec spec(
            WbCommand root, String name, String description, Map<String, Function<WbCommand, CommandSpec>> members) {
        CommandSpec spec = Specs.command(new GroupCmd(name, new LinkedHashMap<>(members)), name, description);
        spec.addOption(Specs.json(root));
        // A run that names a member builds only its spec: the others' would cost start-up and go unused.
        Optional<String> named = root.memberNamed(name);
        if (named.isPresent() && members.containsKey(named.get())) {
            spec.addSubcommand(named.get(), members.get(named.get()).apply(root));
        } else if (!root.rootHelpOnly()) {
            members.forEach((member, make) -> spec.addSubcommand(member, make.apply(root)));
        }
        return spec;
    }

    @Override
    public Integer call() {
        throw Failure.usage(
                "wb " + name + " needs a subcommand: " + String.join(", ", members.keySet()), "wb " + name + " --help");
    }
}
