package dev.wb.cli.client;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * The served path's wire format (docs/adr/0013-served-path.md): every message is a frame, one byte of
 * type, four of length (big-endian), then that many bytes. Frames never split a message, so no read of a
 * partial line can lose one. Uses java.base alone: the client's JVM loads nothing else before it knows
 * whether a server answers.
 */
public final class Frames {

    /** The largest frame either side accepts: more is a protocol error, never a reason to allocate it. */
    public static final int MAX_LENGTH = 64 * 1024 * 1024;

    // Client to server.
    /** The request: a {@link Hello}. The first frame of a command's connection. */
    public static final byte HELLO = 'H';
    /** After the server's {@code go}: run it now (a client that withdrew never sends it). */
    public static final byte START = 'S';
    /** Bytes of the client's stdin, sent only after {@link #WANT_STDIN}. */
    public static final byte STDIN = 'I';
    /** The client's stdin ended. */
    public static final byte STDIN_END = 'J';
    /** A signal the client caught (its number in four bytes), for the server to deliver as a cold JVM would get it. */
    public static final byte SIGNAL = 'K';
    /** The first frame of a connection that asks the server to exit if it is idle (at most two servers a user). */
    public static final byte STOP_IF_IDLE = 'Q';

    // Server to client.
    /** The answer to a {@link #HELLO}: {@code go}, {@code busy} or {@code stale}; to {@link #STOP_IF_IDLE}: {@code stopping} or {@code busy}. */
    public static final byte ANSWER = 'A';
    /** Bytes the command wrote to stdout. */
    public static final byte STDOUT = 'O';
    /** Bytes the command wrote to stderr. */
    public static final byte STDERR = 'E';
    /** The command read stdin for the first time: relay it. */
    public static final byte WANT_STDIN = 'W';
    /** The server is alive while a command runs (one a second). */
    public static final byte PING = 'P';
    /** The command ended: its exit code in four bytes. */
    public static final byte EXIT = 'X';

    private Frames() {}

    /** One frame as read: its type and its bytes. */
    public static final class Frame {
        private final byte type;
        private final byte[] payload;

        public Frame(byte type, byte[] payload) {
            this.type = type;
            this.payload = payload;
        }

        public byte type() {
            return type;
        }

        /** The frame's bytes (the array itself: a frame is read once, by one reader). */
        @SuppressWarnings("EffectivelyPrivate")
        public byte[] payload() {
            return payload;
        }

        /** The payload as one big-endian int (an exit code, a signal number). */
        public int asInt() throws IOException {
            if (payload.length != 4) {
                throw new IOException("a frame of type " + (char) type + " must hold four bytes");
            }
            return ByteBuffer.wrap(payload).getInt();
        }
    }

    /** Writes one frame whole (the caller serialises writers). */
    public static void write(WritableByteChannel channel, byte type, byte[] payload, int offset, int length)
            throws IOException {
        ByteBuffer header = ByteBuffer.allocate(5);
        header.put(type).putInt(length).flip();
        ByteBuffer body = ByteBuffer.wrap(payload, offset, length);
        while (header.hasRemaining()) {
            channel.write(header);
        }
        while (body.hasRemaining()) {
            channel.write(body);
        }
    }

    public static void write(WritableByteChannel channel, byte type, byte[] payload) throws IOException {
        write(channel, type, payload, 0, payload.length);
    }

    /** A frame holding one int. */
    public static void writeInt(WritableByteChannel channel, byte type, int value) throws IOException {
        write(channel, type, ByteBuffer.allocate(4).putInt(value).array());
    }

    /** Reads one whole frame; {@link EOFException} at a clean end before its first byte or inside it. */
    public static Frame read(ReadableByteChannel channel) throws IOException {
        ByteBuffer header = ByteBuffer.allocate(5);
        fill(channel, header);
        header.flip();
        byte type = header.get();
        int length = header.getInt();
        if (length < 0 || length > MAX_LENGTH) {
            throw new IOException(
                    "a frame of " + Integer.toUnsignedString(length) + " bytes (at most " + MAX_LENGTH + ")");
        }
        ByteBuffer body = ByteBuffer.allocate(length);
        fill(channel, body);
        return new Frame(type, body.array());
    }

    private static void fill(ReadableByteChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            if (channel.read(buffer) < 0) {
                throw new EOFException("the other end closed the connection");
            }
        }
    }
}
