package dev.wb.cli.review;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.Texts;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.review.Finding;
import dev.wb.commands.review.ReviewGates;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.judge.FindingKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb review gates KEY [--staged] [--base REF] [--json]}: the gates a script can settle. */
public final class ReviewGatesCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("no finding"),
            Exit.CHECK_FAILED.as("a finding: a secret, a swallowed error, a new dependency, or a bug fix with no test"),
            Exit.USAGE.as("malformed key, outside a repository, a --base that is no commit, or --staged with --base"));

    String key;
    final ReviewGroup.DiffChoice choice = new ReviewGroup.DiffChoice();

    private ReviewGatesCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        ReviewGatesCmd cmd = new ReviewGatesCmd(root);
        CommandSpec spec = cmd.command(
                "gates",
                "Settle the gates a script can settle on the lines the branch's diff adds: secrets (shown"
                        + " redacted), swallowed errors, new dependencies, and a bug fix with no test (exit 7)."
                        + " Recorded as a review.gated event of KEY.");
        spec.addPositional(Specs.taskKey(value -> cmd.key = value));
        ReviewGroup.diffOptions(spec, cmd.choice);
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        try (Session session = root.context().session()) {
            ReviewGates.Result result = ReviewGates.run(session, task, choice.request());
            return ended(
                    result,
                    result.passed(),
                    ReviewGatesCmd::json,
                    this::text,
                    () -> new Refusal(
                            task + ": " + Texts.plural(result.findings().size(), "finding") + " in the diff ("
                                    + counted(result) + ")",
                            fixes(task, result)));
        }
    }

    private static String counted(ReviewGates.Result result) {
        Map<String, Integer> counts = new TreeMap<>();
        result.findings().forEach(f -> counts.merge(f.kind().wireName(), 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        counts.forEach((kind, n) -> parts.add(n + " " + kind));
        return String.join(", ", parts);
    }

    private static List<String> fixes(TaskKey task, ReviewGates.Result result) {
        List<String> fixes = new ArrayList<>();
        if (has(result, FindingKind.SECRET)) {
            fixes.add("move each secret out of the file into the environment or a secret store, and rotate it if it"
                    + " was ever pushed");
        }
        if (has(result, FindingKind.SWALLOWED_ERROR)) {
            fixes.add("handle or log each swallowed error, or say why on the line (a comment is a stated decision)");
        }
        if (has(result, FindingKind.DEPENDENCY)) {
            fixes.add("for each added dependency, name its owner and why nothing already in the repo does this");
        }
        if (has(result, FindingKind.REGRESSION_TEST)) {
            fixes.add("add a regression test that fails without the fix");
        }
        fixes.add("then: wb review gates " + task);
        return fixes;
    }

    private static boolean has(ReviewGates.Result result, FindingKind kind) {
        return result.findings().stream().anyMatch(f -> f.kind() == kind);
    }

    private void text(ReviewGates.Result result) {
        Console console = root.context().console();
        console.line(ReviewText.diffLine(result.diff()));
        if (result.passed()) {
            console.line("pass  no mechanically checkable gate was violated");
            console.line("      the remaining gates are judgement; wb review context lists them");
        }
        for (Finding f : result.findings()) {
            String where = f.line() == 0 ? f.path() : f.path() + ":" + f.line();
            console.line(TerminalText.escape(where) + "  " + f.kind().severity() + "  " + f.detail());
            console.line("    gate: " + f.kind().gate());
            if (!f.quote().isEmpty()) {
                console.line("    " + TerminalText.escape(f.quote()));
            }
        }
        result.diff().skipped().forEach(s -> console.line("not read: " + TerminalText.escape(s)));
        console.line("recorded as event " + result.event().version() + " of " + result.key());
    }

    private static ObjectNode json(ReviewGates.Result result) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("task", result.key().value());
        ReviewText.diffJson(doc, result.diff());
        doc.put("passed", result.passed());
        ObjectNode counts = doc.putObject("counts");
        for (FindingKind kind : FindingKind.values()) {
            counts.put(
                    kind.wireName(),
                    result.findings().stream().filter(f -> f.kind() == kind).count());
        }
        ArrayNode findings = doc.putArray("findings");
        for (Finding f : result.findings()) {
            findings.addObject()
                    .put("kind", f.kind().wireName())
                    .put("rule", f.rule())
                    .put("gate", f.kind().gate())
                    .put("severity", f.kind().severity())
                    .put("file", f.path())
                    .put("line", f.line())
                    .put("quote", f.quote())
                    .put("detail", f.detail());
        }
        doc.put("regression_test_missing", has(result, FindingKind.REGRESSION_TEST));
        doc.put("ticket_type", result.ticketType());
        doc.put("event", result.event().eventId());
        doc.put("version", result.event().version());
        return doc;
    }
}
