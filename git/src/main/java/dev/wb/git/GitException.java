package dev.wb.git;

/**
 * A read of a repository failed. The message is meant for the user as it stands ("git was not
 * found on PATH", "not inside a git work tree: /x", "unknown revision: foo"); when git itself
 * refused, it carries the first line git wrote to stderr.
 */
public final class GitException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public GitException(String message) {
        super(message);
    }

    public GitException(String message, Throwable cause) {
        super(message, cause);
    }
}
