package dev.wb.cli.sdd;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Paint;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.Texts;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.sdd.AuditReport;
import dev.wb.commands.sdd.AuditReport.CitationFinding;
import dev.wb.commands.sdd.AuditReport.FileFinding;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.TaskKey;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.AuditTier;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb sdd audit KEY [--rebaseline]}: the plan against the code. */
public final class SddAuditCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("passed"),
            Exit.CHECK_FAILED.as("failed"),
            Exit.MISSING.as("no sdd.json"),
            Exit.USAGE.as("malformed key"));

    String key;
    boolean rebaseline;

    private SddAuditCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        SddAuditCmd cmd = new SddAuditCmd(root);
        CommandSpec spec = cmd.command(
                "audit",
                "Check every citation and planned file of"
                        + " .workflow/KEY/sdd.json against the code and record the audit. The first audit is strict;"
                        + " once it passed, drift is reported and tolerated against its baseline commit.");
        spec.addPositional(Specs.taskKey(value -> cmd.key = value));
        spec.addOption(Specs.flag(
                "--rebaseline", "Re-anchor the plan to the current tree: strict again.", on -> cmd.rebaseline = on));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        try (Session session = root.context().session()) {
            SddAudit.Result result = SddAudit.run(session, task, rebaseline);
            return ended(
                    result,
                    result.passed(),
                    this::json,
                    this::text,
                    () -> new Refusal(
                            "the audit of " + task + " failed: "
                                    + Texts.plural(result.report().failures(), "finding"),
                            List.of("fix them in .workflow/" + task + "/sdd.json, then: wb sdd audit " + task)));
        }
    }

    private void text(SddAudit.Result result) {
        Console console = root.context().console();
        AuditReport report = result.report();
        Paint paint = Paint.of(root);
        StringBuilder head = new StringBuilder()
                .append(result.key())
                .append(": audit ")
                .append(paint.mark(result.passed() ? "passed" : "FAILED"))
                .append(" · ")
                .append(report.tier().wireName())
                .append(" tier · ")
                .append(modeText(report.mode()));
        anchor(result).ifPresent(a -> head.append(" · baseline ").append(Texts.abbrev(a)));
        console.line(head.toString());
        console.line("  " + report.tier().wireName() + " tier (" + report.tierReason() + ")");
        for (CitationFinding c : report.citations()) {
            // an absence claim (line 0) has no file and line: it searched the anchored commit
            String where = "evidence[" + c.index() + "]  " + (c.line() == 0 ? "absence" : c.file() + ":" + c.line());
            console.line("  " + paint.mark(Columns.left(c.verdict().wireName(), 13)) + where
                    + (c.detail().isEmpty() ? "" : ": " + c.detail()));
            if (c.drifted()) {
                console.line(
                        "  " + Columns.left("", 13) + "re-anchor with: wb sdd audit " + result.key() + " --rebaseline");
            } else if (!c.passes() && c.at().isPresent()) {
                console.line("  " + Columns.left("", 13) + "set evidence[" + c.index() + "].line to " + c.at().get());
            }
        }
        for (FileFinding f : report.files()) {
            console.line(
                    "  " + Columns.left(f.verdict().wireName(), 13) + "files: " + f.path() + " (" + f.change() + ")");
        }
        if (!report.zones().isEmpty()) {
            console.line("critical zones: " + String.join(", ", report.zones()));
        }
        if (report.tier() == AuditTier.LIGHT) {
            console.line("waived: steps, product; citations, files, verify and rollback still apply");
        }
        report.notices().forEach(notice -> console.line("notice: " + notice));
        if (!report.structure().isEmpty()) {
            console.line("structure:");
            report.structure().forEach(problem -> console.line("  " + problem));
        }
        console.line("recorded as event " + last(result).version() + " of " + result.key() + "; view: .workflow/"
                + result.key() + "/audit.json");
    }

    private static Optional<String> anchor(SddAudit.Result result) {
        return result.report().mode().strict()
                ? (result.passed() ? result.head() : Optional.empty())
                : result.report().anchor();
    }

    /** audit.json's document (the original's fields, then wb's), with where it was written and each detail. */
    private ObjectNode json(SddAudit.Result result) {
        ObjectNode doc = result.auditView().deepCopy();
        doc.put("auditJson", result.auditJson().toString());
        ArrayNode details = doc.putArray("details");
        result.report()
                .citations()
                .forEach(c -> details.addObject().put("index", c.index()).put("detail", c.detail()));
        return doc;
    }

    private static EventEnvelope last(SddAudit.Result result) {
        return result.appended().get(result.appended().size() - 1);
    }

    private static String modeText(AuditMode mode) {
        return switch (mode) {
            case FIRST -> "first audit (strict)";
            case UNDER_WAY -> "under way";
            case REBASELINE -> "rebaseline (strict)";
        };
    }
}
