package dev.wb.cli.ops;

import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Paint;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.flow.FlowResult;
import dev.wb.commands.flow.ValidateFlow;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb validate-flow NAME|--all}: the flows in .workflow/flows/, validated as the engine would at
 * dispatch. One line a flow ({@code flow <name>: OK} or {@code flow <name>: FAIL — <first violation>} with
 * every violation indented under it), then its {@code WARN} lines.
 */
public final class ValidateFlowCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("every checked flow valid"),
            Exit.FLOW_INVALID.as("any invalid"),
            Exit.USAGE.as("flow not found, usage error, or no loadable config"));

    String name;
    boolean all;

    private ValidateFlowCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        ValidateFlowCmd cmd = new ValidateFlowCmd(root);
        CommandSpec spec = cmd.command(
                "validate-flow",
                "Validate the flows authored in .workflow/flows/"
                        + " exactly as the engine sees them at dispatch: schema, graph, security ceiling, and what"
                        + " .workflow/config.json allows (providers, models, reasoning) and .workflow/tools/"
                        + " delivers. Format: docs/FLOWS.md.",
                "WARN lines never change the exit code.");
        spec.addPositional(
                Specs.positional("NAME", "0..1", "One flow: its file's stem or <stem>.yaml.", v -> cmd.name = v));
        spec.addOption(Specs.flag("--all", "Every *.yaml in .workflow/flows/, sorted.", on -> cmd.all |= on));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        ValidateFlow.Report report;
        try (Session session = root.context().session()) {
            report = ValidateFlow.run(session, root.context().env(), Optional.ofNullable(name), all);
        }
        Console console = root.context().console();
        report.error().ifPresent(e -> console.error(e.getMessage(), e.fixes()));
        if (root.json()) {
            console.json(report.toJson());
            return exit(report);
        }
        if (report.error().isEmpty() && report.flows().isEmpty()) {
            console.line("validate-flow: no operator flows in " + ValidateFlow.FLOWS + " (format and examples: "
                    + ValidateFlow.DOCS + ")");
        }
        Paint paint = Paint.of(root);
        report.flows().forEach(flow -> flow.lines().stream().map(paint::marked).forEach(console::line));
        return exit(report);
    }

    /** A request that could not be read is a refusal; otherwise every checked flow is valid, or not. */
    private static Exit exit(ValidateFlow.Report report) {
        if (report.error().isPresent()) {
            return Exit.USAGE;
        }
        return report.flows().stream().allMatch(FlowResult::valid) ? Exit.OK : Exit.FLOW_INVALID;
    }
}
