package dev.wb.commands.judge.reproduce;

import dev.wb.commands.judge.reproduce.JudgeReproduce.Mismatch;
import dev.wb.commands.judge.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * What the generator left in the base copy, compared with the snapshot and with the copy before it ran.
 *
 * @param mismatched the declared paths whose result differs from the snapshot's tree
 * @param details for each mismatched path, what differs
 * @param unchanged the declared paths the generator left as the base had them
 * @param stray every other path whose file changed, sorted
 */
record ReproduceComparison(
        List<String> mismatched, List<Mismatch> details, List<String> unchanged, List<String> stray) {

    /** The base copy before the commands ran: every file, and each declared path's state. */
    record Baseline(Map<String, ReproduceTree.State> files, Map<String, ReproduceTree.State> declared) {
        static Baseline of(ReproduceTree copy, MigrationDeclaration declaration) {
            return new Baseline(copy.files(), ReproduceTree.states(copy.dir(), declaration.paths()));
        }
    }

    /** Compares the copy after the commands ran with the snapshot's tree and with {@code before}. */
    static ReproduceComparison of(
            Baseline before, ReproduceTree copy, Snapshot snapshot, MigrationDeclaration declaration) {
        Map<String, ReproduceTree.State> after = copy.files();
        Map<String, ReproduceTree.State> produced = ReproduceTree.states(copy.dir(), declaration.paths());
        Map<String, ReproduceTree.State> expected = ReproduceTree.states(snapshot.worktree(), declaration.paths());
        List<String> mismatched = new ArrayList<>();
        List<Mismatch> details = new ArrayList<>();
        List<String> unchanged = new ArrayList<>();
        for (String path : declaration.paths()) {
            if (!produced.get(path).equals(expected.get(path))) {
                mismatched.add(path);
                details.add(new Mismatch(
                        path, expected.get(path).describe(), produced.get(path).describe()));
            }
            if (produced.get(path).equals(before.declared().get(path))) {
                unchanged.add(path);
            }
        }
        TreeSet<String> stray = new TreeSet<>(before.files().keySet());
        stray.addAll(after.keySet());
        stray.removeAll(declaration.paths());
        stray.removeIf(path -> Objects.equals(before.files().get(path), after.get(path)));
        return new ReproduceComparison(
                List.copyOf(mismatched), List.copyOf(details), List.copyOf(unchanged), List.copyOf(stray));
    }

    /** Whether every declared path reproduced, none was left as it was, and nothing else was written. */
    boolean exact() {
        return mismatched.isEmpty() && unchanged.isEmpty() && stray.isEmpty();
    }
}
