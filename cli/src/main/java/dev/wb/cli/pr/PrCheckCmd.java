package dev.wb.cli.pr;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.DraftChecks;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.pr.PrCheck;
import dev.wb.commands.pr.Shape;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb pr check [KEY] --file PATH [--shape SHAPE] [--json]}: a drafted description checked. */
public final class PrCheckCmd extends LeafCmd {

    private static final Exits EXITS = DraftChecks.exits(
            "the draft passes (with a key, saved as .workflow/KEY/pr.md)",
            "a malformed key, an unknown --shape, or a file wb does not read (outside the repository, not a regular"
                    + " file, over 256 KiB, not UTF-8)",
            "the draft breaks a rule, or the handover the work owes is not ready; nothing was saved");

    Optional<String> key = Optional.empty();
    Optional<String> shape = Optional.empty();
    String file;

    private PrCheckCmd(WbCommand root) {
        super(root, EXITS);
    }

    static CommandSpec spec(WbCommand root) {
        PrCheckCmd cmd = new PrCheckCmd(root);
        CommandSpec spec = cmd.command(
                "check",
                "Check a drafted pull request description: no heading without content, no filler phrase, no"
                        + " unticked checklist box, no placeholder left in, no headings for a trivial change; and, for"
                        + " work that owes a handover (an incident, a bug, support), .workflow/KEY/handover.md ready."
                        + " With KEY, a draft that passes is saved atomically as .workflow/KEY/pr.md; one that fails"
                        + " saves nothing and lists every reason. Recorded as a pr.checked event.");
        spec.addPositional(Specs.positional(
                "KEY", "0..1", "The task the pull request is for, like ABC-12.", v -> cmd.key = Optional.of(v)));
        spec.addOption(DraftChecks.file("description", ".workflow/ABC-12/pr-draft.md", v -> cmd.file = v));
        spec.addOption(Specs.option(
                "--shape",
                "SHAPE",
                String.class,
                "The shape wb pr context gave: " + String.join(", ", Shape.wireNames())
                        + " (a trivial change's description has no headings).",
                v -> cmd.shape = Optional.of((String) v)));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        Optional<TaskKey> task = key.map(Keys::task);
        Optional<Shape> expected = shape.map(PrCheckCmd::shape);
        try (Session session = root.context().session()) {
            PrCheck.Result result = PrCheck.run(session, root.context().cwd().resolve(file), task, expected);
            return ended(
                    result,
                    result.passed(),
                    PrCheckCmd::json,
                    this::text,
                    () -> DraftChecks.broken(
                            "description",
                            result.reasons().size(),
                            "fix " + result.draft().shown() + ", then: "
                                    + DraftChecks.again(
                                            "wb pr check", task, result.draft().shown())));
        }
    }

    private static Shape shape(String name) {
        return Shape.named(name)
                .orElseThrow(() -> Failure.usage(
                        "--shape " + name + " is not a shape; the shapes are " + String.join(", ", Shape.wireNames()),
                        "give the shape wb pr context printed, like --shape small"));
    }

    private void text(PrCheck.Result result) {
        Console console = console();
        if (result.passed()) {
            console.line("ok");
            result.saved().ifPresent(path -> console.line("saved " + path));
        } else {
            console.line("description needs work:");
            result.reasons().forEach(reason -> console.line("  - " + reason));
        }
        console.line("handover " + result.handover().wireName() + " · recorded as event "
                + result.event().version() + " of " + result.event().stream().name());
    }

    private static ObjectNode json(PrCheck.Result result) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("file", result.draft().shown());
        doc.put("passed", result.passed());
        result.reasons().forEach(doc.putArray("reasons")::add);
        doc.put("handover", result.handover().wireName());
        doc.put("sha256", result.draft().sha256());
        return DraftChecks.savedAndRecorded(doc, result.saved(), result.event());
    }
}
