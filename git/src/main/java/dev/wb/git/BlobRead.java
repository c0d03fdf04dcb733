package dev.wb.git;

import java.util.Arrays;

/**
 * The outcome of reading a file as it was in a commit. A missing file and a file too large to
 * load are ordinary answers a caller must handle, not errors.
 */
public sealed interface BlobRead {

    /** The file's bytes. The array is handed over to the caller, not copied: nobody else holds it. */
    // equals and hashCode below compare the bytes.
    @SuppressWarnings("ArrayRecordComponent")
    record Found(byte[] bytes) implements BlobRead {
        @Override
        public boolean equals(Object other) {
            return other instanceof Found found && Arrays.equals(bytes, found.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "Found[" + bytes.length + " bytes]";
        }
    }

    /** The commit has no file at that path (nothing there, a directory, or a submodule). */
    record Absent() implements BlobRead {}

    /** The file is larger than the caller allowed; its {@code size} in bytes. It was not loaded. */
    record TooLarge(long size) implements BlobRead {}
}
