package dev.wb.commands.merged;

import dev.wb.commands.base.CacheFile;
import dev.wb.engine.StreamHead;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Where each merged view ended when it was last computed, keyed by the heads of the chains it was
 * computed from, in {@code .workflow/local/checkpoints/merged-heads.txt}: so that {@code wb status}
 * learns a merged task's head hint from its chains' head hints (small files) instead of reading every
 * chain whole to merge them. A cache for views, as the checkpoints are (GUARANTEES.md): it only tells
 * a checkpoint's cursor whether it is current; nothing is decided from it, and the gate folds the
 * chains themselves. An entry whose chains moved is never used; a damaged file reads as empty.
 * One line a stream, {@code NAME CHAINS SIZE HASH}, then a CRC-32C of the lines. One thread.
 */
final class MergedHeads {

    private static final String HEADER = "wb merged heads 1";

    private final Path file;
    private Map<String, String[]> entries;
    private boolean dirty;

    MergedHeads(Path file) {
        this.file = file;
    }

    /** The view's head when its chains' heads are still {@code chains}. */
    Optional<StreamHead> get(String stream, String chains) {
        String[] e = entries().get(stream);
        if (e == null || !e[0].equals(chains)) {
            return Optional.empty();
        }
        return Optional.of(new StreamHead(Long.parseLong(e[1]), e[2]));
    }

    void put(String stream, String chains, StreamHead head) {
        String[] e = {chains, Long.toString(head.version()), head.hash()};
        String[] old = entries().put(stream, e);
        dirty |= old == null || !Arrays.equals(old, e);
    }

    private Map<String, String[]> entries() {
        if (entries == null) {
            entries = read();
        }
        return entries;
    }

    private Map<String, String[]> read() {
        Map<String, String[]> read = new TreeMap<>();
        for (String line : CacheFile.read(file, HEADER).orElse(List.of())) {
            String[] f = line.split(" ", 0);
            if (f.length == 4 && !f[2].isEmpty() && f[2].chars().allMatch(Character::isDigit)) {
                read.put(f[0], new String[] {f[1], f[2], f[3]});
            }
        }
        return read;
    }

    /** Writes what changed; a failure costs the next status a merge of each view, never a wrong head. */
    void flush() {
        if (!dirty) {
            return;
        }
        List<String> lines = new ArrayList<>(entries.size());
        entries.forEach((name, e) -> lines.add(name + " " + e[0] + " " + e[1] + " " + e[2]));
        dirty = !CacheFile.write(file, HEADER, lines);
    }
}
