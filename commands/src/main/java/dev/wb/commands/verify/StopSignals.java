package dev.wb.commands.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C (SIGINT) and SIGTERM while verify commands run. Left to the JVM, either signal starts its
 * shutdown at once: the run could still be recorded from a shutdown hook, but the command's own thread
 * never got to print what happened, and the process ended with the signal's code (130, 143) rather
 * than the verdict's. Caught here instead, the first signal only asks the run to stop ({@code onStop}
 * ends the running commands); the run then ends the ordinary way, recorded, summarised and with its
 * documented exit code. A second signal is handed to the handler that was there before (the JVM's:
 * leave now), so a run that cannot stop is never a trap.
 *
 * <p>Where a signal cannot be caught (the JVM runs with {@code -Xrs}, or the platform lacks it) nothing
 * is installed for it and the JVM's shutdown stays the way out; the caller's shutdown hook still records
 * the run as interrupted. A signal wb inherited as ignored stays ignored: the JVM never delivers it.
 */
final class StopSignals implements AutoCloseable {

    private static final List<String> NAMES = List.of("INT", "TERM");

    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();

    private StopSignals() {}

    /** Catches the stop signals until {@link #close()}; the first of them runs {@code onStop}, once. */
    static StopSignals install(Runnable onStop) {
        StopSignals installed = new StopSignals();
        AtomicBoolean stopping = new AtomicBoolean();
        for (String name : NAMES) {
            try {
                Signal signal = new Signal(name);
                Handler handler = new Handler(onStop, stopping);
                handler.before = Signal.handle(signal, handler);
                installed.signals.add(signal);
                installed.previous.add(handler.before);
            } catch (IllegalArgumentException | UnsupportedOperationException notHere) {
                // Not catchable here: the JVM's own handling stays.
            }
        }
        return installed;
    }

    /** Puts back the handlers that were there before. */
    @Override
    public void close() {
        for (int i = 0; i < signals.size(); i++) {
            Signal.handle(signals.get(i), previous.get(i));
        }
    }

    /** The first stop signal of any kind asks the run to stop; a later one does what the handler before did. */
    private static final class Handler implements SignalHandler {
        private final Runnable onStop;
        private final AtomicBoolean stopping;
        private volatile SignalHandler before;

        Handler(Runnable onStop, AtomicBoolean stopping) {
            this.onStop = onStop;
            this.stopping = stopping;
        }

        @Override
        public void handle(Signal caught) {
            if (stopping.compareAndSet(false, true)) {
                onStop.run();
                return;
            }
            try {
                if (before != null) {
                    before.handle(caught);
                    return;
                }
            } catch (UnsupportedOperationException nativeHandler) {
                // A native handler cannot be called from Java: leave as the JVM's own handler would.
            }
            Runtime.getRuntime().exit(128 + caught.getNumber());
        }
    }
}
