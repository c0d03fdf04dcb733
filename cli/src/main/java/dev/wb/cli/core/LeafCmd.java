package dev.wb.cli.core;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.base.Failure;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The one shape of a command that runs: one class per leaf, with a static {@code spec(WbCommand)}
 * that builds its picocli spec in code (docs/adr/0004), the outcomes it can end with ({@link
 * #exits}), and {@link #run}, which returns one of them by name. A refusal is a thrown {@code
 * Failure}; {@code Wb} maps it.
 */
public abstract class LeafCmd implements Callable<Integer> {

    protected final WbCommand root;
    private final Exits exits;

    /** A command of {@code root} that can end with {@code exits}, in the order its help lists them. */
    protected LeafCmd(WbCommand root, Exits exits) {
        this.root = root;
        this.exits = exits;
    }

    /** The outcomes this command can end with, in the order its help lists them. */
    public final Exits exits() {
        return exits;
    }

    /** Runs the command. */
    protected abstract Exit run();

    @Override
    public final Integer call() {
        return run().code();
    }

    /**
     * The spec of this command: its name, description and {@code --help}, and a footer of the given
     * lines (after a blank line) ending with its exit codes, generated from {@link #exits}.
     */
    protected final CommandSpec command(String name, String description, String... notes) {
        CommandSpec spec = Specs.command(this, name, description);
        List<String> footer = new ArrayList<>();
        footer.add("");
        footer.addAll(List.of(notes));
        footer.add(exits().line());
        spec.usageMessage().footer(footer.toArray(new String[0]));
        return spec;
    }

    protected final WbCommand.Context context() {
        return root.context();
    }

    protected final Console console() {
        return root.context().console();
    }

    protected final boolean json() {
        return root.json();
    }

    /**
     * How a check ends: its result printed (as the JSON document {@code json} makes of it with {@code --json},
     * else as {@code text} writes it), then {@link Exit#OK} when it passed, else refused as a failed check with
     * the refusal {@code refused} gives (made only then).
     */
    protected final <R> Exit ended(
            R result,
            boolean passed,
            Function<? super R, ? extends JsonNode> json,
            Consumer<? super R> text,
            Supplier<Refusal> refused) {
        if (root.json()) {
            console().json(json.apply(result));
        } else {
            text.accept(result);
        }
        if (!passed) {
            Refusal refusal = refused.get();
            throw new Failure(Failure.Kind.CHECK_FAILED, refusal.message(), refusal.fixes());
        }
        return Exit.OK;
    }

    /** Why a check failed, and what to do about it. */
    public record Refusal(String message, List<String> fixes) {}
}
