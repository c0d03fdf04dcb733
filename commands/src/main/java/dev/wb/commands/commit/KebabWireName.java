package dev.wb.commands.commit;

import dev.wb.projections.events.WireName;
import java.util.Locale;

/**
 * A closed set whose wire name is its constant's name in lower case, words joined by {@code -}
 * ({@code TICKET_PREFIXED} is {@code ticket-prefixed}): the pull-request shapes.
 */
public interface KebabWireName extends WireName {

    /** The enum constant's name. */
    String name();

    @Override
    default String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
