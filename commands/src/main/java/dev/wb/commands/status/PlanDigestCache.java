package dev.wb.commands.status;

import com.google.common.escape.Escaper;
import com.google.common.net.UrlEscapers;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32C;

/**
 * Plan digests remembered by each sdd.json's stat, in {@code .workflow/local/checkpoints/plans.txt}:
 * a cache for {@code wb status} only — the audit gate always hashes the file itself. One line a
 * plan ({@code KEY size modifiedMillis identity digest}), then a CRC-32C of those lines; a damaged
 * file reads as empty and costs one hashing of every plan.
 *
 * <p>A file rewritten within the clock tick of its last stat could keep its size and time, so (as
 * git does with its index) an entry is written only for a file last modified at least
 * {@link #SETTLED_MILLIS} before the cache is written; a fresher plan is hashed again next time.
 */
final class PlanDigestCache {

    static final long SETTLED_MILLIS = 3_000;
    private static final String HEADER = "wb plan digests 2";
    private static final Escaper ESCAPER = UrlEscapers.urlFormParameterEscaper();

    /**
     * @param identity the file system's key for the file (device and inode), so a replaced file never matches
     * @param facts what the stages read from the plan besides its digest, read from the same bytes
     */
    record Entry(long size, long modifiedMillis, String identity, String digest, TaskFiles.PlanFacts facts) {
        boolean matches(long size, long modifiedMillis, String identity) {
            return this.size == size && this.modifiedMillis == modifiedMillis && this.identity.equals(identity);
        }
    }

    private final Path file;

    PlanDigestCache(Path file) {
        this.file = file;
    }

    Map<String, Entry> read() {
        Map<String, Entry> entries = new HashMap<>();
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            int end = text.lastIndexOf('\n', text.length() - 2);
            if (end < 0
                    || !text.startsWith(HEADER + "\n")
                    || !text.substring(end + 1).trim().equals(checksum(text.substring(0, end + 1)))) {
                return Map.of();
            }
            for (String line : text.substring(HEADER.length() + 1, end + 1).split("\n", 0)) {
                if (line.isEmpty()) {
                    continue;
                }
                String[] f = line.split(" ", -1);
                if (f.length != 7) {
                    return Map.of();
                }
                entries.put(f[0], new Entry(Long.parseLong(f[1]), Long.parseLong(f[2]), f[3], f[4], facts(f[5], f[6])));
            }
            return entries;
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
    }

    /** Writes the settled entries; a failure costs the next status time, never truth. */
    void write(Map<String, Entry> entries, long nowMillis) {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        entries.forEach((key, e) -> {
            if (e.modifiedMillis() <= nowMillis - SETTLED_MILLIS && e.identity().indexOf(' ') < 0) {
                text.append(key)
                        .append(' ')
                        .append(e.size())
                        .append(' ')
                        .append(e.modifiedMillis())
                        .append(' ')
                        .append(e.identity())
                        .append(' ')
                        .append(e.digest())
                        .append(' ')
                        .append(e.facts()
                                .handoverRequired()
                                .map(String::valueOf)
                                .orElse("-"))
                        .append(' ')
                        .append(e.facts()
                                .ticketType()
                                .map(t -> "=" + ESCAPER.escape(t))
                                .orElse("-"))
                        .append('\n');
            }
        });
        text.append(checksum(text.toString())).append('\n');
        try {
            AtomicFiles.write(file, text.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // A cache: the next status hashes the plans again.
        }
    }

    /** The plan's facts as a line keeps them: {@code true}, {@code false} or {@code -}; {@code -} or {@code =} and the escaped type. */
    private static TaskFiles.PlanFacts facts(String handover, String type) {
        Optional<Boolean> required = switch (handover) {
            case "true" -> Optional.of(true);
            case "false" -> Optional.of(false);
            case "-" -> Optional.empty();
            default -> throw new IllegalArgumentException("not a handover flag: " + handover);
        };
        Optional<String> ticketType = type.equals("-")
                ? Optional.empty()
                : Optional.of(URLDecoder.decode(type.substring(type.indexOf('=') + 1), StandardCharsets.UTF_8));
        if (!type.equals("-") && !type.startsWith("=")) {
            throw new IllegalArgumentException("not a ticket type: " + type);
        }
        return new TaskFiles.PlanFacts(ticketType, required);
    }

    private static String checksum(String content) {
        CRC32C crc = new CRC32C();
        crc.update(content.getBytes(StandardCharsets.UTF_8));
        return "crc32c:".concat(Long.toHexString(crc.getValue()));
    }
}
