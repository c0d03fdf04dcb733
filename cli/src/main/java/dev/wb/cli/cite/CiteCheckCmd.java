package dev.wb.cli.cite;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.Texts;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.sdd.AuditReport.CitationFinding;
import dev.wb.commands.sdd.CiteCheck;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb cite check FILE [--json]}: one file's citations against the code, as a first audit checks them. */
public final class CiteCheckCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("every citation passed"),
            Exit.CHECK_FAILED.as("a citation failed, the evidence is malformed, or the file is no file wb reads"),
            Exit.MISSING.as("no such file"),
            Exit.USAGE.as("no FILE, or more than one"));

    String file;

    private CiteCheckCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        CiteCheckCmd cmd = new CiteCheckCmd(root);
        CommandSpec spec = cmd.command(
                "check",
                "Check the citations of FILE, a JSON document with an evidence array (a plan, or a file of"
                        + " citations), against the code, without a task: strictly, as a first audit. Recorded as a"
                        + " citations.checked event.");
        spec.addPositional(Specs.positional(
                "FILE",
                "1",
                "The JSON file, inside the repository, like .workflow/ABC-1/sdd.json.",
                v -> cmd.file = v));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        try (Session session = root.context().session()) {
            CiteCheck.Result result =
                    CiteCheck.run(session, root.context().cwd().resolve(file));
            return ended(
                    result,
                    result.passed(),
                    CiteCheckCmd::json,
                    this::text,
                    () -> new Refusal(
                            "the citations of " + result.file() + " failed: "
                                    + Texts.plural(result.failures(), "finding"),
                            List.of("fix them in " + result.file() + ", then: wb cite check " + result.file())));
        }
    }

    private void text(CiteCheck.Result result) {
        Console console = root.context().console();
        console.line(result.file() + ": citations " + (result.passed() ? "passed" : "FAILED") + " · "
                + Texts.plural(result.citations().size(), "citation") + " checked");
        for (CitationFinding c : result.citations()) {
            String where = "evidence[" + c.index() + "]  " + (c.line() == 0 ? "absence" : c.file() + ":" + c.line());
            console.line("  " + Columns.left(c.verdict().wireName(), 13) + where
                    + (c.detail().isEmpty() ? "" : ": " + c.detail()));
            if (!c.passes() && c.at().isPresent()) {
                console.line("  " + Columns.left("", 13) + "set evidence[" + c.index() + "].line to " + c.at().get());
            }
        }
        if (!result.structure().isEmpty()) {
            console.line("structure:");
            result.structure().forEach(problem -> console.line("  " + problem));
        }
        console.line("recorded as event " + result.event().version() + " of the workspace");
    }

    private static ObjectNode json(CiteCheck.Result result) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("file", result.file());
        doc.put("verdict", result.passed() ? "pass" : "fail");
        doc.put("citations_checked", result.citations().size());
        doc.put(
                "citations_failed",
                result.citations().stream().filter(c -> !c.passes()).count());
        ArrayNode citations = doc.putArray("citations");
        for (CitationFinding c : result.citations()) {
            ObjectNode node = citations
                    .addObject()
                    .put("index", c.index())
                    .put("verdict", c.verdict().wireName())
                    .put("passes", c.passes())
                    .put("file", c.file())
                    .put("line", c.line());
            c.at().ifPresent(at -> node.put("at", at));
            if (!c.detail().isEmpty()) {
                node.put("detail", c.detail());
            }
        }
        result.structure().forEach(doc.putArray("structure")::add);
        doc.put("event", result.event().eventId());
        return doc;
    }
}
