package dev.wb.commands.status;

import dev.wb.commands.Session;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.impl.ScopeClassifier;
import dev.wb.commands.impl.ScopeExclusions;
import dev.wb.commands.impl.ScopeReport;
import dev.wb.commands.plan.CriticalZones;
import dev.wb.engine.EventReader;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.git.ChangeScope;
import dev.wb.git.ChangedPath;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.checkpoint.CheckpointStore;
import dev.wb.projections.checkpoint.StreamCursor;
import dev.wb.projections.checkpoint.WorkspaceProjection;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.status.TaskStages;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The scope of a task whose gate is open, as the working tree stands now (what {@code wb impl check KEY}
 * would find), for {@code wb status}: the changed paths no open plan accounts for. A path is outside
 * one task's scope exactly when no open plan claims it (its own, or another task's), so one diff of the
 * checkout and one classification against every open plan's claims serve every task. Read-only: it
 * records nothing. The claims come from the {@code audit} projection, never from the plans' contents.
 *
 * @param outside the changed paths outside every audited plan now, sorted
 */
public record LiveScope(List<String> outside) {

    public LiveScope {
        outside = List.copyOf(outside);
    }

    /** Whether the task's latest audit passed and was of the plan on disk now: its gate is open. */
    static boolean open(TaskStages.State stages, Optional<String> plan) {
        TaskStages.Latest audit = stages.audit();
        return plan.isPresent()
                && audit.result().equals("pass")
                && audit.about().equals(plan);
    }

    /**
     * The live scope shared by every task with an open gate (the caller reads it only when one is);
     * empty when the checkout cannot be read (the recorded check stands alone).
     *
     * @param plans every task's plan digest on disk now
     */
    static Optional<LiveScope> read(
            Session session, CheckpointStore store, EventReader reader, Map<TaskKey, String> plans) {
        List<ChangedPath> changed;
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            changed = git.changedPaths(ChangeScope.WORKTREE, Optional.empty());
        } catch (GitException e) {
            return Optional.empty();
        }
        if (changed.stream().allMatch(path -> ScopeExclusions.reason(path.path()) != null)) {
            // Nothing a plan has to account for changed (a clean tree, or wb's own files only): no
            // claim can matter, so the audit projection is not even loaded.
            return Optional.of(new LiveScope(List.of()));
        }
        Map<StreamId, StreamCursor<AuditGate.State>> gates = new WorkspaceProjection<>(AuditGate.INSTANCE, store)
                .load(reader)
                .streams();
        Map<String, List<PlannedFile>> claims = new TreeMap<>();
        for (StreamCursor<AuditGate.State> cursor : gates.values()) {
            String digest =
                    TaskKey.parse(cursor.stream().name()).map(plans::get).orElse(null);
            if (digest != null && cursor.state().openFor(digest)) {
                claims.put(cursor.stream().name(), cursor.state().claims());
            }
        }
        ScopeReport report = ScopeClassifier.classify(changed, List.of(), claims, CriticalZones.defaultZones());
        return Optional.of(new LiveScope(report.entries().stream()
                .filter(e -> e.status() == ScopeReport.Status.DEVIATION)
                .map(ScopeReport.Entry::path)
                .toList()));
    }
}
