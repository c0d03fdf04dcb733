package dev.wb.commands.status;

import java.util.Locale;

/** How a stage stands: passed, failed, or still to do (never run, or run on something that changed since). */
public enum Mark {
    OK,
    FAIL,
    PENDING;

    /** {@code ok}, {@code fail}, {@code pending}: the word in {@code --json}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
