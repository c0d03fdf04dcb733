package dev.wb.commands.process;

/**
 * How a verify command's process ended. Only {@link #EXITED} carries an exit code; the others are
 * why there is none, and each is a failure of the step, never a pass.
 */
public enum Outcome {
    /** The process ended by itself; its exit code says whether it passed. */
    EXITED,
    /** It ran past the time limit and was killed with everything it started. */
    TIMED_OUT,
    /** wb was interrupted (Ctrl-C, SIGTERM, an interrupted thread) and killed it on the way out. */
    INTERRUPTED,
    /** It never ran: the program was not found or could not be started. */
    NOT_STARTED
}
