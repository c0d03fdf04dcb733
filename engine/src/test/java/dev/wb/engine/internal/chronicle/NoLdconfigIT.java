package dev.wb.engine.internal.chronicle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loading Chronicle outside JUnit once spawned {@code /sbin/ldconfig -p} (JNA listing library
 * folders for affinity) on every wb command that read or appended. JNA computes that list, ldconfig
 * included, only when {@code jna.platform.library.path} is unset, and then sets it; so a child that
 * still sees exactly the folders wb set skipped the spawn. Affinity and the posix binding behind
 * {@code msync} must still be the native ones.
 */
class NoLdconfigIT {

    @TempDir
    Path dir;

    @Test
    void given_chronicle_loaded_outside_junit_when_it_appends_then_jna_never_listed_folders_and_msync_is_native()
            throws Exception {
        try (Child child = Child.start(
                dir, "preload", PreloadChild.class, dir.resolve("log").toString())) {
            assertEquals(0, child.waitFor(120), child.describe());
            List<String> lines = child.lines();

            assertTrue(lines.contains("events=1"), child.describe());
            assertTrue(
                    lines.contains("jna=" + String.join(":", NativeLookups.folders(System.getProperty("os.arch")))),
                    "JNA computed its own list (and ran ldconfig): " + lines);
            assertTrue(
                    lines.contains("affinity=net.openhft.affinity.impl.LinuxJNAAffinity"),
                    "affinity still binds libc: " + lines);
            assertTrue(
                    lines.contains("posix=net.openhft.posix.internal.jnr.JNRPosixAPI"),
                    "msync still goes through jnr posix: " + lines);
        }
    }
}
