package dev.wb.commands.commit;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The commit-message conventions wb tells apart, by the names the original workbench gives them. */
public enum CommitStyle {
    /** {@code type(scope): subject}, a Conventional Commits type first. */
    CONVENTIONAL("conventional", "conventional commits (feat, fix, chore, docs, refactor, ...)"),
    /** The ticket key first: {@code ABC-12: subject} or {@code ABC-12 subject}. */
    TICKET_PREFIXED("ticket-prefixed", "subject starts with the ticket key"),
    /** No pattern the history holds to. */
    FREE_FORM("free-form", "free-form; keep it short, imperative, and specific");

    /** The key of .workflow/config.json a declared style is kept under, as the original keeps it. */
    public static final String CONFIG_KEY = "commit_style";

    private final String wireName;
    private final String description;

    CommitStyle(String wireName, String description) {
        this.wireName = wireName;
        this.description = description;
    }

    public String wireName() {
        return wireName;
    }

    /** What the style asks of a subject, in a line. */
    public String description() {
        return description;
    }

    /** The style of that wire name, if any. */
    public static Optional<CommitStyle> of(String wireName) {
        return Arrays.stream(values()).filter(s -> s.wireName.equals(wireName)).findFirst();
    }

    /** Every wire name, in order. */
    public static List<String> wireNames() {
        return Arrays.stream(values()).map(CommitStyle::wireName).toList();
    }
}
