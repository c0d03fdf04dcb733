package dev.wb.commands.judge.core;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A record's {@code reviewedAt}, read as the review judge's verifier reads it: any string
 * JavaScript's {@code Date.parse} turns into a time in the ECMAScript date-time string format —
 * {@code YYYY}, {@code YYYY-MM} or {@code YYYY-MM-DD} (or a six-digit signed year), optionally followed
 * by {@code THH:mm}, {@code THH:mm:ss} or {@code THH:mm:ss.f…} and an optional {@code Z} or
 * {@code ±HH:mm}; every field in its calendar range. The engine-specific fallback forms
 * {@code Date.parse} may also take ({@code Mon, 30 Nov 2026 …}, {@code 2026/11/30}) are not
 * accepted. The instant is known only with a time and an offset (the judge's rounds rule); a form
 * without them is valid but has no instant.
 */
public final class ReviewedAt {

    private static final Pattern FORM = Pattern.compile("^([+-]\\d{6}|\\d{4})(?:-(\\d{2})(?:-(\\d{2}))?)?"
            + "(?:T(\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,9}))?)?(Z|[+-]\\d{2}:\\d{2})?)?$");

    private ReviewedAt() {}

    public static boolean valid(String text) {
        return parse(text, false).isPresent();
    }

    /** The UTC instant, when the text has a time and an offset. */
    public static Optional<Instant> instant(String text) {
        return parse(text, true);
    }

    private static Optional<Instant> parse(String text, boolean needOffset) {
        Matcher m = FORM.matcher(text);
        if (!m.matches() || m.group(1).equals("-000000")) {
            return Optional.empty();
        }
        try {
            LocalDate date = LocalDate.of(Integer.parseInt(m.group(1)), number(m.group(2), 1), number(m.group(3), 1));
            boolean timed = m.group(4) != null;
            LocalTime time = timed
                    ? LocalTime.of(
                            Integer.parseInt(m.group(4)),
                            Integer.parseInt(m.group(5)),
                            number(m.group(6), 0),
                            nanos(m.group(7)))
                    : LocalTime.MIDNIGHT;
            String offset = m.group(8);
            if (needOffset && (!timed || offset == null)) {
                return Optional.empty();
            }
            ZoneOffset zone = offset == null ? ZoneOffset.UTC : ZoneOffset.of(offset);
            return Optional.of(date.atTime(time).toInstant(zone));
        } catch (DateTimeException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static int number(String group, int absent) {
        return group == null ? absent : Integer.parseInt(group);
    }

    private static int nanos(String fraction) {
        return fraction == null ? 0 : Integer.parseInt((fraction + "000000000").substring(0, 9));
    }
}
