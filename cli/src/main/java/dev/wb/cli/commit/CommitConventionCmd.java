package dev.wb.cli.commit;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.commands.commit.CommitConvention;
import dev.wb.commands.commit.Convention;
import dev.wb.commands.gitflow.GitContext;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.draft.CommitStyle;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb commit convention [--set STYLE] [--json]}: the style this repository's messages follow. */
public final class CommitConventionCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("printed (and with --set, recorded)"),
            Exit.USAGE.as("an unknown --set style, or outside a repository"),
            Exit.CONFIG.as("unusable config.json"));

    Optional<String> set = Optional.empty();

    private CommitConventionCmd(WbCommand root) {
        super(root, EXITS);
    }

    static CommandSpec spec(WbCommand root) {
        CommitConventionCmd cmd = new CommitConventionCmd(root);
        CommandSpec spec = cmd.command(
                "convention",
                "The commit style this repository already uses, read off its latest 50 commits (conventional"
                        + " commits, ticket-prefixed subjects, or free-form), or the one declared for it in"
                        + " .workflow/config.json (commit_style); and the author git would record.");
        spec.addOption(Specs.option(
                "--set",
                "STYLE",
                String.class,
                "Declare the style instead of detecting it, for a repository adopting one its history does not"
                        + " have yet: " + String.join(", ", CommitStyle.wireNames()) + ".",
                v -> cmd.set = Optional.of((String) v)));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        Optional<CommitStyle> declaring = set.map(CommitConventionCmd::style);
        try (Session session = root.context().session()) {
            declaring.ifPresent(style -> CommitConvention.declare(session, style));
            Convention convention = CommitConvention.resolve(session);
            if (root.json()) {
                root.context().console().json(json(convention));
            } else {
                declaring.ifPresent(s -> console().line("declared " + s.wireName() + " for this repo"));
                text(session, convention);
            }
            return Exit.OK;
        }
    }

    private static CommitStyle style(String name) {
        return CommitStyle.of(name)
                .orElseThrow(() -> Failure.usage(
                        "--set " + name + " is not a commit style; the styles are "
                                + String.join(", ", CommitStyle.wireNames()),
                        "wb commit convention --set conventional"));
    }

    private void text(Session session, Convention convention) {
        Console console = console();
        console.line("style     " + convention.describe());
        convention.examples().forEach(e -> console.line("  e.g.    " + e));
        GitContext git = GitContext.read(session, root.context().env());
        console.line("author    " + git.userName().orElse("?") + " <"
                + git.userEmail().orElse("?") + ">");
        git.mismatch().ifPresent(m -> console.line("mismatch  " + m));
    }

    static ObjectNode json(Convention convention) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("style", convention.style().wireName());
        doc.put("ticket_prefix", convention.ticketPrefix());
        doc.put("sample", convention.sample());
        doc.put("declared", convention.declared());
        convention.examples().forEach(doc.putArray("examples")::add);
        return doc;
    }
}
