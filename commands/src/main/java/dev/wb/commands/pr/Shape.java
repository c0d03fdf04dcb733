package dev.wb.commands.pr;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** How much description a change earns, by its size: the original workbench's three shapes. */
public enum Shape {
    TRIVIAL("trivial", "title and one sentence; no headings"),
    SMALL("small", "title, What, and Verification; nothing else"),
    LARGE("large", "the full template, minus any section with nothing to say");

    /** Up to this many changed files is trivial. */
    static final int TRIVIAL_FILES = 2;

    /** Up to this many changed files is small. */
    static final int SMALL_FILES = 6;

    private final String wireName;
    private final String description;

    Shape(String wireName, String description) {
        this.wireName = wireName;
        this.description = description;
    }

    public String wireName() {
        return wireName;
    }

    /** What a description of this shape holds. */
    public String description() {
        return description;
    }

    /** The shape of a change of {@code changedFiles} files. */
    public static Shape of(int changedFiles) {
        return changedFiles <= TRIVIAL_FILES ? TRIVIAL : changedFiles <= SMALL_FILES ? SMALL : LARGE;
    }

    public static Optional<Shape> named(String wireName) {
        return Arrays.stream(values()).filter(s -> s.wireName.equals(wireName)).findFirst();
    }

    public static List<String> wireNames() {
        return Arrays.stream(values()).map(Shape::wireName).toList();
    }
}
