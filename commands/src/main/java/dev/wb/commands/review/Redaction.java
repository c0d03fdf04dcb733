package dev.wb.commands.review;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks credentials in a line before any of it is shown: every match of the secret rules (a
 * keyword-shaped one keeps its key and loses its value), then the original's scrub patterns
 * ({@code redact.py}: authorization headers, bearer tokens, Azure-style tokens, {@code key=value}
 * pairs, credentials in a URL). Each pattern runs in time linear in the line.
 */
final class Redaction {

    static final String MASK = "[redacted]";

    /** The longest quote shown, as the original cuts it. */
    static final int QUOTE_CHARS = 120;

    private record Scrub(Pattern pattern, String replacement) {}

    private static final List<Scrub> SCRUBS = List.of(
            new Scrub(Pattern.compile("(?i)\\b(authorization\\s*[:=]\\s*).+"), "$1" + MASK),
            new Scrub(Pattern.compile("(?i)\\b(bearer|basic)\\s+[A-Za-z0-9+/=_\\-.]{16,}"), "$1 " + MASK),
            new Scrub(Pattern.compile("\\b[a-z2-7]{52}\\b"), MASK),
            new Scrub(
                    Pattern.compile("(?i)\\b(token|pat|password|secret|api[_-]?key)(\\s*[:=]\\s*)\\S+"), "$1$2" + MASK),
            new Scrub(Pattern.compile("(?i)(https?://)[^/\\s:@]+:[^/\\s@]+@"), "$1" + MASK + "@"));

    private Redaction() {}

    /** The line stripped, masked, and cut to {@link #QUOTE_CHARS} characters. */
    static String quote(String line) {
        String masked = mask(line.strip());
        return masked.length() <= QUOTE_CHARS ? masked : masked.substring(0, QUOTE_CHARS);
    }

    /** The text with every credential the rules or the scrub patterns recognise replaced by {@link #MASK}. */
    static String mask(String text) {
        String masked = text;
        for (Pattern shape : GateRules.SECRET_SHAPES.values()) {
            masked = shape.matcher(masked).replaceAll(Matcher.quoteReplacement(MASK));
        }
        masked = GateRules.SECRET_KEYWORD.matcher(masked).replaceAll("$1$2$3" + Matcher.quoteReplacement(MASK) + "$4");
        for (Scrub scrub : SCRUBS) {
            masked = scrub.pattern().matcher(masked).replaceAll(scrub.replacement());
        }
        return masked;
    }
}
