package dev.wb.testkit.browser;

/** The browser or its driver failed, refused a command, or did not answer in time. */
public final class BrowserException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public BrowserException(String message) {
        super(message);
    }

    public BrowserException(String message, Throwable cause) {
        super(message, cause);
    }
}
