package dev.wb.cli.impl;

import dev.wb.cli.core.Texts;
import dev.wb.commands.impl.ScopeReport.Entry;
import dev.wb.git.Change;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The commands that undo a scope check's deviations, with their real paths: {@code git restore} for
 * what git tracks (from HEAD, or from the base when the check compared commits since one), and
 * {@code git clean} for new files git does not track yet.
 */
final class UndoLines {

    private UndoLines() {}

    /** One fix line for the tracked paths, one for the untracked; none for an empty kind. */
    static List<String> of(List<Entry> deviations, Optional<String> base) {
        List<String> tracked = new ArrayList<>();
        List<String> untracked = new ArrayList<>();
        for (Entry entry : deviations) {
            boolean isNew = entry.change().equals(Change.UNTRACKED.name().toLowerCase(Locale.ROOT));
            (isNew ? untracked : tracked).add(entry.path());
        }
        List<String> lines = new ArrayList<>();
        if (!tracked.isEmpty()) {
            lines.add("otherwise undo them: git restore "
                    + base.map(b -> "--source=" + Texts.shell(b) + " ").orElse("")
                    + "--staged --worktree -- " + Texts.shell(tracked));
        }
        if (!untracked.isEmpty()) {
            lines.add((tracked.isEmpty() ? "otherwise remove" : "and remove") + " the new files: git clean -f -- "
                    + Texts.shell(untracked));
        }
        return lines;
    }
}
