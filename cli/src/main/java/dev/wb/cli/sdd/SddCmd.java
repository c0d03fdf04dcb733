package dev.wb.cli.sdd;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.ExitCodes;
import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Failure;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.sdd.AuditReport;
import dev.wb.commands.sdd.AuditReport.CitationFinding;
import dev.wb.commands.sdd.AuditReport.FileFinding;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.TaskKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb sdd audit KEY [--rebaseline]}: the plan against the code. */
public final class SddCmd implements Callable<Integer> {

    private final WbCommand root;
    String key;
    boolean rebaseline;

    private SddCmd(WbCommand root) {
        this.root = root;
    }

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("audit", SddCmd::audit);
        members.put("blank", SddBlankCmd::spec);
        members.put("get", SddGetCmd::spec);
        return GroupCmd.spec(
                root,
                "sdd",
                "The plan (.workflow/KEY/sdd.json): write its skeleton, audit it against"
                        + " the code, read a section.",
                members);
    }

    public static CommandSpec audit(WbCommand root) {
        SddCmd cmd = new SddCmd(root);
        CommandSpec spec = Specs.command(
                cmd,
                "audit",
                "Check every citation and planned file of"
                        + " .workflow/KEY/sdd.json against the code and record the audit. The first audit is strict;"
                        + " once it passed, drift is reported and tolerated against its baseline commit.");
        spec.addPositional(Specs.positional("KEY", "1", "The task key, like ABC-12.", value -> cmd.key = value));
        spec.addOption(Specs.flag(
                "--rebaseline", "Re-anchor the plan to the current tree: strict again.", on -> cmd.rebaseline = on));
        spec.addOption(Specs.json(root));
        spec.usageMessage().footer("", "Exit codes: 0 passed, 7 failed, 6 no sdd.json, 2 malformed key.");
        return spec;
    }

    @Override
    public Integer call() {
        TaskKey task = Keys.task(key);
        try (Session session = root.context().session()) {
            SddAudit.Result result = SddAudit.run(session, task, rebaseline);
            if (root.json()) {
                root.context().console().json(json(result));
            } else {
                text(result);
            }
            if (!result.passed()) {
                throw new Failure(
                        Failure.Kind.CHECK_FAILED,
                        "the audit of " + task + " failed: "
                                + plural(result.report().failures(), "finding"),
                        List.of("fix them in .workflow/" + task + "/sdd.json, then: wb sdd audit " + task));
            }
            return ExitCodes.OK;
        }
    }

    private void text(SddAudit.Result result) {
        Console console = root.context().console();
        AuditReport report = result.report();
        StringBuilder head = new StringBuilder()
                .append(result.key())
                .append(": audit ")
                .append(result.passed() ? "passed" : "FAILED")
                .append(" · ")
                .append(report.tier().wireName())
                .append(" tier · ")
                .append(modeText(report.mode()));
        anchor(result).ifPresent(a -> head.append(" · baseline ").append(abbrev(a)));
        console.line(head.toString());
        console.line("  " + report.tier().wireName() + " tier (" + report.tierReason() + ")");
        for (CitationFinding c : report.citations()) {
            String where = "evidence[" + c.index() + "]  " + c.file() + ":" + c.line();
            console.line("  " + Columns.left(c.verdict().wireName(), 13) + where
                    + (c.detail().isEmpty() ? "" : ": " + c.detail()));
            if (c.drifted()) {
                console.line(
                        "  " + Columns.left("", 13) + "re-anchor with: wb sdd audit " + result.key() + " --rebaseline");
            } else if (!c.passes() && c.at().isPresent()) {
                console.line("  " + Columns.left("", 13) + "set evidence[" + c.index() + "].line to " + c.at().get());
            }
        }
        for (FileFinding f : report.files()) {
            console.line("  " + Columns.left(f.verdict(), 13) + "files: " + f.path() + " (" + f.change() + ")");
        }
        if (!report.zones().isEmpty()) {
            console.line("critical zones: " + String.join(", ", report.zones()));
        }
        if (report.tier() == AuditReport.Tier.LIGHT) {
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

    private static java.util.Optional<String> anchor(SddAudit.Result result) {
        return result.report().mode().strict()
                ? (result.passed() ? result.head() : java.util.Optional.empty())
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

    private static String modeText(AuditReport.Mode mode) {
        return switch (mode) {
            case FIRST -> "first audit (strict)";
            case UNDER_WAY -> "under way";
            case REBASELINE -> "rebaseline (strict)";
        };
    }

    static String abbrev(String commit) {
        return commit.length() > 12 ? commit.substring(0, 12) : commit;
    }

    static String plural(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
