package dev.wb.cli.review;

import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.review.ReviewDiff;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb review context|gates}: the computed half of a review. */
public final class ReviewGroup {

    private ReviewGroup() {}

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("context", ReviewContextCmd::spec);
        members.put("gates", ReviewGatesCmd::spec);
        return GroupCmd.spec(
                root,
                "review",
                "The computed half of a review: what the diff changed, where the bar is higher, and the gates a"
                        + " script can settle on its added lines.",
                members);
    }

    /** The options both members take: which diff. */
    static void diffOptions(CommandSpec spec, DiffChoice choice) {
        spec.addOption(Specs.flag(
                "--staged", "Read the index against HEAD (what the next commit holds).", on -> choice.staged = on));
        spec.addOption(Specs.option(
                "--base",
                "REF",
                String.class,
                "Diff from the merge base with REF (default: origin/HEAD's branch, else main, master or develop).",
                value -> choice.base = (String) value));
    }

    /** The diff a run reads, as the options set it. */
    static final class DiffChoice {
        boolean staged;
        String base;

        ReviewDiff.Request request() {
            return new ReviewDiff.Request(staged, Optional.ofNullable(base));
        }
    }
}
