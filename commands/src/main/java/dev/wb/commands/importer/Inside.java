package dev.wb.commands.importer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** A folder about to be written into must not lead out of the repository through a link. */
final class Inside {

    private Inside() {}

    /** Why {@code dir} (or the nearest part of it that exists) is outside {@code root}; empty when it is inside. */
    static Optional<String> check(Path root, Path dir) {
        Path existing = dir;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        try {
            if (existing != null && existing.toRealPath().startsWith(root.toRealPath())) {
                return Optional.empty();
            }
        } catch (IOException e) {
            return Optional.of(dir + " cannot be resolved (" + e.getMessage() + ")");
        }
        return Optional.of(root.relativize(dir) + " resolves outside the repository; wb import writes only inside it");
    }
}
