package dev.wb.commands.status;

import dev.wb.engine.TaskKey;
import java.util.Locale;

/** A task's stages, in the order the work goes through them, each with the command that moves it on. */
public enum Stage {
    PLAN,
    AUDIT,
    SCOPE,
    VERIFY,
    GIT;

    /** The stage as users write it: {@code plan}, {@code audit}, … */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** What to run (or do) to pass this stage. ({@code concat}, not {@code +}: no call site to bootstrap in a cold JVM.) */
    public String command(TaskKey key) {
        if (this == PLAN) {
            return "write .workflow/".concat(key.value()).concat("/sdd.json (docs/PLAN.md)");
        }
        if (this == AUDIT) {
            return "wb sdd audit ".concat(key.value());
        }
        if (this == SCOPE) {
            return "wb impl check ".concat(key.value());
        }
        if (this == VERIFY) {
            return "wb impl verify ".concat(key.value());
        }
        return "wb git commit ".concat(key.value());
    }
}
