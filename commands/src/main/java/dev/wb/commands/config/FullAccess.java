package dev.wb.commands.config;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The provider arguments that switch an agent CLI's sandbox and permission checks off. wb refuses them
 * at every value of {@code security.strict_isolation}: in a provider's configured {@code args}
 * ({@code wb preflight}'s {@code isolation: FAIL}) and in a flow node's {@code extra_args}
 * ({@code wb validate-flow}).
 *
 * <p>Matched by what they say, not by one spelling: a full-access value anywhere in an argument, however
 * it is quoted, spaced or attached ({@code -sdanger-full-access}, {@code sandbox_mode='danger-full-access'},
 * {@code sandbox_mode = "danger-full-access"}), and a full-access flag alone or with a value attached.
 */
public final class FullAccess {

    /** Flags that select full access. */
    public static final List<String> SELECTORS = List.of(
            "--dangerously-skip-permissions",
            "--dangerously-bypass-approvals-and-sandbox",
            "--yolo",
            "--allow-dangerously-skip-permissions");

    /** Values that select full access after a sandbox or permission-mode option, in any spelling. */
    public static final List<String> VALUES = List.of("danger-full-access", "bypassPermissions");

    private static final Pattern VALUE = Pattern.compile(
            "(?<![A-Za-z0-9_])(?:danger-full-access|bypasspermissions)" + "(?![A-Za-z0-9_-])",
            Pattern.CASE_INSENSITIVE);

    /** A short option with its value attached: {@code -sdanger-full-access}. */
    private static final Pattern ATTACHED = Pattern.compile(
            "-[A-Za-z][\"']?(?:danger-full-access|bypasspermissions)" + "[\"']?", Pattern.CASE_INSENSITIVE);

    private FullAccess() {}

    /** The first argument that selects full access, as written, or empty. */
    public static Optional<String> find(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String flag = arg.strip();
            for (String selector : SELECTORS) {
                if (flag.equals(selector) || flag.startsWith(selector + "=")) {
                    return Optional.of(arg);
                }
            }
            if (VALUE.matcher(arg).find() || ATTACHED.matcher(flag).matches()) {
                boolean bare =
                        VALUE.matcher(flag.replace("\"", "").replace("'", "")).matches();
                return Optional.of(
                        bare && i > 0 && args.get(i - 1).startsWith("-") ? args.get(i - 1) + " " + arg : arg);
            }
        }
        return Optional.empty();
    }
}
