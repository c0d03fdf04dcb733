package dev.wb.commands;

import dev.wb.engine.NewEvent;
import dev.wb.projections.events.WbEvent;
import java.util.Arrays;
import java.util.List;

/**
 * What a decider returns: the result the command renders, and the events to append (none when the
 * decision changes nothing). A decider builds it from a folded state and facts gathered before, and
 * does no I/O, so a test checks it with no log, repository or disk.
 *
 * @param <R> the result
 */
public record Decision<R>(R result, List<NewEvent> events) {

    public Decision {
        events = List.copyOf(events);
    }

    public static <R> Decision<R> of(R result, List<? extends WbEvent> events) {
        return new Decision<>(result, events.stream().map(WbEvent::toNewEvent).toList());
    }

    public static <R> Decision<R> of(R result, WbEvent... events) {
        return of(result, Arrays.asList(events));
    }

    /** A decision that records nothing. */
    public static <R> Decision<R> nothing(R result) {
        return new Decision<>(result, List.of());
    }
}
