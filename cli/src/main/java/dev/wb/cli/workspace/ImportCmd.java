package dev.wb.cli.workspace;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.Texts;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.importer.ImportItem;
import dev.wb.commands.importer.WbImport;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb import [--from DIR] [--dry-run]}: one line per thing found in the originals' workspace
 * ({@code copied}, {@code already there}, {@code conflict}, {@code recorded}, {@code already recorded},
 * {@code skipped}, {@code refused}), then a summary; docs/IMPORT.md.
 */
public final class ImportCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("done (running it again adds nothing)"),
            Exit.NOT_COMPLETED.as("a conflict or a refused file (nothing written)"),
            Exit.USAGE.as("usage (--from not a directory, not a git repository)"),
            Exit.CONFIG.as("cannot write"),
            Exit.MISSING.as("nothing of the originals found"));

    String from;
    boolean dryRun;

    private ImportCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        ImportCmd cmd = new ImportCmd(root);
        CommandSpec spec = cmd.command(
                "import",
                "Bring in what the original tools left in a repository:"
                        + " .worc/flows/ and .worc/tools/ (to .workflow/flows/ and .workflow/tools/), the judge's"
                        + " .akrctx/ (or .wep/) capsules, policy.json and review records, and the workbench's"
                        + " .workflow/<KEY>/ plans. Files are copied byte for byte and never over other content; old"
                        + " verdicts (audit.json, evidence.json, git.log.json, review records) become imported, unverified"
                        + " events that open no gate until wb re-runs the check. All or nothing: a conflict or a refused"
                        + " file anywhere, and nothing is written. docs/IMPORT.md.");
        spec.addOption(Specs.option(
                "--from",
                "DIR",
                String.class,
                "The root of the repository holding the" + " original's files (default: this repository).",
                v -> cmd.from = (String) v));
        spec.addOption(
                Specs.flag("--dry-run", "Say what would be done, and write or record nothing.", on -> cmd.dryRun = on));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        Optional<Path> source =
                Optional.ofNullable(from).map(f -> root.context().cwd().resolve(f));
        WbImport.Report report;
        try (Session session = root.context().session()) {
            report = WbImport.run(session, source, dryRun);
        }
        Optional<Failure> failure = failure(report);
        Console console = root.context().console();
        if (root.json()) {
            console.json(json(report, failure));
        } else {
            report.items().forEach(item -> console.line(line(item, !report.written())));
            console.line(summary(report));
        }
        if (failure.isPresent()) {
            throw failure.get();
        }
        return Exit.OK;
    }

    private static Optional<Failure> failure(WbImport.Report report) {
        long conflicts = report.count(ImportItem.Status.CONFLICT);
        long refused = report.count(ImportItem.Status.REFUSED);
        if (conflicts + refused == 0) {
            return Optional.empty();
        }
        String what = Texts.plural(conflicts, "conflict") + ", " + refused + " refused";
        String message = report.written()
                ? "wb import left " + what + " as they were"
                : "wb import " + (report.dryRun() ? "would bring" : "brought") + " nothing in: " + what;
        List<String> fixes = new ArrayList<>();
        if (conflicts > 0) {
            fixes.add("a conflict: compare the two files, keep one and move the other away, then run: wb import");
        }
        if (refused > 0) {
            fixes.add("a refused file: make it a regular UTF-8 file inside its repository and within its size"
                    + " limit (docs/GUARANTEES.md), or remove it, then run: wb import");
        }
        return Optional.of(new Failure(Failure.Kind.NOT_COMPLETED, message, fixes));
    }

    static String line(ImportItem item, boolean dryRun) {
        StringBuilder line =
                new StringBuilder(item.status().word(dryRun)).append(' ').append(TerminalText.escape(item.source()));
        boolean verdict =
                item.status() == ImportItem.Status.RECORDED || item.status() == ImportItem.Status.ALREADY_RECORDED;
        if (verdict) {
            line.append(": ")
                    .append(item.kind())
                    .append(' ')
                    .append(item.verdict()
                            .map(v -> "\"" + TerminalText.escape(v) + "\"")
                            .orElse("(no verdict)"))
                    .append(" → ")
                    .append(item.target().orElseThrow());
            item.reason().ifPresent(r -> line.append(" (").append(r).append(')'));
            return line.toString();
        }
        item.target()
                .filter(t -> item.reason().isEmpty())
                .ifPresent(t -> line.append(" → ").append(TerminalText.escape(t)));
        item.reason().ifPresent(r -> line.append(": ").append(TerminalText.escape(r)));
        return line.toString();
    }

    private static String summary(WbImport.Report report) {
        List<String> counts = new ArrayList<>();
        for (ImportItem.Status status : ImportItem.Status.values()) {
            long n = report.count(status);
            if (n > 0) {
                counts.add(n + " " + status.word(!report.written()));
            }
        }
        String from = report.sameRepository()
                ? "this repository"
                : TerminalText.escape(report.source().toString());
        String head = report.dryRun()
                ? "dry run, nothing written: from "
                : report.written() ? "imported from " : "nothing written: from ";
        return head + from + ": " + String.join(", ", counts);
    }

    private static ObjectNode json(WbImport.Report report, Optional<Failure> failure) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("source", report.source().toString());
        doc.put("sameRepository", report.sameRepository());
        doc.put("dryRun", report.dryRun());
        doc.put("written", report.written());
        ArrayNode items = doc.putArray("items");
        for (ImportItem item : report.items()) {
            ObjectNode node = items.addObject();
            node.put("status", item.status().jsonName());
            node.put("kind", item.kind());
            node.put("source", item.source());
            item.target().ifPresent(t -> node.put("target", t));
            item.verdict().ifPresent(v -> node.put("verdict", v));
            item.reason().ifPresent(r -> node.put("reason", r));
        }
        ObjectNode summary = doc.putObject("summary");
        for (ImportItem.Status status : ImportItem.Status.values()) {
            summary.put(status.jsonName(), report.count(status));
        }
        failure.ifPresent(f -> {
            doc.put("error", f.getMessage());
            f.fixes().forEach(doc.putArray("fixes")::add);
        });
        return doc;
    }
}
