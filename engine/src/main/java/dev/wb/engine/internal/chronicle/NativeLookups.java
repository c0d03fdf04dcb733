package dev.wb.engine.internal.chronicle;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Keeps Chronicle's start-up from spawning a process. Chronicle's {@code Jvm} initialises affinity
 * outside JUnit, affinity binds libc through JNA, and JNA's {@code NativeLibrary}, on first use on
 * Linux, runs {@code /sbin/ldconfig -p} to list the library folders, unless the property
 * {@value #PROPERTY} already names them. wb sets it (when the JVM was not started with it) to the
 * folders JNA itself lists besides ldconfig's. libc is unaffected: JNA opens it as
 * {@code libc.so.6} through the system's loader, whatever the list says; no other library is bound
 * through JNA. jnr-ffi (the posix binding behind {@code msync}) is a different library and is not
 * touched.
 */
final class NativeLookups {

    static final String PROPERTY = "jna.platform.library.path";

    private NativeLookups() {}

    /** Sets {@value #PROPERTY} unless it is set; call before any Chronicle class initialises. */
    static void skipLdconfig() {
        if (System.getProperty(PROPERTY) == null
                && System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")) {
            System.setProperty(PROPERTY, String.join(":", folders(System.getProperty("os.arch", ""))));
        }
    }

    /** The usual library folders that exist here: the multiarch ones first, as JNA orders them. */
    static List<String> folders(String arch) {
        List<String> candidates = new ArrayList<>();
        String multiarch = multiarch(arch);
        if (!multiarch.isEmpty()) {
            candidates.add("/usr/lib/" + multiarch);
            candidates.add("/lib/" + multiarch);
        }
        candidates.addAll(List.of("/usr/lib64", "/lib64", "/usr/lib", "/lib"));
        List<String> found = new ArrayList<>();
        for (String folder : candidates) {
            if (Files.isDirectory(Path.of(folder))) {
                found.add(folder);
            }
        }
        return found;
    }

    private static String multiarch(String arch) {
        return switch (arch) {
            case "amd64", "x86_64" -> "x86_64-linux-gnu";
            case "aarch64" -> "aarch64-linux-gnu";
            default -> "";
        };
    }
}
