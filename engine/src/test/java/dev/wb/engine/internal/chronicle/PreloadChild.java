package dev.wb.engine.internal.chronicle;

import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.StreamId;
import dev.wb.engine.TestEvents;
import dev.wb.engine.logs.EventLogs;
import java.nio.file.Path;

/**
 * A child JVM that loads Chronicle as wb does outside JUnit (where Chronicle's {@code Jvm} also
 * initialises affinity, and through it JNA), appends one event to the log in {@code args[0]}, and
 * prints which native bindings it got and the library path JNA was handed.
 */
public final class PreloadChild {

    private PreloadChild() {}

    public static void main(String[] args) throws Exception {
        ChronicleEventLog.preload();
        try (EventLog log = EventLogs.chronicle(Path.of(args[0]))) {
            log.append(
                    new StreamId("ABC-1"), ExpectedVersion.noStream(), TestEvents.notes(0, 1), TestEvents.invocation());
            System.out.println("events=" + log.read(new StreamId("ABC-1")).size());
        }
        System.out.println("jna=" + System.getProperty(NativeLookups.PROPERTY));
        System.out.println("affinity=" + implementation("net.openhft.affinity.Affinity", "getAffinityImpl"));
        System.out.println("posix=" + implementation("net.openhft.posix.PosixAPI", "posix"));
        System.out.flush();
    }

    private static String implementation(String type, String getter) throws ReflectiveOperationException {
        return Class.forName(type).getMethod(getter).invoke(null).getClass().getName();
    }
}
