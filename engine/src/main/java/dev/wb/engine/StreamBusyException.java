package dev.wb.engine;

import java.time.Duration;

/** Another process held the stream's write lock for longer than wb waits. */
public final class StreamBusyException extends LogException {

    private final StreamId stream;

    public StreamBusyException(StreamId stream, Duration waited) {
        super(stream.describe() + " is busy (another wb process held it for " + waited.toMillis() + " ms)");
        this.stream = stream;
    }

    public StreamId stream() {
        return stream;
    }
}
