package dev.wb.commands.pr;

import dev.wb.commands.commit.KebabWireName;
import dev.wb.projections.events.WireName;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** How much description a change earns, by its size: the original workbench's three shapes. */
public enum Shape implements KebabWireName {
    TRIVIAL,
    SMALL,
    LARGE;

    /** Up to this many changed files is trivial. */
    static final int TRIVIAL_FILES = 2;

    /** Up to this many changed files is small. */
    static final int SMALL_FILES = 6;

    /** What a description of this shape holds. */
    public String description() {
        return switch (this) {
            case TRIVIAL -> "title and one sentence; no headings";
            case SMALL -> "title, What, and Verification; nothing else";
            case LARGE -> "the full template, minus any section with nothing to say";
        };
    }

    /** The shape of a change of {@code changedFiles} files. */
    public static Shape of(int changedFiles) {
        return changedFiles <= TRIVIAL_FILES ? TRIVIAL : changedFiles <= SMALL_FILES ? SMALL : LARGE;
    }

    public static Optional<Shape> named(String wireName) {
        return WireName.find(Shape.class, wireName);
    }

    public static List<String> wireNames() {
        return Arrays.stream(values()).map(Shape::wireName).toList();
    }
}
