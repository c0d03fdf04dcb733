package dev.wb.cli.core;

import dev.wb.commands.Failure;
import java.util.List;

/**
 * Every way a wb command ends, named, with the number the process exits with: the one table of exit
 * codes (docs/ARCHITECTURE.md). The general outcomes come first; a few commands keep numbers of
 * their own that users script against (judge run and reproduce: docs/JUDGE.md; judge guard: Claude
 * Code's hook protocol), named here too, so no command carries a bare number. Each command
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
    APPROVAL_MISSING(3, "approval missing"),
    /** wb judge run: another run holds the lock. */
    LOCK_BUSY(4, "another run holds the lock"),
    /** wb judge run: the tree changed during the run. */
    INVALIDATED(5, "the tree changed during the run"),
    /** wb judge run: the tree no longer matches the snapshot. */
    TREE_MISMATCH(6, "the tree no longer matches the snapshot"),

    /** wb judge guard: Claude Code's blocking code; the tool call is refused and stderr goes to the agent. */
    HOOK_REFUSED(2, "refused"),
    /** wb judge guard: any other non-zero code is a non-blocking error in Claude Code; the call goes ahead. */
    HOOK_UNREAD(1, "the event could not be read"),

    /** wb run: the run ended for a person (manual_action_required). */
    RUN_MANUAL(2, "manual action required"),
    /** wb run: the run is parked, waiting for a person's answer. */
    RUN_PARKED(3, "parked for a person"),

    /** Not a wb contract: something wb did not foresee. Reported without a stack trace unless WB_DEBUG=1. */
    INTERNAL(70, "unforeseen");

    /** The general outcomes, as wb's own help and ARCHITECTURE.md's table list them. */
    public static final List<Exit> GENERAL = List.of(OK, NOT_COMPLETED, USAGE, CONFIG, MISSING, CHECK_FAILED);

    private final int code;
    private final String meaning;

    Exit(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
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
