package dev.wb.commands.gitflow;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code WB_NO_EXECUTE}, read as the original reads it: set to anything but empty, {@code 0},
 * {@code false} or {@code no} (any case, surrounding blanks ignored), it switches execution off.
 * Honouring {@code 1} alone let {@code WB_NO_EXECUTE=true} through: a switch meant to guarantee that
 * nothing writes must fail closed on a value it does not recognise, not open.
 */
final class ExecutionSwitch {

    static final String VARIABLE = "WB_NO_EXECUTE";

    /** The values that leave execution on: the variable is, in effect, not set. */
    private static final Set<String> NOT_SET = Set.of("", "0", "false", "no");

    private ExecutionSwitch() {}

    /** The variable's value when it switches execution off; empty when execution stays on. */
    static Optional<String> disabledBy(Map<String, String> env) {
        String value = env.get(VARIABLE);
        if (value == null || NOT_SET.contains(value.strip().toLowerCase(Locale.ROOT))) {
            return Optional.empty();
        }
        return Optional.of(value);
    }
}
