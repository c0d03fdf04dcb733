package dev.wb.commands.checks;

import dev.wb.commands.process.ExecutableLookup;
import dev.wb.commands.process.Redactor;

/**
 * A {@code skip_if_unavailable} set that did not run because a program of it cannot launch here. Said
 * loudly, recorded in {@code checks.ran}, and it blocks {@code git.auto_merge} even when the gate passes.
 */
public record SkippedSet(String set, String program, String why) {

    /** This skip as it may be shown and recorded: the program and the reason redacted. */
    SkippedSet redacted(Redactor redactor) {
        return new SkippedSet(set, redactor.redact(program), redactor.redact(why));
    }

    /** {@code SKIPPED ios: xcodebuild not found — auto-merge blocked}. */
    public String line() {
        return "SKIPPED " + set + ": " + program
                + (why.contains(": cannot start")
                        ? " cannot start"
                        : why.contains(ExecutableLookup.NOT_EXECUTABLE) ? " is not executable" : " not found")
                + " — auto-merge blocked";
    }
}
