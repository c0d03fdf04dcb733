package dev.wb.cli.server;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The control FIFO of one request: the server's answers to the client, one line each ({@code go},
 * {@code busy}, {@code stale}, {@code stdin}, {@code exit <code>}). Opened for reading and writing,
 * which on Linux never blocks, so a client that has gone cannot hang the server here.
 */
final class Control implements AutoCloseable {

    private final FileChannel channel;

    private Control(FileChannel channel) {
        this.channel = channel;
    }

    static Control open(Path fifo) throws IOException {
        return new Control(FileChannel.open(fifo, StandardOpenOption.READ, StandardOpenOption.WRITE));
    }

    synchronized void say(String line) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
