package dev.wb.commands.judge.snapshot;

import dev.wb.commands.base.Failure;
import java.util.regex.Pattern;

/**
 * What a scope is computed against: the live working tree ({@code WORKTREE}), a commit ({@code REF}),
 * or an immutable capture ({@code SNAPSHOT:<id>}). Only a snapshot supports a validation run, a
 * receipt and {@code judge current}; the other two remain for compatibility.
 */
public sealed interface Candidate {

    Pattern SNAPSHOT_ID = Pattern.compile("[0-9a-f]{20}");

    String label();

    record Worktree() implements Candidate {
        @Override
        public String label() {
            return "WORKTREE";
        }
    }

    record Commit(String ref) implements Candidate {
        @Override
        public String label() {
            return ref;
        }
    }

    record Snapshot(String id) implements Candidate {
        @Override
        public String label() {
            return "SNAPSHOT:" + id;
        }
    }

    static Candidate parse(String text) {
        if (text == null || text.equals("WORKTREE")) {
            return new Worktree();
        }
        if (text.startsWith("SNAPSHOT:")) {
            return new Snapshot(snapshotId(text.substring("SNAPSHOT:".length())));
        }
        if (text.isBlank() || text.startsWith("-")) {
            throw Failure.usage("not a candidate: " + text, "give WORKTREE, SNAPSHOT:<id> or a git ref");
        }
        return new Commit(text);
    }

    /** A snapshot id as typed, with or without {@code SNAPSHOT:}; 20 lower-case hex digits. */
    static String snapshotId(String text) {
        String id = text.startsWith("SNAPSHOT:") ? text.substring("SNAPSHOT:".length()) : text;
        if (!SNAPSHOT_ID.matcher(id).matches()) {
            throw Failure.usage(
                    "not a snapshot id: " + text,
                    "a snapshot id is 20 hex digits, as wb judge snapshot printed it: SNAPSHOT:<id>");
        }
        return id;
    }
}
