package dev.wb.engine;

/** Stored bytes of a stream could not be read back as events. */
public final class LogDamagedException extends LogException {

    private final StreamId stream;
    private final String detail;

    public LogDamagedException(StreamId stream, String detail) {
        super("the log of " + stream.describe() + " is damaged: " + detail);
        this.stream = stream;
        this.detail = detail;
    }

    public StreamId stream() {
        return stream;
    }

    /** What is wrong, without the stream's name. */
    public String detail() {
        return detail;
    }
}
