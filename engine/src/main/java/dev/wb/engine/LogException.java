package dev.wb.engine;

/** A failure of the event log that a user must hear about in words, never as a stack trace. */
public abstract sealed class LogException extends RuntimeException
        permits VersionConflictException,
                StreamBusyException,
                LogDamagedException,
                LogUnavailableException,
                BatchTooLargeException {

    protected LogException(String message) {
        super(message);
    }

    protected LogException(String message, Throwable cause) {
        super(message, cause);
    }
}
