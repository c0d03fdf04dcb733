package dev.wb.engine;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/** A task key such as {@code ABC-12}: letters and digits, a dash, a number. Stored upper-case. */
public record TaskKey(String value) {

    private static final Pattern SHAPE = Pattern.compile("^[A-Za-z][A-Za-z0-9]*-\\d+$");

    public TaskKey {
        if (value == null || !SHAPE.matcher(value).matches()) {
            throw new IllegalArgumentException("malformed key: " + value);
        }
        value = value.toUpperCase(Locale.ROOT);
    }

    /** Parses a key as a user typed it; empty when it is not a task key. */
    public static Optional<TaskKey> parse(String text) {
        return text != null && SHAPE.matcher(text).matches() ? Optional.of(new TaskKey(text)) : Optional.empty();
    }

    @Override
    public String toString() {
        return value;
    }
}
