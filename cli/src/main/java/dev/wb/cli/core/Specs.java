package dev.wb.cli.core;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * wb's command specs are built in code, not read from annotations: picocli's reflection over
 * annotations generates a proxy class per annotation type at run time, a large share of a cold
 * command's start-up (docs/adr/0004). Each subcommand class still owns its spec.
 */
public final class Specs {

    private Specs() {}

    /** A command with its description and the standard {@code -h, --help}. */
    public static CommandSpec command(Object userObject, String name, String description) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(userObject);
        spec.name(name);
        spec.usageMessage().description(description);
        spec.addOption(OptionSpec.builder("-h", "--help")
                .usageHelp(true)
                .description("Show this help message and exit.")
                .build());
        return spec;
    }

    /** The spec with {@link #json} added: the last step of most commands' spec. */
    public static CommandSpec withJson(WbCommand root, CommandSpec spec) {
        return spec.addOption(json(root));
    }

    /** {@code --json}, on the root and on every subcommand, setting the one flag the run reads. */
    public static OptionSpec json(WbCommand root) {
        return flag("--json", "Print one JSON document on stdout and nothing else there.", on -> root.json |= on);
    }

    public static OptionSpec flag(String name, String description, Consumer<Boolean> set) {
        return OptionSpec.builder(name)
                .arity("0")
                .type(boolean.class)
                .description(description)
                .setter(new Setter<>(set))
                .build();
    }

    public static OptionSpec option(
            String name, String label, Class<?> type, String description, Consumer<Object> set) {
        return OptionSpec.builder(name)
                .arity("1")
                .paramLabel(label)
                .type(type)
                .description(description)
                .setter(new Setter<>(set))
                .build();
    }

    /**
     * An option that may be given many times; every value so far is handed over, in the order given.
     * picocli reads the list back before adding each occurrence, so the option needs a getter as well
     * as a setter: with a setter alone every occurrence would start a fresh list.
     */
    public static OptionSpec repeatable(String name, String label, String description, Consumer<List<String>> setAll) {
        List<Object> values = new ArrayList<>();
        return OptionSpec.builder(name)
                .arity("1")
                .paramLabel(label)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .description(description)
                .getter(new picocli.CommandLine.Model.IGetter() {
                    // picocli's IGetter declares get() this way; values is the list it asks for.
                    @Override
                    @SuppressWarnings({"unchecked", "TypeParameterUnusedInFormals"})
                    public <T> T get() {
                        return (T) values;
                    }
                })
                .setter(new picocli.CommandLine.Model.ISetter() {
                    @Override
                    public <R> R set(R value) {
                        if (value instanceof List<?> list) {
                            if (list != values) {
                                values.clear();
                                values.addAll(list);
                            }
                            List<String> texts = new ArrayList<>();
                            values.forEach(v -> texts.add(String.valueOf(v)));
                            setAll.accept(List.copyOf(texts));
                        }
                        return null;
                    }
                })
                .build();
    }

    /** An option that must be given, once. */
    public static OptionSpec required(String name, String label, String description, Consumer<String> set) {
        return OptionSpec.builder(name)
                .arity("1")
                .required(true)
                .paramLabel(label)
                .type(String.class)
                .description(description)
                .setter(new Setter<>(set))
                .build();
    }

    public static PositionalParamSpec positional(String label, String arity, String description, Consumer<String> set) {
        return positional(0, label, arity, description, set);
    }

    /** The one task key most commands take first: {@code KEY}, required, like ABC-12. */
    public static PositionalParamSpec taskKey(Consumer<String> set) {
        return positional("KEY", "1", "The task key, like ABC-12.", set);
    }

    /** The positional at {@code index}, for a command that takes words of different meanings in turn. */
    public static PositionalParamSpec positional(
            int index, String label, String arity, String description, Consumer<String> set) {
        // Built in code, a positional is optional unless said otherwise, whatever its arity.
        return PositionalParamSpec.builder()
                .index(String.valueOf(index))
                .arity(arity)
                .required(!arity.startsWith("0"))
                .paramLabel(label)
                .type(String.class)
                .description(description)
                .setter(new Setter<>(set))
                .build();
    }

    /** Hands a parsed value to the command object. */
    private static final class Setter<T> implements picocli.CommandLine.Model.ISetter {
        private final Consumer<T> target;

        Setter(Consumer<T> target) {
            this.target = target;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <R> R set(R value) {
            if (value != null) {
                target.accept((T) value);
            }
            return null;
        }
    }
}
