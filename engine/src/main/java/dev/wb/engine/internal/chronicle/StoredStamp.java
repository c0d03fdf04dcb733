package dev.wb.engine.internal.chronicle;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A stream's stored stamp: what changes whenever its files do, read without opening its queue. */
final class StoredStamp {

    private StoredStamp() {}

    /**
     * A listing of the stream's cycle files and its head hint, and a stat of each (name, size, inode,
     * ctime: a change time no ordinary tool can set back); empty where there is no cycle file. The hint
     * is stamped by its stat, not read: it is rewritten in place by every append, so its change time
     * moves with every batch (a cycle file's may not: Chronicle writes it through a mapping), and a stat
     * costs a quarter of a read.
     */
    static Optional<String> of(Path dir) {
        StringBuilder stamp = new StringBuilder(96);
        // Filtered by hand: a glob is compiled into a regular expression on every call.
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            List<Path> sorted = new ArrayList<>();
            boolean[] cycles = {false};
            files.forEach(file -> {
                String name = file.getFileName().toString();
                if (name.endsWith(".cq4")) {
                    sorted.add(file);
                    cycles[0] = true;
                } else if (name.equals(HeadHint.FILE)) {
                    sorted.add(file);
                }
            });
            if (!cycles[0]) {
                return Optional.empty();
            }
            sorted.sort(null);
            for (Path file : sorted) {
                Map<String, Object> stat = Files.readAttributes(file, "unix:size,ino,ctime");
                stamp.append(file.getFileName())
                        .append(':')
                        .append(stat.get("size"))
                        .append(':')
                        .append(stat.get("ino"))
                        .append(':')
                        .append(stat.get("ctime"))
                        .append(';');
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return Optional.empty();
        }
        return Optional.of(stamp.toString());
    }
}
