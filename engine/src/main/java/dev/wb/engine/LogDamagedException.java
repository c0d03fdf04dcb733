package dev.wb.engine;

/** Stored bytes of a stream could not be read back as events. */
public final class LogDamagedException extends LogException {

    private final StreamId stream;

    public LogDamagedException(StreamId stream, String detail) {
        super("the log of " + stream.describe() + " is damaged: " + detail);
        this.stream = stream;
    }

    public StreamId stream() {
        return stream;
    }
}
