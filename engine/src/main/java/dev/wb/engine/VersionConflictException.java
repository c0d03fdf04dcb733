package dev.wb.engine;

/** The stream moved on since the writer read it: its events were decided on a stale state. */
public final class VersionConflictException extends LogException {

    private final StreamId stream;
    private final ExpectedVersion expected;
    private final long actual;

    public VersionConflictException(StreamId stream, ExpectedVersion expected, long actual) {
        super(stream.describe() + " changed while this command ran: expected " + expected.describe() + " but was "
                + (actual < 0 ? "no stream yet" : "version " + actual));
        this.stream = stream;
        this.expected = expected;
        this.actual = actual;
    }

    public StreamId stream() {
        return stream;
    }

    public ExpectedVersion expected() {
        return expected;
    }

    /** The stream's real last version, -1 when it has none. */
    public long actual() {
        return actual;
    }
}
