package dev.wb.commands.impl;

import dev.wb.projections.events.PlannedFile;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Other tasks' claims for one scope check. The checkpointed audit projection proposes them, which
 * costs no log read when nothing moved; but a checkpoint is a file anyone can write, bound to the
 * heads it folded and checked by a checksum anyone can recompute. So before a result rests on a
 * task's claim (a path reported {@code other} or {@code overlap} names the task), that task's
 * stream is folded from the log and the claim replaced by what the log says; the check is then
 * classified again, until every task it names has been confirmed. A checkpoint can therefore only
 * withhold a claim, which makes the check stricter (a deviation the user sees), never lend one.
 */
final class OtherClaims {

    private final Map<String, List<PlannedFile>> claims;
    private final Function<String, List<PlannedFile>> fromLog;
    private final Set<String> confirmed = new HashSet<>();
    private boolean cacheDisagreed;

    /**
     * @param proposed each task's claimed files as the checkpoint has them
     * @param fromLog a task's claimed files as its stream in the log has them (empty: it claims nothing)
     */
    OtherClaims(Map<String, List<PlannedFile>> proposed, Function<String, List<PlannedFile>> fromLog) {
        this.claims = new TreeMap<>(proposed);
        this.fromLog = fromLog;
    }

    /**
     * The claims a classification can rest on: every task the classifier's result names is confirmed
     * from the log, and the classification run again, until it names no task left unconfirmed.
     */
    Map<String, List<PlannedFile>> confirm(Function<Map<String, List<PlannedFile>>, ScopeReport> classifier) {
        while (true) {
            ScopeReport report = classifier.apply(claims);
            Set<String> named = new LinkedHashSet<>();
            report.entries().forEach(entry -> named.addAll(entry.tasks()));
            named.removeAll(confirmed);
            if (named.isEmpty()) {
                return Collections.unmodifiableMap(new TreeMap<>(claims));
            }
            named.forEach(this::confirm);
        }
    }

    /** Whether a claim the checkpoint proposed differed from the log's. */
    boolean cacheDisagreed() {
        return cacheDisagreed;
    }

    private void confirm(String task) {
        List<PlannedFile> real = fromLog.apply(task);
        confirmed.add(task);
        List<PlannedFile> proposed = real.isEmpty() ? claims.remove(task) : claims.put(task, real);
        if (!real.equals(proposed == null ? List.of() : proposed)) {
            cacheDisagreed = true;
        }
    }
}
