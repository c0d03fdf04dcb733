package dev.wb.cli;

import dev.wb.cli.ci.CiGroup;
import dev.wb.cli.cite.CiteGroup;
import dev.wb.cli.commit.CommitGroup;
import dev.wb.cli.config.ConfigGroup;
import dev.wb.cli.core.WbCommand;
import dev.wb.cli.demo.DemoCmd;
import dev.wb.cli.git.GitGroup;
import dev.wb.cli.help.CompletionCmd;
import dev.wb.cli.help.ManCmd;
import dev.wb.cli.help.SurfaceCmd;
import dev.wb.cli.hooks.HooksGroup;
import dev.wb.cli.impl.ImplGroup;
import dev.wb.cli.judge.JudgeGroup;
import dev.wb.cli.mcp.McpCmd;
import dev.wb.cli.next.NextCmd;
import dev.wb.cli.ops.ChecksCmd;
import dev.wb.cli.ops.DoctorCmd;
import dev.wb.cli.ops.PreflightCmd;
import dev.wb.cli.ops.RunCmd;
import dev.wb.cli.ops.ValidateFlowCmd;
import dev.wb.cli.pr.PrGroup;
import dev.wb.cli.review.ReviewGroup;
import dev.wb.cli.route.RouteCmd;
import dev.wb.cli.sdd.SddGroup;
import dev.wb.cli.server.ServerGroup;
import dev.wb.cli.show.ShowCmd;
import dev.wb.cli.status.StatusCmd;
import dev.wb.cli.sync.SyncCmd;
import dev.wb.cli.task.TaskGroup;
import dev.wb.cli.workspace.ImportCmd;
import dev.wb.cli.workspace.InitCmd;
import dev.wb.cli.workspace.RepoGroup;
import java.util.List;
import java.util.Set;

/**
 * The one list of wb's subcommands, by name: the only class that knows every command package. {@link
 * Wb} registers only the one a run names (building picocli's model of a subcommand costs start-up
 * time), and all of them for help and completion. A switch rather than a map of method references:
 * linking a method reference loads its class, and a run should load only the command it runs.
 */
final class Commands {

    /** Every subcommand's name, in the order help lists them. */
    static final List<String> NAMES = List.of(
            "init",
            "status",
            "replay",
            "show",
            "sdd",
            "cite",
            "commit",
            "pr",
            "repo",
            "impl",
            "review",
            "git",
            "judge",
            "hooks",
            "task",
            "config",
            "checks",
            "run",
            "preflight",
            "validate-flow",
            "import",
            "sync",
            "ci",
            "demo",
            "server",
            "next",
            "route",
            "doctor",
            "mcp",
            "surface",
            "generate-completion",
            "generate-man");

    /** The subcommands that describe the whole tree, so that a run of them registers every subcommand. */
    static final Set<String> WHOLE_TREE = Set.of("generate-completion", "generate-man", "surface");

    private Commands() {}

    /** The spec (or annotated object) of the subcommand {@code name}, one of {@link #NAMES}. */
    static Object spec(String name, WbCommand root) {
        return switch (name) {
            case "init" -> InitCmd.spec(root);
            case "status" -> StatusCmd.spec(root);
            case "replay" -> ReplayCmd.spec(root);
            case "show" -> ShowCmd.spec(root);
            case "sdd" -> SddGroup.spec(root);
            case "cite" -> CiteGroup.spec(root);
            case "repo" -> RepoGroup.spec(root);
            case "impl" -> ImplGroup.spec(root);
            case "review" -> ReviewGroup.spec(root);
            case "git" -> GitGroup.spec(root);
            case "commit" -> CommitGroup.spec(root);
            case "pr" -> PrGroup.spec(root);
            case "judge" -> JudgeGroup.spec(root);
            case "hooks" -> HooksGroup.spec(root);
            case "task" -> TaskGroup.spec(root);
            case "config" -> ConfigGroup.spec(root);
            case "checks" -> ChecksCmd.spec(root);
            case "run" -> RunCmd.spec(root);
            case "preflight" -> PreflightCmd.spec(root);
            case "validate-flow" -> ValidateFlowCmd.spec(root);
            case "import" -> ImportCmd.spec(root);
            case "sync" -> SyncCmd.spec(root);
            case "ci" -> CiGroup.spec(root);
            case "demo" -> DemoCmd.spec(root);
            case "server" -> ServerGroup.spec(root);
            case "next" -> NextCmd.spec(root);
            case "route" -> RouteCmd.spec(root);
            case "doctor" -> DoctorCmd.spec(root);
            case "mcp" -> McpCmd.spec(root);
            case "surface" -> SurfaceCmd.spec(root);
            case "generate-completion" -> CompletionCmd.spec(root);
            case "generate-man" -> ManCmd.spec(root);
            default -> throw new IllegalArgumentException("no subcommand " + name);
        };
    }
}
