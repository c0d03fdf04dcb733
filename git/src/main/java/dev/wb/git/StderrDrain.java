package dev.wb.git;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads a git process's stderr on its own thread, so that neither pipe can fill up and stall git
 * while the other is being read (a status of a large tree can print a warning per file).
 */
final class StderrDrain extends Thread {

    private final InputStream stream;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    private StderrDrain(InputStream stream) {
        super("git-stderr");
        this.stream = stream;
        setDaemon(true);
    }

    static StderrDrain of(Process process) {
        StderrDrain drain = new StderrDrain(process.getErrorStream());
        drain.start();
        return drain;
    }

    @Override
    public void run() {
        try (stream) {
            stream.transferTo(bytes);
        } catch (IOException ignored) {
            // The process was destroyed; whatever it wrote so far is kept.
        }
    }

    /** Everything git wrote to stderr; waits for the stream to close. */
    String text() throws InterruptedException {
        join();
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
