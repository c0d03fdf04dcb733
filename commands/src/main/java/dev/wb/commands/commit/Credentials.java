package dev.wb.commands.commit;

import java.util.List;
import java.util.regex.Pattern;

/**
 * What looks like a credential in a drafted text, by the patterns the original workbench masks in
 * everything it prints: an Authorization header, a bearer or basic token, an Atlassian API token, an
 * Azure DevOps personal access token, {@code token=}/{@code password:} and the like with a value, and
 * a user and password inside a URL. A text matching any of them is refused, never saved.
 */
final class Credentials {

    private static final List<Pattern> PATTERNS = List.of(
            Pattern.compile("(?i)\\bauthorization\\s*[:=]\\s*\\S"),
            Pattern.compile("(?i)\\b(bearer|basic)\\s+[A-Za-z0-9+/=_\\-.]{16,}"),
            Pattern.compile("\\bATATT[A-Za-z0-9_\\-=]{16,}"),
            Pattern.compile("\\b[a-z2-7]{52}\\b"),
            Pattern.compile("(?i)\\b(token|pat|password|secret|api[_-]?key)\\s*[:=]\\s*\\S"),
            Pattern.compile("(?i)https?://[^/\\s:@]+:[^/\\s@]+@"));

    private Credentials() {}

    /** Whether any line of {@code text} holds something shaped like a credential. */
    static boolean found(String text) {
        return PATTERNS.stream().anyMatch(p -> p.matcher(text).find());
    }
}
