package dev.wb.engine;

import java.time.Clock;
import java.util.Objects;
import java.util.UUID;

/**
 * One run of a wb command: every event it appends carries its id, its actor and wb's version, and
 * takes its time from its clock. Passing this in keeps time and identity out of the decisions.
 */
public record Invocation(String id, Actor actor, String wbVersion, Clock clock) {

    public Invocation {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(wbVersion, "wbVersion");
        Objects.requireNonNull(clock, "clock");
    }

    public static Invocation start(Actor actor, Clock clock) {
        return new Invocation(UUID.randomUUID().toString(), actor, WbVersion.stamp(), clock);
    }
}
