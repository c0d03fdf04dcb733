package dev.wb.commands.sync;

import dev.wb.commands.base.Failure;
import dev.wb.commands.sync.wire.SyncRef;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tip commit of each ref whose history was last verified and imported from one remote ({@code
 * .workflow/local/sync/replicas/imported.<remote>}: one {@code <ref> <commit>} a line). A ref whose tip
 * is unchanged is not read again; a later tip is read from here on, and checked against the copy; a
 * tip that no longer holds the one imported from that remote before is a rewrite there. Kept per
 * remote: the copies are shared, and a mirror that is behind another remote is not a rewrite.
 */
final class ImportedTips {

    private final Path file;

    ImportedTips(Path syncDir, String remote) {
        // Beside the copies: a copies folder set aside takes this with it, so every history is read again.
        // A remote's name is [A-Za-z0-9][A-Za-z0-9._-]* (SyncGit): one file name, never a path.
        this.file = syncDir.resolve("replicas").resolve("imported." + remote);
    }

    Map<String, String> load() {
        Map<String, String> tips = new TreeMap<>();
        if (!Files.isRegularFile(file)) {
            return tips;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                int space = line.indexOf(' ');
                if (space > 0 && SyncRef.parse(line.substring(0, space)).isPresent()) {
                    tips.put(line.substring(0, space), line.substring(space + 1));
                }
            }
        } catch (IOException e) {
            // A cache: without it every ref is read and checked in full again.
            return new TreeMap<>();
        }
        return tips;
    }

    void save(Map<String, String> tips) {
        StringBuilder text = new StringBuilder();
        tips.forEach((ref, tip) -> text.append(ref).append(' ').append(tip).append('\n'));
        try {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, text.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write " + file + ": " + e.getMessage(),
                    List.of("check that .workflow/local/ is writable"));
        }
    }
}
