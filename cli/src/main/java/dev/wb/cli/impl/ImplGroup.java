package dev.wb.cli.impl;

import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.WbCommand;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb impl check|verify}: the implementation's commands. */
public final class ImplGroup {

    private ImplGroup() {}

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("check", ImplCheckCmd::spec);
        members.put("verify", ImplVerifyCmd::spec);
        return GroupCmd.spec(root, "impl", "The implementation: check its scope against the audited plans.", members);
    }
}
