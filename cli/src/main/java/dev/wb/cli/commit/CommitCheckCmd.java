package dev.wb.cli.commit;

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
import dev.wb.commands.commit.CommitCheck;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb commit check [KEY] --file PATH [--key KEY] [--json]}: a drafted message against the convention. */
public final class CommitCheckCmd extends LeafCmd {

    private static final Exits EXITS = DraftChecks.exits(
            "the message passes (with a key, saved as .workflow/KEY/commit.txt)",
            "a malformed key, two different keys, or a file wb does not read (outside the repository, not a regular"
                    + " file, over 64 KiB, not UTF-8)",
            "the message breaks a rule; nothing was saved");

    Optional<String> positionalKey = Optional.empty();
    Optional<String> optionKey = Optional.empty();
    String file;

    private CommitCheckCmd(WbCommand root) {
        super(root, EXITS);
    }

    static CommandSpec spec(WbCommand root) {
        CommitCheckCmd cmd = new CommitCheckCmd(root);
        CommandSpec spec = cmd.command(
                "check",
                "Check a drafted commit message against this repository's convention: a subject of at most 72"
                        + " characters, in the imperative, without a trailing period or a wip/fixup!/squash! marker, a"
                        + " blank second line, the repository's style, the ticket key where the history names keys,"
                        + " and nothing that looks like a credential. With a key, a message that passes is saved"
                        + " atomically as .workflow/KEY/commit.txt (what wb git commit KEY commits with); one that"
                        + " fails saves nothing and lists every reason. Recorded as a commit.checked event.");
        spec.addPositional(Specs.positional(
                "KEY",
                "0..1",
                "The task the message is for, like ABC-12 (or --key).",
                v -> cmd.positionalKey = Optional.of(v)));
        spec.addOption(DraftChecks.file("message", ".workflow/ABC-12/message.txt", v -> cmd.file = v));
        spec.addOption(Specs.option(
                "--key",
                "KEY",
                String.class,
                "The task the message is for, as the original workbench names it.",
                v -> cmd.optionKey = Optional.of((String) v)));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        Optional<TaskKey> key = key();
        try (Session session = root.context().session()) {
            CommitCheck.Result result =
                    CommitCheck.run(session, root.context().cwd().resolve(file), key);
            return ended(
                    result,
                    result.passed(),
                    CommitCheckCmd::json,
                    this::text,
                    () -> DraftChecks.broken(
                            "message",
                            result.reasons().size(),
                            "fix the message in " + result.draft().shown() + ", then: "
                                    + DraftChecks.again(
                                            "wb commit check",
                                            key,
                                            result.draft().shown())));
        }
    }

    private Optional<TaskKey> key() {
        if (positionalKey.isPresent() && optionKey.isPresent() && !positionalKey.equals(optionKey)) {
            throw Failure.usage(
                    "two keys: " + positionalKey.get() + " and --key " + optionKey.get(),
                    "name the task once: wb commit check " + positionalKey.get() + " --file " + file);
        }
        return positionalKey.or(() -> optionKey).map(Keys::task);
    }

    private void text(CommitCheck.Result result) {
        Console console = console();
        if (result.passed()) {
            console.line("ok  " + result.subject());
            result.saved()
                    .ifPresent(path -> console.line("saved " + path + "; commit with: wb git commit "
                            + result.event().stream().name()));
        } else {
            console.line("message needs work:");
            result.reasons().forEach(reason -> console.line("  - " + reason));
        }
        console.line("style " + result.convention().style().wireName() + " · recorded as event "
                + result.event().version() + " of " + result.event().stream().name());
    }

    private static ObjectNode json(CommitCheck.Result result) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("file", result.draft().shown());
        doc.put("passed", result.passed());
        doc.set("convention", CommitConventionCmd.json(result.convention()));
        result.reasons().forEach(doc.putArray("reasons")::add);
        doc.put("sha256", result.draft().sha256());
        return DraftChecks.savedAndRecorded(doc, result.saved(), result.event());
    }
}
