package dev.wb.commands.preflight;

import dev.wb.commands.process.ExecutableLookup;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The facts about the machine that decide whether an agent's shell can have an OS sandbox: the
 * operating system, and on Linux (WSL2 included) whether bubblewrap and socat, which Claude's Bash
 * sandbox needs, are both on the invocation's PATH. Passed to the checks as data, so a test can ask
 * what a Windows host would print.
 */
public record Host(Os os, boolean bubblewrapAndSocat) {

    /** The operating-system families whose sandboxes differ. */
    public enum Os {
        LINUX,
        MACOS,
        WINDOWS,
        OTHER
    }

    /** This machine, with the helpers looked up on the given environment's PATH. */
    public static Host detect(Map<String, String> env, Path dir) {
        String name = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        Os os = name.startsWith("windows")
                ? Os.WINDOWS
                : name.startsWith("mac") ? Os.MACOS : name.startsWith("linux") ? Os.LINUX : Os.OTHER;
        boolean helpers = ExecutableLookup.find("bwrap", dir, env).isPresent()
                && ExecutableLookup.find("socat", dir, env).isPresent();
        return new Host(os, helpers);
    }

    /** Whether Claude's Bash tool can run inside an OS sandbox here (Seatbelt on macOS, bubblewrap on Linux). */
    public boolean bashSandbox() {
        return os == Os.MACOS || (os == Os.LINUX && bubblewrapAndSocat);
    }

    /** Why it cannot, in the isolation-floor line's words; empty when it can. */
    public String missingSandboxCause() {
        if (os == Os.WINDOWS) {
            return "native Windows — no supported OS sandbox for the agent shell";
        }
        if (os == Os.LINUX && !bubblewrapAndSocat) {
            return "Linux/WSL2 — install bubblewrap+socat to get the floor back";
        }
        return os == Os.OTHER ? "this operating system has no supported OS sandbox for the agent shell" : "";
    }
}
