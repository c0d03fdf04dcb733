package dev.wb.cli.judge;

import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.WbCommand;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb judge …}: the review boundary, its immutable snapshot, and the validation run. */
public final class JudgeGroup {

    private JudgeGroup() {}

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("snapshot", JudgeSnapshotCmd::spec);
        members.put("scope", JudgeScopeCmd::spec);
        members.put("run", JudgeRunCmd::spec);
        members.put("verify", JudgeVerifyCmd::spec);
        members.put("current", JudgeCurrentCmd::spec);
        members.put("rounds", JudgeRoundsCmd::spec);
        members.put("prune", JudgePruneCmd::spec);
        members.put("reproduce", JudgeReproduceCmd::spec);
        members.put("enable", JudgeEnableCmd::spec);
        members.put("disable", JudgeDisableCmd::spec);
        members.put("status", JudgeStatusCmd::spec);
        members.put("guard", JudgeGuardCmd::spec);
        return GroupCmd.spec(
                root,
                "judge",
                "Independent review: capture the exact boundary of a task's change, run"
                        + " its declared validation once, and keep the receipt for the judge.",
                members);
    }
}
