package dev.wb.commands.status;

import dev.wb.engine.TaskKey;
import java.util.Locale;

/**
 * A task's stages, in the order the work goes through them, each with the command that moves it on:
 * the original's eight (triage, plan, audit, scope, verify, handover, commit, pr) and wb's git, the
 * commit made by {@code wb git commit}, between the message checked and the PR.
 */
public enum Stage {
    TRIAGE,
    PLAN,
    AUDIT,
    SCOPE,
    VERIFY,
    HANDOVER,
    COMMIT,
    GIT,
    PR;

    /** The stage as users write it, and its key in {@code --json}: {@code triage}, {@code plan}, … */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The original's skill that does this stage's work. */
    public String skill() {
        return switch (this) {
            case TRIAGE -> "triage-task";
            case PLAN, AUDIT -> "plan-change";
            case SCOPE, VERIFY -> "implement-change";
            case HANDOVER -> "write-handover";
            case COMMIT, GIT -> "write-commit";
            case PR -> "draft-pr";
        };
    }

    /** What to run (or do) to pass this stage. ({@code concat}, not {@code +}: no call site to bootstrap in a cold JVM.) */
    public String command(TaskKey key) {
        return switch (this) {
            case TRIAGE -> "wb task get ".concat(key.value());
            case PLAN -> "write .workflow/".concat(key.value()).concat("/sdd.json (docs/PLAN.md)");
            case AUDIT -> "wb sdd audit ".concat(key.value());
            case SCOPE -> "wb impl check ".concat(key.value());
            case VERIFY -> "wb impl verify ".concat(key.value());
            case HANDOVER -> "wb sdd handover ".concat(key.value());
            case COMMIT -> "wb commit check ".concat(key.value());
            case GIT -> "wb git commit ".concat(key.value());
            case PR -> "wb pr context ".concat(key.value());
        };
    }
}
