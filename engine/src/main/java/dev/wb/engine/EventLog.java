package dev.wb.engine;

/** Both roles of the log, as one resource to close. */
public interface EventLog extends EventReader, EventAppender, AutoCloseable {

    @Override
    void close();
}
