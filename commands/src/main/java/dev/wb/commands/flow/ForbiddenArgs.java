package dev.wb.commands.flow;

import dev.wb.commands.config.FullAccess;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The orchestrator's scan of a node's {@code extra_args} beyond the full-access selectors
 * ({@link FullAccess}, reported in their own words): any {@code --dangerously…} flag, {@code --yolo} and
 * {@code --ignore-rules} (Codex's switch that drops its execution-policy rules) may not disable the
 * sandbox or the approvals, and a {@code --sandbox}/{@code -s} without a value is malformed — the CLI
 * would take the next flag as its value. Each finding is a reason, in the orchestrator's words.
 */
final class ForbiddenArgs {

    private static final Set<String> FLAGS = Set.of("--yolo", "--ignore-rules");
    private static final Set<String> SANDBOX = Set.of("--sandbox", "-s");

    private ForbiddenArgs() {}

    /** One reason an argument is refused, for each argument {@link FullAccess} does not already refuse. */
    static List<String> reasons(List<String> args) {
        List<String> reasons = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String token = args.get(i);
            String flag = token.split("=", 2)[0].strip();
            if (FullAccess.find(List.of(token)).isPresent()) {
                continue;
            }
            if (flag.startsWith("--dangerously") || FLAGS.contains(flag)) {
                reasons.add("flag '" + token + "' may not disable the sandbox/approvals");
            } else if (SANDBOX.contains(flag)) {
                String value =
                        token.contains("=") ? token.split("=", 2)[1] : i + 1 < args.size() ? args.get(i + 1) : "";
                if (value.isBlank()) {
                    reasons.add(flag + " requires a sandbox value (none given)");
                }
            }
        }
        return reasons;
    }
}
