package dev.wb.commands.commit;

import dev.wb.projections.events.WireName;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The commit-message conventions wb tells apart, by the names the original workbench gives them. */
public enum CommitStyle implements KebabWireName {
    /** {@code type(scope): subject}, a Conventional Commits type first. */
    CONVENTIONAL,
    /** The ticket key first: {@code ABC-12: subject} or {@code ABC-12 subject}. */
    TICKET_PREFIXED,
    /** No pattern the history holds to. */
    FREE_FORM;

    /** The key of .workflow/config.json a declared style is kept under, as the original keeps it. */
    public static final String CONFIG_KEY = "commit_style";

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
