package dev.wb.commands.checks;

import dev.wb.commands.config.WorkspaceConfig.CommandSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which command sets a task's diff selects: the union of the sets whose {@code paths} match a changed
 * path, plus every set without paths. An empty diff selects nothing, not even a set without paths
 * (there is nothing to check); a changed path no set claims selects no set on its account, which is
 * why shared and root files want a catch-all set without paths.
 */
public final class CommandSetSelection {

    /** A selected set and why: always (no paths), or the first changed path one of its globs matched. */
    public record Selected(CommandSet set, Optional<String> path, Optional<String> glob) {
        /** The reason as the event records it: {@code always}, or the path. */
        public String reason() {
            return path.orElse(ALWAYS);
        }
    }

    public static final String ALWAYS = "always";

    private CommandSetSelection() {}

    /** The selected sets, in the order the config lists them; {@code changedPaths} sorted. */
    public static List<Selected> select(List<CommandSet> sets, List<String> changedPaths) {
        List<Selected> selected = new ArrayList<>();
        if (changedPaths.isEmpty()) {
            return selected;
        }
        for (CommandSet set : sets) {
            if (set.paths().isEmpty()) {
                selected.add(new Selected(set, Optional.empty(), Optional.empty()));
                continue;
            }
            List<PathGlob> globs = set.paths().stream().map(PathGlob::of).toList();
            first:
            for (String path : changedPaths) {
                for (PathGlob glob : globs) {
                    if (glob.matches(path)) {
                        selected.add(new Selected(set, Optional.of(path), Optional.of(glob.pattern())));
                        break first;
                    }
                }
            }
        }
        return selected;
    }
}
