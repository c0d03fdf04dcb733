package dev.wb.cli.ops;

import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Paint;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.preflight.Host;
import dev.wb.commands.preflight.Preflight;
import dev.wb.commands.preflight.PreflightLine;
import dev.wb.commands.preflight.PreflightReport;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb preflight [--env-file F] [--paid-isolation-probe] [--json]}: the run-surface health gate,
 * one secret-free line a check in a fixed order, then the verdict. Every run appends one
 * {@code preflight.completed} event, an unusable config.json included.
 */
public final class PreflightCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("ready"),
            Exit.CHECK_FAILED.as("not ready (a FAIL line)"),
            Exit.CONFIG.as("unusable config.json"),
            Exit.USAGE.as("usage"));

    String envFile;
    boolean paidProbe;

    private PreflightCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        PreflightCmd cmd = new PreflightCmd(root);
        CommandSpec spec = cmd.command(
                "preflight",
                "Check the run surface before the first task: the"
                        + " env-file, each allowed provider (version, login, binary, Codex's live sandbox smoke), the"
                        + " isolation policy, the environment and assigned paths, the gh pin, the command sets, gh and"
                        + " telegram. Validates no flow (wb validate-flow does). Prints no secret.",
                "Line order: env; per allowed provider its health, <provider>-binary, any"
                        + " WARN/FAIL and its isolation smoke; isolation, read-isolation, isolation-floor, advanced-mode,"
                        + " git-evidence; allowed-environment, extra-environment, assigned-paths; gh-repo-pin; checks; gh"
                        + " (when git.create_pull_request is on); telegram; the verdict. See docs/PREFLIGHT.md.");
        spec.addOption(Specs.option(
                "--env-file",
                "FILE",
                String.class,
                "The env-file agent runs get (default"
                        + " .workflow/.env; a named file that is missing is a FAIL). Its values are never printed.",
                v -> cmd.envFile = (String) v));
        spec.addOption(Specs.flag(
                "--paid-isolation-probe",
                "Spend one real (billed) model call per supporting"
                        + " provider (claude) to prove its sandbox on a throwaway fixture; declines, spending nothing,"
                        + " under strict_isolation false or on a host with no OS Bash sandbox.",
                on -> cmd.paidProbe = on));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        Workspace ws = Workspace.require(root.context().cwd());
        Optional<Path> named;
        try {
            named = Optional.ofNullable(envFile).map(Path::of);
        } catch (InvalidPathException e) {
            throw Failure.usage(
                    "--env-file is not a usable path (it holds a character no file name can)",
                    "name the env-file by a plain path: wb preflight --env-file ../my.env");
        }
        Preflight.Request request = new Preflight.Request(
                ws,
                root.context().cwd(),
                root.context().env(),
                Host.detect(root.context().env(), ws.root()),
                named,
                paidProbe);
        PreflightReport report;
        try {
            report = Preflight.run(request);
        } catch (Failure failure) {
            if (failure.kind() == Failure.Kind.CONFIG) {
                try (Session session = root.context().session()) {
                    Preflight.record(
                            session,
                            Preflight.configUnusable(failure, root.context().env()));
                }
            }
            throw failure;
        }
        try (Session session = root.context().session()) {
            Preflight.record(session, report);
        }
        Console console = root.context().console();
        if (root.json()) {
            console.json(report.toJson());
        } else {
            Paint paint = Paint.of(root);
            report.lines().stream().map(PreflightLine::text).map(paint::marked).forEach(console::line);
            console.line(paint.marked(report.verdictLine()));
        }
        if (!report.ready()) {
            console.error(
                    report.verdictLine(),
                    List.of("fix each FAIL line above (docs/PREFLIGHT.md says what each"
                            + " means), then run: wb preflight"));
            return Exit.CHECK_FAILED;
        }
        return Exit.OK;
    }
}
