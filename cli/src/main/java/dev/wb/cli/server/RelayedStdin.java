package dev.wb.cli.server;

import dev.wb.cli.client.Frames;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A client's stdin as the served command reads it (docs/adr/0013-served-path.md): each read asks the
 * client for at most the bytes it wants ({@code WANT_STDIN} with the count) and waits for them, so the
 * client reads its stdin exactly when and as much as a cold JVM would have, and a command that never
 * reads stdin never takes a byte of it. Wrapped like a cold JVM's {@code System.in} (an 8 KiB buffer).
 */
final class RelayedStdin extends InputStream {

    private static final byte[] END = new byte[0];

    private final FramedChannel client;
    private final LinkedBlockingQueue<byte[]> answers = new LinkedBlockingQueue<>();
    private boolean ended;

    RelayedStdin(FramedChannel client) {
        this.client = client;
    }

    /** Bytes the client sent for the last request. */
    void received(byte[] bytes) {
        answers.add(bytes.length == 0 ? new byte[0] : bytes);
    }

    /** The client's stdin ended (or the connection did). */
    void end() {
        answers.add(END);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (!ended) {
            client.sendInt(Frames.WANT_STDIN, len);
            byte[] got;
            try {
                got = answers.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted reading stdin");
            }
            if (got == END) {
                ended = true;
            } else if (got.length > 0) {
                int n = Math.min(len, got.length);
                System.arraycopy(got, 0, b, off, n);
                return n;
            }
        }
        return -1;
    }

    @Override
    public int available() {
        return 0;
    }
}
