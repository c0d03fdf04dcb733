package dev.wb.commands;

import dev.wb.commands.base.Failure;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The one reader of the files a user or an agent can write: plans, capsule documents, review records,
 * {@code config.json}, {@code policy.json}, flow files, {@code commit.txt}, env-files, and the originals' files
 * {@code wb import} brings in (tool scripts, the workbench's verdict files). A file is read
 * only when it is a regular file (never a FIFO, a device or a folder), no larger than its kind's limit
 * (checked before reading, and again while reading: at most limit + 1 bytes are read), and strict UTF-8
 * (a leading UTF-8 byte order mark is accepted and left out of the text; no NUL byte). A file wb finds
 * by its own convention inside the repository must also resolve inside it: a symbolic link out of the
 * repository is refused unread. A path the user names on the command line (an {@code --env-file}) may
 * lie anywhere. docs/GUARANTEES.md, "Untrusted input files", states the rule and the limits.
 */
public final class InputFiles {

    private static final long KIB = 1024;
    private static final long MIB = 1024 * KIB;

    /** What a file is, and how large it may be. */
    public enum Kind {
        /** sdd.json: PLAN.md audits a plan of at most 256 KiB, so nothing larger is worth parsing. */
        PLAN("plan", 256 * KIB),
        /** Each of the five documents: prose a model reads whole; 1 MiB is far past any model's context. */
        CAPSULE("capsule document", MIB),
        /** A judge's review record: criteria, tests and observations, JSON. */
        REVIEW_RECORD("review record", 4 * MIB),
        /** config.json, and a provider's settings file wb merges into. */
        CONFIG("configuration file", 256 * KIB),
        /** policy.json: a list of globs; every pattern is matched against every path of a scope. */
        POLICY("policy file", 64 * KIB),
        /** A flow's YAML, and a role file a node names. */
        FLOW("flow file", MIB),
        /** commit.txt, handed to git commit -F. */
        COMMIT_MESSAGE("commit message", 64 * KIB),
        /** A drafted pull request description (wb pr check): prose a reviewer reads whole. */
        PR_DESCRIPTION("pull request description", 256 * KIB),
        /** An env-file of NAME=value lines. */
        ENV_FILE("env-file", 256 * KIB),
        /** A tool script {@code .workflow/tools/} holds (wb import): a small program the engine runs. */
        TOOL("tool", MIB),
        /**
         * The original workbench's audit.json, evidence.json or git.log.json (wb import): evidence holds
         * each command's output capped at 4,000 characters, and git.log.json grows by one series a run.
         */
        ORIGINAL_VERDICT("verdict file", 4 * MIB);

        private final String noun;
        private final long limit;

        Kind(String noun, long limit) {
            this.noun = noun;
            this.limit = limit;
        }

        public String noun() {
            return noun;
        }

        /** The largest file of this kind wb reads, in bytes. */
        public long limit() {
            return limit;
        }
    }

    /** A file read whole: its exact bytes (what a digest is of) and its text (without a byte order mark). */
    // The bytes are what a digest is of, read by the caller; a content is never compared.
    @SuppressWarnings("ArrayRecordComponent")
    public record Content(Path file, byte[] bytes, String text) {

        /** The bytes without a leading UTF-8 byte order mark: what a parser reads. */
        public byte[] textBytes() {
            return Utf8Text.bom(bytes) ? Arrays.copyOfRange(bytes, 3, bytes.length) : bytes;
        }
    }

    /** Why a file was not read (or not used), in a user's words, with the fix. */
    public static final class Unusable extends Exception {

        private final String shown;
        private final String problem;
        private final String fix;
        private final int line;

        Unusable(String shown, String problem, String fix) {
            this(shown, problem, fix, 1);
        }

        Unusable(String shown, String problem, String fix, int line) {
            super(shown + " " + problem);
            this.shown = shown;
            this.problem = problem;
            this.fix = fix;
            this.line = line;
        }

        /** The line the problem is on: where the first byte that is not UTF-8 is, else 1. */
        public int line() {
            return line;
        }

        /** The file as messages name it: relative to the repository when inside it. */
        public String shown() {
            return shown;
        }

        /** What is wrong, as a predicate of the file ("is a FIFO, not a regular file"). */
        public String problem() {
            return problem;
        }

        public String fix() {
            return fix;
        }

        /** The refusal as a failure of the kind (and so the exit code) the caller's documentation gives. */
        public Failure failure(Failure.Kind kind) {
            return new Failure(kind, getMessage(), List.of(fix));
        }
    }

    private static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);

    private InputFiles() {}

    /**
     * A file wb finds inside the repository at {@code root}; empty when nothing is at {@code file}.
     *
     * @throws Unusable when it resolves outside the repository, is not a regular file, is larger than its
     *     kind's limit, is not UTF-8 text, or cannot be read
     */
    public static Optional<Content> read(Path root, Path file, Kind kind) throws Unusable {
        return read(Optional.of(root), file, kind);
    }

    /** A file the user named, wherever it lies; the same checks except where it resolves. */
    public static Optional<Content> readNamed(Path file, Kind kind) throws Unusable {
        return read(Optional.empty(), file, kind);
    }

    private static Optional<Content> read(Optional<Path> root, Path file, Kind kind) throws Unusable {
        Path absolute = file.toAbsolutePath().normalize();
        String shown = shown(root, absolute);
        if (!Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        Path real = realPath(absolute, shown, root);
        BasicFileAttributes attributes = attributes(real, shown);
        if (!attributes.isRegularFile()) {
            throw new Unusable(
                    shown,
                    "is " + describe(attributes) + ", not a regular file; it was not read",
                    "make " + shown + " a regular file");
        }
        if (attributes.size() > kind.limit()) {
            throw tooLarge(shown, kind, attributes.size());
        }
        byte[] bytes = bounded(real, shown, kind);
        return Optional.of(new Content(absolute, bytes, Utf8Text.decode(bytes, shown)));
    }

    private static String shown(Optional<Path> root, Path absolute) {
        if (root.isPresent()) {
            Path base = root.get().toAbsolutePath().normalize();
            if (absolute.startsWith(base)) {
                return base.relativize(absolute).toString();
            }
        }
        return absolute.toString();
    }

    /** The file with every link resolved; inside the repository's own real path when one is given. */
    private static Path realPath(Path absolute, String shown, Optional<Path> root) throws Unusable {
        Path real;
        try {
            real = absolute.toRealPath();
        } catch (NoSuchFileException e) {
            throw new Unusable(
                    shown,
                    "is a symbolic link to a file that does not exist; it was not read",
                    "make " + shown + " a regular file");
        } catch (IOException e) {
            throw unreadable(shown, e);
        }
        if (root.isPresent() && !real.startsWith(realRoot(root.get(), shown))) {
            throw new Unusable(
                    shown,
                    "resolves outside the repository (to " + real + "); it was not read",
                    "make " + shown + " a regular file inside the repository (a copy, not a link)");
        }
        return real;
    }

    private static Path realRoot(Path root, String shown) throws Unusable {
        try {
            return root.toRealPath();
        } catch (IOException e) {
            throw unreadable(shown, e);
        }
    }

    private static BasicFileAttributes attributes(Path real, String shown) throws Unusable {
        try {
            return Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw unreadable(shown, e);
        }
    }

    private static String describe(BasicFileAttributes attributes) {
        if (attributes.isDirectory()) {
            return "a folder";
        }
        if (attributes.isSymbolicLink()) {
            return "a symbolic link";
        }
        return "a FIFO, socket or device";
    }

    /**
     * At most limit + 1 bytes, through a channel opened without following links: a file swapped for a
     * link after it was resolved is not opened, and one that grows past its limit (or was swapped for an
     * endless one) is refused after one byte too many, never read to the end.
     */
    private static byte[] bounded(Path real, String shown, Kind kind) throws Unusable {
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(kind.limit() + 1, 64 * KIB));
        try (SeekableByteChannel channel = Files.newByteChannel(real, READ)) {
            while (channel.read(buffer) >= 0) {
                if (!buffer.hasRemaining()) {
                    if (buffer.capacity() > kind.limit()) {
                        throw tooLarge(shown, kind, buffer.capacity());
                    }
                    buffer = grown(buffer, kind);
                }
            }
        } catch (IOException e) {
            throw unreadable(shown, e);
        }
        byte[] bytes = new byte[buffer.position()];
        buffer.flip().get(bytes);
        return bytes;
    }

    private static ByteBuffer grown(ByteBuffer full, Kind kind) {
        ByteBuffer larger = ByteBuffer.allocate((int) Math.min(kind.limit() + 1, full.capacity() * 2L));
        return larger.put(full.flip());
    }

    private static Unusable tooLarge(String shown, Kind kind, long size) {
        return new Unusable(
                shown,
                "is larger than a " + kind.noun() + " may be (" + size + " bytes or more; at most "
                        + human(kind.limit()) + "); it was not read",
                "shorten " + shown + " to at most " + human(kind.limit()));
    }

    private static Unusable unreadable(String shown, IOException e) {
        String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new Unusable(shown, "cannot be read (" + reason + ")", "check that " + shown + " is readable");
    }

    static String human(long bytes) {
        return bytes % MIB == 0 ? bytes / MIB + " MiB" : bytes / KIB + " KiB";
    }

    /** Strict UTF-8: the first byte that is not, named by its offset and line, refuses the file. */
    static final class Utf8Text {

        private Utf8Text() {}

        static String decode(byte[] bytes, String shown) throws Unusable {
            if (startsWith(bytes, 0xFE, 0xFF) || startsWith(bytes, 0xFF, 0xFE)) {
                throw new Unusable(
                        shown,
                        "is UTF-16 text (it starts with a UTF-16 byte order mark); wb reads UTF-8",
                        "save " + shown + " as UTF-8 (iconv -f UTF-16 -t UTF-8)");
            }
            int start = bom(bytes) ? 3 : 0;
            CharsetDecoder decoder = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
            CharBuffer out = CharBuffer.allocate(bytes.length);
            CoderResult result = decoder.decode(in, out, true);
            if (!result.isError()) {
                result = decoder.flush(out);
            }
            if (result.isError()) {
                throw notUtf8(bytes, in.position(), shown);
            }
            String text = out.flip().toString();
            int nul = text.indexOf('\0');
            if (nul >= 0) {
                int offset = offsetOf(bytes, (byte) 0);
                int line = line(bytes, offset);
                throw new Unusable(
                        shown,
                        "holds a NUL byte at offset " + offset + " (line " + line
                                + "): it is not text (UTF-16 without a byte order mark, or binary)",
                        "save " + shown + " as UTF-8 text",
                        line);
            }
            return text;
        }

        static boolean bom(byte[] bytes) {
            return startsWith(bytes, 0xEF, 0xBB, 0xBF);
        }

        private static Unusable notUtf8(byte[] bytes, int offset, String shown) {
            int line = line(bytes, offset);
            return new Unusable(
                    shown,
                    "is not UTF-8: invalid byte 0x" + String.format("%02X", bytes[offset] & 0xFF) + " at offset "
                            + offset + " (line " + line + ")",
                    "save " + shown + " as UTF-8 (from Latin-1, say: iconv -f LATIN1 -t UTF-8)",
                    line);
        }

        private static int offsetOf(byte[] bytes, byte wanted) {
            for (int i = 0; i < bytes.length; i++) {
                if (bytes[i] == wanted) {
                    return i;
                }
            }
            return -1;
        }

        private static int line(byte[] bytes, int offset) {
            int line = 1;
            for (int i = 0; i < offset && i < bytes.length; i++) {
                if (bytes[i] == '\n') {
                    line++;
                }
            }
            return line;
        }

        private static boolean startsWith(byte[] bytes, int... prefix) {
            if (bytes.length < prefix.length) {
                return false;
            }
            for (int i = 0; i < prefix.length; i++) {
                if ((bytes[i] & 0xFF) != prefix[i]) {
                    return false;
                }
            }
            return true;
        }
    }
}
