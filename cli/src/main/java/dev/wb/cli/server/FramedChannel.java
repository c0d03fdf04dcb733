package dev.wb.cli.server;

import dev.wb.cli.client.Frames;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.SocketChannel;

/**
 * The server's end of one client's connection, written by several threads (the command's stdout and
 * stderr, the pings, the stdin requests, the exit code): each frame is written whole under one lock, so
 * the client receives them in the order they were written (docs/adr/0013-served-path.md).
 */
final class FramedChannel {

    /** A frame's largest payload when a stream is cut into frames. */
    private static final int CHUNK = 1 << 20;

    private final SocketChannel channel;

    FramedChannel(SocketChannel channel) {
        this.channel = channel;
    }

    SocketChannel channel() {
        return channel;
    }

    synchronized void send(byte type, byte[] payload, int offset, int length) throws IOException {
        Frames.write(channel, type, payload, offset, length);
    }

    synchronized void send(byte type, String word) throws IOException {
        Frames.write(channel, type, word.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    synchronized void sendInt(byte type, int value) throws IOException {
        Frames.writeInt(channel, type, value);
    }

    /** An output stream whose bytes reach the client as frames of {@code type} (stdout or stderr). */
    OutputStream stream(byte type) {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                for (int at = off; at < off + len; at += CHUNK) {
                    send(type, b, at, Math.min(CHUNK, off + len - at));
                }
            }
        };
    }
}
