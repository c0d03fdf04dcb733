package dev.wb.cli.sdd;

import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.WbCommand;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb sdd audit|blank|get|render|handover|gates}: the plan's commands. */
public final class SddGroup {

    private SddGroup() {}

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("audit", SddAuditCmd::spec);
        members.put("blank", SddBlankCmd::spec);
        members.put("get", SddGetCmd::spec);
        members.put("render", SddNoteCmd::render);
        members.put("handover", SddNoteCmd::handover);
        members.put("gates", SddGatesCmd::spec);
        return GroupCmd.spec(
                root,
                "sdd",
                "The plan (.workflow/KEY/sdd.json): write its skeleton, audit it against"
                        + " the code, read a section, render it and its handover, list its quality gates.",
                members);
    }
}
