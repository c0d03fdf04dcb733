package dev.wb.commands.sync;

import dev.wb.commands.Failure;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tip commit of each ref whose history was last verified and imported ({@code
 * .workflow/local/sync/replicas/imported}: one {@code <ref> <commit>} a line). A cache: a ref whose tip is
 * unchanged is not read again; a later tip is read from here on, and checked against the copy.
 */
final class ImportedTips {

    private final Path file;

    ImportedTips(Path syncDir) {
        // Beside the copies: a copies folder set aside takes this with it, so every history is read again.
        this.file = syncDir.resolve("replicas").resolve("imported");
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
