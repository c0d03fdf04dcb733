package dev.wb.cli.task;

import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.WbCommand;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb task new|approve-commands|migrate-criteria|done|clean|get}: a task's capsule, its ticket and its end. */
public final class TaskGroup {

    private TaskGroup() {}

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("new", TaskNewCmd::spec);
        members.put("approve-commands", TaskApproveCommandsCmd::spec);
        members.put("migrate-criteria", TaskMigrateCriteriaCmd::spec);
        members.put("done", TaskDoneCmd::spec);
        members.put("clean", TaskCleanCmd::spec);
        members.put("get", TaskGetCmd::spec);
        return GroupCmd.spec(
                root,
                "task",
                "The task capsule (.workflow/KEY/): its criteria and declared commands, its ticket (get), marking it done and cleaning its folder.",
                members);
    }
}
