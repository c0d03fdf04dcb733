package dev.wb.cli.core;

import dev.wb.commands.base.Failure;
import java.util.List;

/**
 * Every way a wb command ends, named, with the number the process exits with: the one table of exit
 * codes (docs/ARCHITECTURE.md). The general outcomes come first; a few commands keep numbers of
 * their own that users script against (judge run and reproduce: docs/JUDGE.md; judge guard and
 * hooks run: the agent hosts' hook protocols; validate-flow and run: the orchestrator's, ADR 0014),
 * named here too with the commands that own them ({@link #owners}), so no command carries a bare
 * number and no other command borrows one. Each command
 * declares the outcomes it can end with in its own words ({@link #as}); its help's "Exit codes:"
 * line is generated from that ({@link Exits}).
 */
public enum Exit {
    OK(0, "done and it holds"),
    NOT_COMPLETED(1, "not completed"),
    USAGE(2, "usage or refusal"),
    CONFIG(3, "configuration"),
    MISSING(6, "missing artifact"),
    CHECK_FAILED(7, "check failed"),

    /** wb judge run and reproduce: the commands were not approved, so nothing ran. */
    APPROVAL_MISSING(3, "approval missing", "judge run", "judge reproduce"),
    /** wb judge run: another run holds the lock. */
    LOCK_BUSY(4, "another run holds the lock", "judge run"),
    /** wb judge run: the tree changed during the run. */
    INVALIDATED(5, "the tree changed during the run", "judge run"),
    /** wb judge run: the tree no longer matches the snapshot. */
    TREE_MISMATCH(6, "the tree no longer matches the snapshot", "judge run"),

    /** wb judge guard: Claude Code's blocking code; the tool call is refused and stderr goes to the agent. */
    HOOK_REFUSED(2, "refused", "judge guard", "hooks run"),
    /** wb judge guard: any other non-zero code is a non-blocking error in Claude Code; the call goes ahead. */
    HOOK_UNREAD(1, "the event could not be read", "judge guard", "hooks run"),

    /** wb validate-flow: a flow is invalid, 1 as the orchestrator's validate-flow (docs/adr/0014). */
    FLOW_INVALID(1, "a flow is invalid", "validate-flow"),

    /** wb run: the run ended failed, 1 as the orchestrator's run (docs/adr/0014). */
    RUN_FAILED(1, "the run failed", "run"),
    /** wb run: the run ended for a person (manual_action_required). */
    RUN_MANUAL(2, "manual action required", "run"),
    /** wb run: the run is parked, waiting for a person's answer. */
    RUN_PARKED(3, "parked for a person", "run"),

    /** Not a wb contract: something wb did not foresee. Reported without a stack trace unless WB_DEBUG=1. */
    INTERNAL(70, "unforeseen");

    /** The general outcomes, as wb's own help and ARCHITECTURE.md's table list them. */
    public static final List<Exit> GENERAL = List.of(OK, NOT_COMPLETED, USAGE, CONFIG, MISSING, CHECK_FAILED);

    private final int code;
    private final String meaning;

    @SuppressWarnings("ImmutableEnumChecker") // List.of: unmodifiable, though its type does not say so
    private final List<String> owners;

    /** An outcome; {@code owners}, the commands (words after wb) that keep it, none for a general one. */
    Exit(int code, String meaning, String... owners) {
        this.code = code;
        this.meaning = meaning;
        this.owners = List.of(owners);
    }

    /**
     * The commands that keep this number of their own (words after {@code wb}, like {@code judge run});
     * empty for a general outcome, which every command may end with.
     */
    public List<String> owners() {
        return owners;
    }

    /** The number the process exits with. */
    public int code() {
        return code;
    }

    /** What it means, in general. */
    public String meaning() {
        return meaning;
    }

    /** This outcome in one command's own words, for its help. */
    public Use as(String words) {
        return new Use(this, words);
    }

    /** The outcome a failure names. */
    public static Exit of(Failure.Kind kind) {
        return switch (kind) {
            case NOT_COMPLETED -> NOT_COMPLETED;
            case USAGE -> USAGE;
            case CONFIG -> CONFIG;
            case MISSING -> MISSING;
            case CHECK_FAILED -> CHECK_FAILED;
        };
    }

    /** An outcome as one command describes it. */
    public record Use(Exit exit, String words) {

        /** {@code 7 failed}. */
        public String text() {
            return exit.code + " " + words;
        }
    }
}
