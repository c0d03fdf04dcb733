package dev.wb.cli.ops;

import dev.wb.cli.core.Console;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.flow.ValidateFlow;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb validate-flow NAME|--all}: the flows in .workflow/flows/, validated as the engine would at
 * dispatch. One line a flow ({@code flow <name>: OK} or {@code flow <name>: FAIL — <first violation>} with
 * every violation indented under it), then its {@code WARN} lines.
 */
public final class ValidateFlowCmd implements Callable<Integer> {

    private final WbCommand root;
    String name;
    boolean all;

    private ValidateFlowCmd(WbCommand root) {
        this.root = root;
    }

    public static CommandSpec spec(WbCommand root) {
        ValidateFlowCmd cmd = new ValidateFlowCmd(root);
        CommandSpec spec = Specs.command(
                cmd,
                "validate-flow",
                "Validate the flows authored in .workflow/flows/"
                        + " exactly as the engine sees them at dispatch: schema, graph, security ceiling, and what"
                        + " .workflow/config.json allows (providers, models, reasoning) and .workflow/tools/"
                        + " delivers. Format: docs/FLOWS.md.");
        spec.addPositional(
                Specs.positional("NAME", "0..1", "One flow: its file's stem or <stem>.yaml.", v -> cmd.name = v));
        spec.addOption(Specs.flag("--all", "Every *.yaml in .workflow/flows/, sorted.", on -> cmd.all |= on));
        spec.addOption(Specs.json(root));
        spec.usageMessage()
                .footer(
                        "",
                        "WARN lines never change the exit code.",
                        "Exit codes: 0 every checked flow valid, 1 any invalid, 2 flow not found, usage error, or no"
                                + " loadable config.");
        return spec;
    }

    @Override
    public Integer call() {
        ValidateFlow.Report report;
        try (Session session = root.context().session()) {
            report = ValidateFlow.run(session, root.context().env(), Optional.ofNullable(name), all);
        }
        Console console = root.context().console();
        report.error().ifPresent(e -> console.error(e.getMessage(), e.fixes()));
        if (root.json()) {
            console.json(report.toJson());
            return report.exitCode();
        }
        if (report.error().isEmpty() && report.flows().isEmpty()) {
            console.line("validate-flow: no operator flows in " + ValidateFlow.FLOWS + " (format and examples: "
                    + ValidateFlow.DOCS + ")");
        }
        report.flows().forEach(flow -> flow.lines().forEach(console::line));
        return report.exitCode();
    }
}
