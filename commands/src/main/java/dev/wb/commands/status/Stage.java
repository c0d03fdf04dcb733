package dev.wb.commands.status;

import dev.wb.engine.TaskKey;
import java.util.Locale;

/** A task's stages, in the order the work goes through them, each with the command that moves it on. */
public enum Stage {
    PLAN, AUDIT, SCOPE, VERIFY, GIT;

    /** The stage as users write it: {@code plan}, {@code audit}, … */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** What to run (or do) to pass this stage. */
    public String command(TaskKey key) {
        if (this == PLAN) {
            return "write .workflow/" + key + "/sdd.json (docs/PLAN.md)";
        }
        if (this == AUDIT) {
            return "wb sdd audit " + key;
        }
        if (this == SCOPE) {
            return "wb impl check " + key;
        }
        if (this == VERIFY) {
            return "wb impl verify " + key;
        }
        return "wb git commit " + key;
    }
}
