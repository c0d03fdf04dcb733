package dev.wb.commands.verify;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

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
 *
 * <p>{@code sun.misc.Signal} is reached through reflection: javac's warning for a proprietary API can be
 * neither suppressed nor turned off, and the build fails on warnings. The calls are the same ones.
 */
final class StopSignals implements AutoCloseable {

    private static final List<String> NAMES = List.of("INT", "TERM");

    private final List<Object> signals = new ArrayList<>();
    private final List<Object> previous = new ArrayList<>();

    private StopSignals() {}

    /** Catches the stop signals until {@link #close()}; the first of them runs {@code onStop}, once. */
    static StopSignals install(Runnable onStop) {
        StopSignals installed = new StopSignals();
        AtomicBoolean stopping = new AtomicBoolean();
        for (String name : NAMES) {
            try {
                Object signal = Api.newSignal(name);
                Handler handler = new Handler(onStop, stopping);
                handler.before = Api.handle(signal, handler.asSignalHandler());
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
            Api.handle(signals.get(i), previous.get(i));
        }
    }

    /** The first stop signal of any kind asks the run to stop; a later one does what the handler before did. */
    private static final class Handler implements InvocationHandler {
        private final Runnable onStop;
        private final AtomicBoolean stopping;
        private volatile Object before;

        Handler(Runnable onStop, AtomicBoolean stopping) {
            this.onStop = onStop;
            this.stopping = stopping;
        }

        /** This handler as a {@code sun.misc.SignalHandler}. */
        Object asSignalHandler() {
            return Proxy.newProxyInstance(Api.HANDLER.getClassLoader(), new Class<?>[] {Api.HANDLER}, this);
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) {
            switch (method.getName()) {
                case "handle" -> handle(args[0]);
                case "equals" -> {
                    return proxy == args[0];
                }
                case "hashCode" -> {
                    return System.identityHashCode(proxy);
                }
                case "toString" -> {
                    return "StopSignals.Handler";
                }
                default -> throw new UnsupportedOperationException(method.getName());
            }
            return null;
        }

        private void handle(Object caught) {
            if (stopping.compareAndSet(false, true)) {
                onStop.run();
                return;
            }
            try {
                if (before != null) {
                    Api.call(Api.HANDLE, before, caught);
                    return;
                }
            } catch (UnsupportedOperationException nativeHandler) {
                // A native handler cannot be called from Java: leave as the JVM's own handler would.
            }
            Runtime.getRuntime().exit(128 + (int) Api.call(Api.NUMBER, caught));
        }
    }

    /** {@code sun.misc.Signal} and {@code SignalHandler}, looked up once (jdk.unsupported exports them). */
    private static final class Api {
        static final Class<?> SIGNAL = type("sun.misc.Signal");
        static final Class<?> HANDLER = type("sun.misc.SignalHandler");
        static final Method STATIC_HANDLE = method(SIGNAL, "handle", SIGNAL, HANDLER);
        static final Method NUMBER = method(SIGNAL, "getNumber");
        static final Method HANDLE = method(HANDLER, "handle", SIGNAL);

        private Api() {}

        /** {@code new Signal(name)}. */
        static Object newSignal(String name) {
            try {
                return SIGNAL.getConstructor(String.class).newInstance(name);
            } catch (InvocationTargetException e) {
                throw unchecked(e);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        /** {@code Signal.handle(signal, handler)}: the handler that was there before. */
        static Object handle(Object signal, Object handler) {
            return call(STATIC_HANDLE, null, signal, handler);
        }

        /** Calls {@code method}, letting the unchecked exceptions it throws out as they are. */
        static Object call(Method method, Object target, Object... args) {
            try {
                return method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw unchecked(e);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }

        private static RuntimeException unchecked(InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            return new IllegalStateException(e.getCause());
        }

        private static Class<?> type(String name) {
            try {
                return Class.forName(name);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }

        private static Method method(Class<?> type, String name, Class<?>... parameters) {
            try {
                return type.getMethod(name, parameters);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
