package dev.wb.engine;

import java.util.Set;

/**
 * The streams a log's journal of appends names from a mark on (see {@link EventReader#appendedSince}):
 * {@code journal} and {@code end} are the mark to ask from next time; {@code sinceMark} is false when
 * the mark asked from was not one this journal can answer (another journal, past its end, none given),
 * and then {@code streams} names every stream the journal holds, which is not every stream of the log.
 */
public record AppendedStreams(String journal, long end, boolean sinceMark, Set<StreamId> streams) {

    public AppendedStreams {
        streams = Set.copyOf(streams);
    }
}
