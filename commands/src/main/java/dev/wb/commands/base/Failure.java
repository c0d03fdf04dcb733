package dev.wb.commands.base;

import java.util.List;

/**
 * A command could not do what was asked, in words a user acts on: what is wrong, and the next
 * command to run. The CLI maps the kind to an exit code in one place.
 */
public final class Failure extends RuntimeException {

    /** What went wrong, in the terms of wb's exit codes. */
    public enum Kind {
        /** A git series or a judge step did not complete (exit 1). */
        NOT_COMPLETED,
        /** Usage error or refusal (exit 2). */
        USAGE,
        /** Configuration unreadable or invalid (exit 3). */
        CONFIG,
        /** A named artifact is missing (exit 6). */
        MISSING,
        /** The check failed (exit 7). */
        CHECK_FAILED
    }

    private final Kind kind;
    private final List<String> fixes;

    public Failure(Kind kind, String message, List<String> fixes) {
        super(message);
        this.kind = kind;
        this.fixes = List.copyOf(fixes);
    }

    public static Failure usage(String message, String... fixes) {
        return new Failure(Kind.USAGE, message, List.of(fixes));
    }

    public static Failure missing(String message, String... fixes) {
        return new Failure(Kind.MISSING, message, List.of(fixes));
    }

    public Kind kind() {
        return kind;
    }

    public List<String> fixes() {
        return fixes;
    }
}
