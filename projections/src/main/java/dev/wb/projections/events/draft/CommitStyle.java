package dev.wb.projections.events.draft;

import dev.wb.projections.events.WireName;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The commit-message conventions wb tells apart, by the names the original workbench gives them: the style
 * {@code wb commit check} checks a message against, and {@link CommitChecked}'s {@code convention}.
 *
 * <p>A style this wb does not know reads as {@link #FREE_FORM}: failing closed, a check whose convention
 * cannot be read is taken to have held the message to no pattern, never to one it may not have checked.
 */
public enum CommitStyle implements WireName {
    /** {@code type(scope): subject}, a Conventional Commits type first. */
    CONVENTIONAL("conventional"),
    /** The ticket key first: {@code ABC-12: subject} or {@code ABC-12 subject}. */
    TICKET_PREFIXED("ticket-prefixed"),
    /** No pattern the history holds to. */
    FREE_FORM("free-form");

    private final String wire;

    CommitStyle(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }

    /** What the style asks of a subject, in a line. */
    public String description() {
        return switch (this) {
            case CONVENTIONAL -> "conventional commits (feat, fix, chore, docs, refactor, ...)";
            case TICKET_PREFIXED -> "subject starts with the ticket key";
            case FREE_FORM -> "free-form; keep it short, imperative, and specific";
        };
    }

    /** The style of that wire name, if any. */
    public static Optional<CommitStyle> of(String wireName) {
        return WireName.find(CommitStyle.class, wireName);
    }

    /** Every wire name, in order. */
    public static List<String> wireNames() {
        return Arrays.stream(values()).map(CommitStyle::wireName).toList();
    }
}
