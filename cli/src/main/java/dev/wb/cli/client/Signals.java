package dev.wb.cli.client;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * INT, TERM and HUP while a served command runs (docs/adr/0013-served-path.md): each is handed to the
 * relay, which forwards it to the server, which delivers it as the caller's terminal (INT: the server's
 * whole process group, a verify's children included) or a {@code kill} (TERM, HUP: the server) would
 * have delivered it to a cold JVM. A signal this JVM started with as ignored (a background job's INT)
 * stays ignored, as in a cold JVM; QUIT stays the JVM's own (a thread dump), as cold.
 *
 * <p>Compiled apart from the rest of wb (cli/pom.xml: javac's warning about sun.misc can only be turned
 * off in a forked javac) and loaded by name; {@link AutoCloseable#close()} puts the handlers back.
 */
public final class Signals implements SignalHandler, AutoCloseable {

    private static final String[] NAMES = {"INT", "TERM", "HUP"};

    private final IntConsumer forward;
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();

    /** Catches INT, TERM and HUP from now on, handing each signal's number to {@code forward}. */
    public Signals(IntConsumer forward) {
        this.forward = forward;
        for (String name : NAMES) {
            try {
                Signal signal = new Signal(name);
                previous.add(Signal.handle(signal, this));
                signals.add(signal);
            } catch (IllegalArgumentException notHere) {
                // Not catchable in this JVM (-Xrs, the platform): its own handling stays.
            }
        }
    }

    @Override
    public void handle(Signal signal) {
        forward.accept(signal.getNumber());
    }

    @Override
    public void close() {
        for (int i = 0; i < signals.size(); i++) {
            Signal.handle(signals.get(i), previous.get(i));
        }
    }
}
