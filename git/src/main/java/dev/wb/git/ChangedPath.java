package dev.wb.git;

import java.util.Objects;

/**
 * One path a change touched, relative to the top of the work tree with {@code /} separators,
 * exactly as stored (never quoted or escaped), so it can be compared with a scope's patterns.
 */
public record ChangedPath(String path, Change change) {
    public ChangedPath {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(change, "change");
        if (path.isEmpty()) {
            throw new IllegalArgumentException("a changed path cannot be empty");
        }
    }
}
