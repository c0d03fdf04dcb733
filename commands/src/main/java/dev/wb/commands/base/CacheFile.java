package dev.wb.commands.base;

import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32C;

/**
 * A cache kept as lines of text: a header naming its format, one line an entry, then a CRC-32C of
 * what comes before. Anything else — a damaged or foreign file, a link, a FIFO, a folder, a file over
 * the limit — reads as no cache, never blocks and is never followed; a failed write is ignored (a
 * cache costs only time when it is missing). Used for {@code checkpoints/chains.txt} and
 * {@code checkpoints/merged-heads.txt}.
 */
public final class CacheFile {

    private static final long MAX_BYTES = 64L << 20;

    private CacheFile() {}

    /** The entry lines, or empty when the file is missing, damaged or not of {@code header}'s format. */
    public static Optional<List<String>> read(Path file, String header) {
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > MAX_BYTES) {
                return Optional.empty();
            }
            String text = Files.readString(file, StandardCharsets.UTF_8);
            int end = text.lastIndexOf('\n', text.length() - 2);
            if (end < header.length()
                    || !text.startsWith(header + "\n")
                    || !text.substring(end + 1).trim().equals(checksum(text.substring(0, end + 1)))) {
                return Optional.empty();
            }
            String body = text.substring(header.length() + 1, end + 1);
            return Optional.of(body.isEmpty() ? List.of() : List.of(body.split("\n", 0)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Replaces the file atomically with {@code lines}; returns whether it was written. */
    public static boolean write(Path file, String header, List<String> lines) {
        StringBuilder text = new StringBuilder(header).append('\n');
        lines.forEach(line -> text.append(line).append('\n'));
        text.append(checksum(text.toString())).append('\n');
        try {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, text.toString().getBytes(StandardCharsets.UTF_8));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String checksum(String content) {
        CRC32C crc = new CRC32C();
        crc.update(content.getBytes(StandardCharsets.UTF_8));
        return "crc32c:".concat(Long.toHexString(crc.getValue()));
    }
}
