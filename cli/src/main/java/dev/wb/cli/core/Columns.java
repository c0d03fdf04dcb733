package dev.wb.cli.core;

/**
 * Pads table cells. {@code String.format} would do it, but its first use loads the locale
 * machinery, tens of milliseconds of a command that runs in a hook.
 */
public final class Columns {

    private Columns() {}

    /** The text, then spaces up to {@code width}; longer text is kept whole. */
    public static String left(Object value, int width) {
        String text = String.valueOf(value);
        return text.length() >= width ? text : text + " ".repeat(width - text.length());
    }

    /** Spaces up to {@code width}, then the text. */
    public static String right(Object value, int width) {
        String text = String.valueOf(value);
        return text.length() >= width ? text : " ".repeat(width - text.length()) + text;
    }
}
