package dev.wb.projections;

import dev.wb.projections.activity.Activity;
import java.util.List;

/** Every projection of a task's stream, in the order {@code wb replay --at} shows them. Later stages add theirs. */
public final class TaskProjections {

    public static final List<Projection<?>> ALL = List.of(Activity.INSTANCE);

    private TaskProjections() {}
}
