package dev.wb.cli;

import dev.wb.cli.config.ConfigGroup;
import dev.wb.cli.core.WbCommand;
import dev.wb.cli.demo.DemoCmd;
import dev.wb.cli.git.GitGroup;
import dev.wb.cli.impl.ImplGroup;
import dev.wb.cli.judge.JudgeGroup;
import dev.wb.cli.ops.ChecksCmd;
import dev.wb.cli.ops.PreflightCmd;
import dev.wb.cli.ops.ValidateFlowCmd;
import dev.wb.cli.sdd.SddGroup;
import dev.wb.cli.status.StatusCmd;
import dev.wb.cli.task.TaskGroup;
import dev.wb.cli.workspace.ImportCmd;
import dev.wb.cli.workspace.InitCmd;
import dev.wb.cli.workspace.RepoGroup;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import picocli.AutoComplete;

/**
 * The one list of wb's subcommands, by name: the only class that knows every command package. {@link
 * Wb} registers only the one a run names (building picocli's model of a subcommand costs start-up
 * time), and all of them for help and completion.
 */
final class Commands {

    static final Map<String, Function<WbCommand, Object>> SUBCOMMANDS = subcommands();

    private Commands() {}

    private static Map<String, Function<WbCommand, Object>> subcommands() {
        Map<String, Function<WbCommand, Object>> all = new LinkedHashMap<>();
        all.put("init", InitCmd::spec);
        all.put("status", StatusCmd::spec);
        all.put("replay", ReplayCmd::spec);
        all.put("sdd", SddGroup::spec);
        all.put("repo", RepoGroup::spec);
        all.put("impl", ImplGroup::spec);
        all.put("git", GitGroup::spec);
        all.put("judge", JudgeGroup::spec);
        all.put("task", TaskGroup::spec);
        all.put("config", ConfigGroup::spec);
        all.put("checks", ChecksCmd::spec);
        all.put("preflight", PreflightCmd::spec);
        all.put("validate-flow", ValidateFlowCmd::spec);
        all.put("import", ImportCmd::spec);
        all.put("demo", DemoCmd::spec);
        all.put("generate-completion", root -> new AutoComplete.GenerateCompletion());
        return Collections.unmodifiableMap(all);
    }
}
