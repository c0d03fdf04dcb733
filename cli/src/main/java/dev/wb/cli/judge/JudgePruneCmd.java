package dev.wb.cli.judge;

import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.Texts;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.judge.snapshot.JudgePrune;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb judge prune [--keep N] [--force]}: local retention of snapshots; a dry run unless forced. */
public final class JudgePruneCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("pruned (or previewed)"),
            Exit.NOT_COMPLETED.as("a folder could not be removed completely"),
            Exit.USAGE.as("--keep below 0, or a validation run holds the lock on a snapshot this would delete"));

    int keep = JudgePrune.DEFAULT_KEEP;
    boolean force;

    private JudgePruneCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        JudgePruneCmd cmd = new JudgePruneCmd(root);
        CommandSpec spec = cmd.command(
                "prune",
                "Delete old snapshots (and the receipts inside them) and"
                        + " leftover .capture-* folders, keeping the newest N and every ancestor they need. A dry run unless"
                        + " --force. Reads metadata only; folders it cannot identify are reported and left in place.");
        spec.addOption(Specs.option(
                "--keep",
                "N",
                Integer.class,
                "How many of the newest snapshots to keep" + " (default " + JudgePrune.DEFAULT_KEEP
                        + "; 0 or more), with their ancestors.",
                v -> cmd.keep = (Integer) v));
        spec.addOption(Specs.flag(
                "--force",
                "Delete, and record a judge.snapshots.pruned event; without it" + " nothing is deleted.",
                on -> cmd.force = on));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        JudgePrune.Result result;
        try (Session session = root.context().session()) {
            result = JudgePrune.prune(session, keep, force, root.context().clock());
        }
        Console console = root.context().console();
        if (root.json()) {
            console.json(result.toJson());
        } else {
            print(console, result);
        }
        if (!result.failed().isEmpty()) {
            console.error(
                    "could not remove " + String.join(", ", result.failed()) + " completely",
                    List.of("check the folders' permissions, then run wb judge prune --force again"));
            return Exit.NOT_COMPLETED;
        }
        return Exit.OK;
    }

    private static void print(Console console, JudgePrune.Result result) {
        JudgePrune.Plan plan = result.plan();
        boolean dry = result.dryRun();
        console.line((dry ? "dry run, nothing deleted (add --force to delete): " : "")
                + "keep " + plan.keep() + ": " + Texts.plural(plan.kept().size(), "snapshot") + " kept, "
                + plan.deleted().size() + (dry ? " would be" : "") + " deleted");
        for (JudgePrune.Entry e : plan.snapshots()) {
            console.line("  " + Columns.left(e.keep() ? "keep" : dry ? "delete?" : "deleted", 9) + e.id() + "  "
                    + e.taskId().orElse("?") + "  " + e.created()
                    + (e.createdFromMetadata() ? "" : " (folder time: createdAt unreadable)") + "  "
                    + e.why().label() + e.ancestorOf().map(id -> " " + id).orElse("")
                    + e.parent().map(p -> ", parent " + p).orElse("")
                    + (e.receipts() > 0 ? ", " + Texts.plural(e.receipts(), "receipt") : ""));
        }
        if (!plan.captures().isEmpty()) {
            console.line("capture folders:");
            plan.captures()
                    .forEach(c ->
                            console.line("  " + Columns.left(!c.delete() ? "leave" : dry ? "delete?" : "deleted", 9)
                                    + c.dir() + ": " + c.reason()));
        }
        if (!plan.broken().isEmpty()) {
            console.line("broken (reported, left in place; remove by hand if not needed):");
            plan.broken().forEach(b -> console.line("  " + b.dir() + ": " + b.reason()));
        }
        plan.lock()
                .ifPresent(lock -> console.line("lock: " + lock.holder()
                        + (lock.conflict() ? "; --force is refused while it holds a snapshot this would delete" : "")));
        plan.notices().forEach(n -> console.line("notice: " + n));
        result.event().ifPresent(event -> console.line("recorded as event " + event.version() + " of workspace"));
    }
}
