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
     * A listing of the stream's cycle files and a stat of each (name, size, inode, ctime: a change
     * time no ordinary tool can set back), and the head hint; empty where there is nothing to stamp.
     */
    static Optional<String> of(Path dir) {
        StringBuilder stamp = new StringBuilder(96);
        // Filtered by hand: a glob is compiled into a regular expression on every call.
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            List<Path> sorted = new ArrayList<>();
            files.forEach(file -> {
                if (file.getFileName().toString().endsWith(".cq4")) {
                    sorted.add(file);
                }
            });
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
        if (stamp.length() == 0) {
            return Optional.empty();
        }
        HeadHint.read(dir)
                .ifPresent(h ->
                        stamp.append("head:").append(h.version()).append(':').append(h.hash()));
        return Optional.of(stamp.toString());
    }
}
