package dev.wb.engine;

/** The log's files could not be opened or written (permissions, a full disk, a broken folder). */
public final class LogUnavailableException extends LogException {

    public LogUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
