package dev.wb.engine.internal.chronicle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * Test diagnostics: the pid recorded in a stream queue's write lock, read straight from the bytes of
 * its {@code metadata.cq4t}. Opening the queue to ask would not do: building a queue force-unlocks a
 * lock whose holder is dead, which is exactly the state a test wants to observe.
 *
 * <p>Relies on Chronicle's binary layout of the table store (the key {@code chronicle.write.lock},
 * padding, the int64 marker {@code 0xA7}, then the value little-endian; {@code Long.MIN_VALUE} when
 * free). If that layout changes, this fails loudly rather than guessing.
 */
final class QueueLocks {

    private static final byte[] KEY = "chronicle.write.lock".getBytes(StandardCharsets.US_ASCII);
    private static final byte INT64 = (byte) 0xA7;

    private QueueLocks() {}

    /** The pid holding the queue's write lock, or empty when it is free. Never touches the lock. */
    static OptionalLong holder(Path queueDir) {
        byte[] table;
        try {
            table = Files.readAllBytes(queueDir.resolve("metadata.cq4t"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int key = indexOf(table, KEY);
        if (key < 0) {
            throw new IllegalStateException("no chronicle.write.lock in " + queueDir + "/metadata.cq4t");
        }
        for (int i = key + KEY.length; i < key + KEY.length + 16 && i + 8 < table.length; i++) {
            if (table[i] == INT64) {
                long value = ByteBuffer.wrap(table, i + 1, 8)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .getLong();
                return value == Long.MIN_VALUE ? OptionalLong.empty() : OptionalLong.of(value);
            }
        }
        throw new IllegalStateException("unexpected layout after chronicle.write.lock in " + queueDir);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
