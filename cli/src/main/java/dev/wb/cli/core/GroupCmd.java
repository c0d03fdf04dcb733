package dev.wb.cli.core;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A command that only groups others ({@code wb sdd}, {@code wb impl}): run alone, it prints its help
 * (its members and what each does) and exits 0, as {@code wb} alone does. A run that names one of its
 * members registers only that one, and wb's own help none (docs/adr/0008).
 */
public final class GroupCmd implements Callable<Integer> {

    private final WbCommand root;
    private CommandSpec spec;

    private GroupCmd(WbCommand root) {
        this.root = root;
    }

    public static CommandSpec spec(
            WbCommand root, String name, String description, Map<String, Function<WbCommand, CommandSpec>> members) {
        GroupCmd group = new GroupCmd(root);
        CommandSpec spec = Specs.command(group, name, description);
        group.spec = spec;
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

    /** Run alone: the group's help, as {@code wb} alone prints wb's. */
    @Override
    public Integer call() {
        spec.commandLine().usage(root.context().console().out());
        return Exit.OK.code();
    }
}
