package dev.wb.cli.hooks;

import dev.wb.commands.base.Failure;
import dev.wb.commands.config.HookHost;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The HOST word of {@code wb hooks …}: claude, codex or copilot; anything else is a usage error. */
final class HostArg {

    static final String LIST =
            Arrays.stream(HookHost.values()).map(HookHost::id).collect(Collectors.joining("|"));

    private HostArg() {}

    static HookHost parse(String word) {
        return HookHost.of(word)
                .orElseThrow(() -> Failure.usage(
                        "no agent host " + word + ": wb writes hooks for " + LIST.replace("|", ", "),
                        "wb hooks install claude (or codex, copilot)"));
    }
}
