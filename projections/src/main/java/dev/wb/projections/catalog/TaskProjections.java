package dev.wb.projections.catalog;

import dev.wb.projections.Projection;
import dev.wb.projections.activity.Activity;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.run.RunProjection;
import dev.wb.projections.scope.ScopeChecks;
import dev.wb.projections.status.TaskStages;
import dev.wb.projections.verify.Verifications;
import java.util.List;

/** Every projection of a task's stream, in the order {@code wb replay --at} shows them. Later stages add theirs. */
public final class TaskProjections {

    public static final List<Projection<?>> ALL = List.of(
            Activity.INSTANCE,
            AuditGate.INSTANCE,
            ScopeChecks.INSTANCE,
            Verifications.INSTANCE,
            TaskStages.INSTANCE,
            RunProjection.INSTANCE);

    private TaskProjections() {}
}
