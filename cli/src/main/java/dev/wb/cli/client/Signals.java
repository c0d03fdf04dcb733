package dev.wb.cli.client;

import java.util.ArrayList;
import java.util.List;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * INT, TERM and HUP while a served command runs (docs/adr/0013-served-path.md): each is forwarded to the
 * server, which delivers it as the caller's terminal (INT: the server's whole process group, a verify's
 * children included) or a {@code kill} (TERM, HUP: the server) would have delivered it to a cold JVM, so
 * the command ends the way it would have cold and the client exits with its code. A signal this JVM
 * started with as ignored (a background job's INT) stays ignored, as it would in a cold JVM. QUIT is the
 * JVM's own (a thread dump), served as cold.
 */
final class Signals implements SignalHandler {

    private static final List<String> NAMES = List.of("INT", "TERM", "HUP");

    private final Relay relay;
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();

    private Signals(Relay relay) {
        this.relay = relay;
    }

    static Signals install(Relay relay) {
        Signals installed = new Signals(relay);
        for (String name : NAMES) {
            try {
                Signal signal = new Signal(name);
                installed.previous.add(Signal.handle(signal, installed));
                installed.signals.add(signal);
            } catch (IllegalArgumentException notHere) {
                // Not catchable in this JVM (-Xrs, the platform): its own handling stays.
            }
        }
        return installed;
    }

    /** Puts back the handlers that were there before (the command then runs cold in this JVM). */
    void restore() {
        for (int i = 0; i < signals.size(); i++) {
            Signal.handle(signals.get(i), previous.get(i));
        }
    }

    @Override
    public void handle(Signal signal) {
        relay.forward(signal.getNumber());
    }
}
