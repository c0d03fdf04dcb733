package dev.wb.cli.ci;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Workspace;
import dev.wb.commands.ci.CiWorkflow;
import dev.wb.engine.json.CanonicalJson;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb ci init}: writes {@code .github/workflows/wb.yml} (docs/CI.md). */
public final class CiInitCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("written, or already the same"),
            Exit.USAGE.as("a malformed --dist-url or --sha256, or a different workflow is there without --force"
                    + " (nothing written)"),
            Exit.CONFIG.as("cannot write"));

    private String distUrl;
    private String sha256;
    private boolean force;
    private boolean dryRun;
    private boolean stdout;

    private CiInitCmd(WbCommand root) {
        super(root);
    }

    @Override
    public Exits exits() {
        return EXITS;
    }

    public static CommandSpec spec(WbCommand root) {
        CiInitCmd cmd = new CiInitCmd(root);
        CommandSpec spec = cmd.command(
                "init",
                "Write the GitHub Actions workflow " + CiWorkflow.PATH + ": on a pull request from a task/KEY"
                        + " branch it installs wb, fetches the team's task histories and runs wb ci check.",
                "Without --dist-url and --sha256 it reads the repository variables WB_DIST_URL and WB_DIST_SHA256.");
        spec.addOption(Specs.option(
                "--dist-url",
                "URL",
                String.class,
                "the https:// address of the wb-<version>.tar.gz to install",
                value -> cmd.distUrl = (String) value));
        spec.addOption(Specs.option(
                "--sha256",
                "HEX",
                String.class,
                "the archive's SHA-256, checked before it is unpacked",
                value -> cmd.sha256 = (String) value));
        spec.addOption(Specs.flag("--force", "replace a workflow that differs", value -> cmd.force = value));
        spec.addOption(
                Specs.flag("--dry-run", "say what would be written; write nothing", value -> cmd.dryRun = value));
        spec.addOption(Specs.flag("--stdout", "print the workflow instead of writing it", value -> cmd.stdout = value));
        spec.addOption(Specs.json(root));
        return spec;
    }

    @Override
    protected Exit run() {
        String content = CiWorkflow.text(Optional.ofNullable(distUrl), Optional.ofNullable(sha256));
        if (stdout) {
            console().out().print(content);
            return Exit.OK;
        }
        Workspace ws = Workspace.require(context().cwd());
        CiWorkflow.Result result = CiWorkflow.write(ws, content, force, dryRun);
        if (json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("path", result.path());
            doc.put("action", result.action().id());
            doc.put("dryRun", dryRun);
            console().json(doc);
        } else {
            String verb = switch (result.action()) {
                case WRITTEN -> dryRun ? "would write " : "wrote ";
                case UPDATED -> dryRun ? "would replace " : "replaced ";
                case UNCHANGED -> "unchanged: ";
            };
            console().line(verb + result.path());
            if (distUrl == null) {
                console()
                        .line(
                                "set the repository variables WB_DIST_URL and WB_DIST_SHA256 (docs/CI.md), then commit it");
            }
        }
        return Exit.OK;
    }
}
