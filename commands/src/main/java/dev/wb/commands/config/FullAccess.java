package dev.wb.commands.config;

import java.util.List;
import java.util.Optional;

/**
 * The provider arguments that switch an agent CLI's sandbox and permission checks off. wb refuses them
 * at every value of {@code security.strict_isolation}: in a provider's configured {@code args}
 * ({@code wb preflight}'s {@code isolation: FAIL}) and in a flow node's {@code extra_args}
 * ({@code wb validate-flow}).
 */
public final class FullAccess {

    /** Single words that select full access. */
    public static final List<String> SELECTORS = List.of("--dangerously-skip-permissions",
            "--dangerously-bypass-approvals-and-sandbox", "--yolo", "--allow-dangerously-skip-permissions");

    /** Values that select full access after a sandbox or permission-mode option. */
    public static final List<String> VALUES = List.of("danger-full-access", "bypassPermissions");

    private FullAccess() {}

    /** The first full-access selector among the arguments, as written, or empty. */
    public static Optional<String> find(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (SELECTORS.contains(arg)) {
                return Optional.of(arg);
            }
            for (String value : VALUES) {
                if (arg.endsWith("=" + value) || arg.endsWith("=\"" + value + "\"")) {
                    return Optional.of(arg);
                }
                if (arg.equals(value) && i > 0 && args.get(i - 1).startsWith("-")) {
                    return Optional.of(args.get(i - 1) + " " + arg);
                }
            }
        }
        return Optional.empty();
    }
}
