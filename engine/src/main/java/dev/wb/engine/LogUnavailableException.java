package dev.wb.engine;

import java.util.List;

/** The log's files could not be opened or written (permissions, a full disk, a broken folder). */
public final class LogUnavailableException extends LogException {

    private final List<String> fixes;

    public LogUnavailableException(String message, Throwable cause) {
        this(message, List.of(), cause);
    }

    /** @param fixes what the user can do about it, most likely first; empty when only the generic advice fits */
    public LogUnavailableException(String message, List<String> fixes, Throwable cause) {
        super(message, cause);
        this.fixes = List.copyOf(fixes);
    }

    public List<String> fixes() {
        return fixes;
    }
}
