package dev.wb.cli.server;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * A client's stdin, relayed only when the command reads it: the first read asks the client for it
 * ({@code stdin} on the control FIFO, which starts the client's {@code cat >in}) and opens the FIFO.
 * A command that never reads stdin never takes a byte of the client's.
 */
final class LazyStdin extends InputStream {

    private final Path fifo;
    private final Control control;
    private InputStream open;

    LazyStdin(Path fifo, Control control) {
        this.fifo = fifo;
        this.control = control;
    }

    private InputStream stream() throws IOException {
        if (open == null) {
            control.say("stdin");
            open = new FileInputStream(fifo.toFile());
        }
        return open;
    }

    @Override
    public int read() throws IOException {
        return stream().read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        return stream().read(b, off, len);
    }

    @Override
    public int available() throws IOException {
        return open == null ? 0 : open.available();
    }

    @Override
    public void close() throws IOException {
        if (open != null) {
            open.close();
        }
    }
}
