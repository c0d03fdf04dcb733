package dev.wb.engine;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;

/**
 * Writes and reads event times. wb writes them in one fixed form, UTC with exactly three
 * millisecond digits ({@code 2026-11-30T10:00:00.120Z}, {@code …:00.000Z}): {@link Instant#toString()}
 * would drop a zero fraction, and so did wb before issue 13, so the form without milliseconds
 * ({@code 2026-11-30T10:00:00Z}) is still read. Both shapes are read by hand, which is several times
 * faster than {@link Instant#parse}, and anything else falls back to it.
 */
public final class Times {

    /** Always three fraction digits, whatever the instant: EVENTS.md's fixed form. */
    private static final DateTimeFormatter FIXED =
            new DateTimeFormatterBuilder().appendInstant(3).toFormatter();

    private Times() {}

    /** The instant in the fixed form, cut (not rounded) to the millisecond. */
    public static String format(Instant time) {
        return FIXED.format(time);
    }

    public static Instant parse(String text) {
        if (text == null) {
            throw new DateTimeParseException("no time", "", 0);
        }
        int n = text.length();
        boolean seconds = n == 20;
        boolean millis = n == 24 && text.charAt(19) == '.';
        if ((seconds || millis)
                && text.charAt(4) == '-'
                && text.charAt(7) == '-'
                && text.charAt(10) == 'T'
                && text.charAt(13) == ':'
                && text.charAt(16) == ':'
                && text.charAt(n - 1) == 'Z') {
            int year = digits(text, 0, 4);
            int month = digits(text, 5, 2);
            int day = digits(text, 8, 2);
            int hour = digits(text, 11, 2);
            int minute = digits(text, 14, 2);
            int second = digits(text, 17, 2);
            int milli = millis ? digits(text, 20, 3) : 0;
            if (year >= 0
                    && month >= 1
                    && month <= 12
                    && day >= 1
                    && hour >= 0
                    && hour < 24
                    && minute >= 0
                    && minute < 60
                    && second >= 0
                    && second < 60
                    && milli >= 0) {
                try {
                    long epochDay = LocalDate.of(year, month, day).toEpochDay();
                    long epochSecond = epochDay * 86_400 + hour * 3_600L + minute * 60L + second;
                    return Instant.ofEpochSecond(epochSecond, milli * 1_000_000L);
                } catch (DateTimeException e) {
                    // An impossible date such as February 30: let Instant.parse word the error.
                }
            }
        }
        return Instant.parse(text);
    }

    /** The number in {@code text[from, from+count)}, or -1 when it is not all digits. */
    private static int digits(String text, int from, int count) {
        int value = 0;
        for (int i = from; i < from + count; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
