package dev.wb.engine;

import java.math.BigInteger;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A task key, in one of the original workbench's three shapes: a ticket such as {@code ABC-12}
 * (letters and digits, a dash, a number; stored upper-case), a bare number such as {@code 123} (an
 * Azure work item; stored as typed), or a slug for work with no ticket yet, {@code idea-<slug>} or
 * {@code incident-<slug>} (lower-case letters, digits and dashes, at most 40 after the first; stored
 * lower-case, and recognised before the ticket shape, so {@code IDEA-12} is {@code idea-12}). A key is
 * a path segment, a stream name and part of a ref name: none of the shapes holds {@code /}, {@code .}
 * or a space.
 */
public record TaskKey(String value) {

    private static final Pattern TICKET = Pattern.compile("^[A-Za-z][A-Za-z0-9]*-\\d+$");
    private static final Pattern NUMBER = Pattern.compile("^\\d+$");
    private static final Pattern SLUG = Pattern.compile("^(idea|incident)-[a-z0-9][a-z0-9-]{0,40}$");

    /**
     * Tickets first, by their letters, then numerically ({@code ABC-2} before {@code ABC-10}); then bare
     * numbers, numerically; then slugs, alphabetically.
     */
    public static final Comparator<TaskKey> ORDER = Comparator.comparingInt(TaskKey::rank)
            .thenComparing(TaskKey::letters)
            .thenComparing(TaskKey::number)
            .thenComparing(TaskKey::value);

    public TaskKey {
        Optional<String> stored = canonical(value);
        if (stored.isEmpty()) {
            throw new IllegalArgumentException("malformed key: " + value);
        }
        value = stored.get();
    }

    /** Parses a key as a user typed it; empty when it is not a task key. */
    public static Optional<TaskKey> parse(String text) {
        return canonical(text).map(TaskKey::new);
    }

    /** The key as stored, or empty when {@code text} is not a key. */
    private static Optional<String> canonical(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String lower = text.toLowerCase(Locale.ROOT);
        if (SLUG.matcher(lower).matches()) {
            return Optional.of(lower);
        }
        if (TICKET.matcher(text).matches()) {
            return Optional.of(text.toUpperCase(Locale.ROOT));
        }
        return NUMBER.matcher(text).matches() ? Optional.of(text) : Optional.empty();
    }

    /** Whether this is a slug ({@code idea-…}, {@code incident-…}) rather than a ticket or a number. */
    public boolean slug() {
        return rank() == 2;
    }

    private int rank() {
        if (NUMBER.matcher(value).matches()) {
            return 1;
        }
        return SLUG.matcher(value).matches() ? 2 : 0;
    }

    private String letters() {
        return rank() == 0 ? value.substring(0, value.lastIndexOf('-')) : "";
    }

    private BigInteger number() {
        int rank = rank();
        if (rank == 2) {
            return BigInteger.ZERO;
        }
        return new BigInteger(rank == 1 ? value : value.substring(value.lastIndexOf('-') + 1));
    }

    @Override
    public String toString() {
        return value;
    }
}
