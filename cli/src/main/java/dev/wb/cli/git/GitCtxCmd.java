package dev.wb.cli.git;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.gitflow.GitContext;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb git ctx}: where the checkout stands (root, branch, upstream, remotes, HEAD, identity). Read-only.
 */
public final class GitCtxCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(Exit.OK.as("shown"), Exit.USAGE.as("outside a git repository"));

    private GitCtxCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        GitCtxCmd cmd = new GitCtxCmd(root);
        CommandSpec spec = cmd.command(
                "ctx",
                "Where the checkout stands: root, branch, upstream, remotes, HEAD,"
                        + " identity, and a note when user.email is not the identity config.json expects. Read-only.");
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        try (Session session = root.context().session()) {
            return ctx(GitContext.read(session, root.context().env()));
        }
    }

    private Exit ctx(GitContext ctx) {
        Console console = root.context().console();
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("root", ctx.root().toString());
            ctx.branch().ifPresent(b -> doc.put("branch", b));
            ctx.upstream().ifPresent(u -> doc.put("upstream", u));
            ctx.head().ifPresent(h -> doc.put("head", h));
            ArrayNode remotes = doc.putArray("remotes");
            ctx.remotes()
                    .forEach(r -> remotes.addObject()
                            .put("name", r.name())
                            .put("fetchUrl", r.fetchUrl())
                            .put("pushUrl", r.pushUrl()));
            ObjectNode user = doc.putObject("user");
            ctx.userName().ifPresent(n -> user.put("name", n));
            ctx.userEmail().ifPresent(e -> user.put("email", e));
            ctx.expected()
                    .ifPresent(
                            e -> doc.putObject("expected").put("name", e.name()).put("email", e.email()));
            ctx.mismatch().ifPresent(m -> doc.put("mismatch", m));
            ctx.note().ifPresent(n -> doc.put("note", n));
            console.json(doc);
            return Exit.OK;
        }
        console.line("root      " + TerminalText.escape(ctx.root().toString()));
        console.line("branch    " + TerminalText.escape(ctx.branch().orElse("(detached HEAD)")));
        console.line("upstream  " + TerminalText.escape(ctx.upstream().orElse("(none: not published)")));
        console.line("HEAD      " + ctx.head().orElse("(no commit yet)"));
        ctx.remotes().forEach(r -> console.line("remote    " + TerminalText.escape(r.name() + "  " + r.fetchUrl())));
        console.line("user      "
                + TerminalText.escape(ctx.userName().orElse("(user.name not set)") + " <"
                        + ctx.userEmail().orElse("user.email not set") + ">"));
        ctx.mismatch().ifPresent(m -> console.line("MISMATCH  " + TerminalText.escape(m)));
        ctx.note().ifPresent(n -> console.line("note      " + TerminalText.escape(n)));
        return Exit.OK;
    }
}
