package dev.wb.commands.status;

/**
 * How a stage stands: passed, failed, still to do (never run, or run on something that changed since),
 * or not owed by this task (a handover for work that is not a bug, support or incident).
 */
public enum Mark {
    OK("ok"),
    FAIL("fail"),
    PENDING("pending"),
    NOT_APPLICABLE("n/a");

    private final String word;

    Mark(String word) {
        this.word = word;
    }

    /** {@code ok}, {@code fail}, {@code pending}, {@code n/a}: the word in {@code --json}. */
    public String word() {
        return word;
    }

    /** Whether the stage holds nothing up: ok, or not owed. */
    public boolean done() {
        return this == OK || this == NOT_APPLICABLE;
    }
}
