package dev.wb.cli.pr;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.pr.PrContext;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.git.LogReads;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb pr context KEY [--base REF] [--json]}: the inputs of a pull request description. */
public final class PrContextCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("printed (what does not exist is listed under missing)"),
            Exit.USAGE.as("a malformed key, or a --base that names no commit"),
            Exit.CONFIG.as("unusable config.json"));

    String key;
    Optional<String> base = Optional.empty();

    private PrContextCmd(WbCommand root) {
        super(root, EXITS);
    }

    static CommandSpec spec(WbCommand root) {
        PrContextCmd cmd = new PrContextCmd(root);
        CommandSpec spec = cmd.command(
                "context",
                "What a pull request description is written from: the branch and its base, the commits it adds,"
                        + " the changed files and the critical zones they touch, the shape the change earns (trivial,"
                        + " small, large), the plan's summary and open questions, and the latest verify run as the"
                        + " task's log recorded it. What does not exist is named under missing, never made up."
                        + " Read-only.");
        spec.addPositional(Specs.taskKey(v -> cmd.key = v));
        spec.addOption(Specs.option(
                "--base",
                "REF",
                String.class,
                "The branch this would merge into; by default origin/HEAD's branch, else main, master or develop.",
                v -> cmd.base = Optional.of((String) v)));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        try (Session session = root.context().session()) {
            PrContext.Result result = PrContext.of(session, Keys.task(key), base);
            if (root.json()) {
                root.context().console().json(json(result));
            } else {
                text(result);
            }
            return Exit.OK;
        }
    }

    private void text(PrContext.Result r) {
        Console console = console();
        console.line("branch    " + r.branch().orElse("(detached)") + " onto "
                + (r.base().isEmpty() ? "(no base found)" : r.base()));
        console.line("commits   " + r.commits().size());
        r.commits().forEach(c -> console.line("  " + c.subject()));
        console.line("changed   " + r.changed().size() + " file(s)"
                + (r.zones().isEmpty() ? "" : " · zones " + String.join(", ", r.zones())));
        console.line("shape     " + r.shape().wireName() + ": " + r.shape().description());
        r.plan().ifPresent(p -> console.line("plan      " + p.objective()));
        r.questions().forEach(q -> console.line("  open    " + q));
        r.verification()
                .ifPresent(v -> console.line("verify    " + v.verdict() + " · "
                        + v.commands().size() + " command(s)"
                        + (v.refused().isEmpty() ? "" : ", " + v.refused().size() + " refused")));
        if (!r.missing().isEmpty()) {
            console.line("missing   " + String.join(", ", r.missing())
                    + ": say so in the description, do not write around it");
        }
        if (r.onBase()) {
            console.line("note      the branch is its base; pass --base to compare against something");
        }
    }

    private static ObjectNode json(PrContext.Result r) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("key", r.key().value());
        r.branch().ifPresentOrElse(b -> doc.put("branch", b), () -> doc.putNull("branch"));
        doc.put("base", r.base());
        ArrayNode commits = doc.putArray("commits");
        for (LogReads.Commit c : r.commits()) {
            commits.addObject().put("id", c.id()).put("subject", c.subject());
        }
        r.changed().forEach(doc.putArray("changed")::add);
        r.zones().forEach(doc.putArray("zones")::add);
        doc.put("size", r.shape().wireName());
        doc.put("shape", r.shape().description());
        r.plan().ifPresentOrElse(p -> doc.set("plan", plan(p)), () -> doc.putNull("plan"));
        r.questions().forEach(doc.putArray("questions")::add);
        r.verification()
                .ifPresentOrElse(v -> doc.set("verification", verification(v)), () -> doc.putNull("verification"));
        r.missing().forEach(doc.putArray("missing")::add);
        if (r.onBase()) {
            doc.put("note", "branch and base are both " + r.base() + "; pass --base to compare against something");
        }
        return doc;
    }

    private static ObjectNode plan(PrContext.Summary p) {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("key", p.key());
        node.put("objective", p.objective());
        p.files().forEach(node.putArray("files")::add);
        p.zones().forEach(node.putArray("zones")::add);
        node.put("rollback", p.rollback());
        return node;
    }

    private static ObjectNode verification(PrContext.Verification v) {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("verdict", v.verdict());
        ArrayNode commands = node.putArray("commands");
        v.commands()
                .forEach(c -> commands.addObject().put("command", c.command()).put("exit_code", c.exitCode()));
        v.refused().forEach(node.putArray("refused")::add);
        return node;
    }
}
