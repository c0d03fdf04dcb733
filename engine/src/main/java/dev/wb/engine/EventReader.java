package dev.wb.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** The read role of the log. Reading one stream costs what that stream holds, nothing more. */
public interface EventReader {

    /** Every stream that holds at least one event, in name order. */
    List<StreamId> streams();

    /** Visits a stream's events in version order, from {@code fromVersion} on. */
    void forEach(StreamId stream, long fromVersion, Consumer<EventEnvelope> visitor);

    /** The last event's version and hash, or empty for a stream with no events. */
    Optional<StreamHead> head(StreamId stream);

    /**
     * A cheap hint of where a stream ends, for caches only. A log may answer it without opening the
     * stream; the answer is never behind the stream, but may name a batch that never landed. So
     * when the hint equals what a cache saw, the cache is current; otherwise ask {@link #head}.
     */
    default Optional<StreamHead> headHint(StreamId stream) {
        return head(stream);
    }

    /**
     * A cheap fingerprint of a stream's stored files (their names, sizes, change times and identities),
     * for caches of what was computed from the stored bytes, such as a verification: while it is
     * unchanged, so are the bytes, short of someone resetting the system clock. Empty where a log
     * cannot tell (the in-memory one), and for a stream with no files.
     */
    default Optional<String> storedStamp(StreamId stream) {
        return Optional.empty();
    }

    /**
     * The streams appended to since a mark this log gave ({@code journal} and {@code offset}, from an
     * earlier answer's {@link AppendedStreams#journal} and {@link AppendedStreams#end}; {@code ""} and
     * 0 for none): a cache of "what changed since" for a reader that would otherwise read every
     * stream's head. Every append names its stream in the journal before its batch is committed and
     * after the stream's head hint moved, so a stream the answer leaves out had no batch committed
     * since the mark, in this boot (the journal is not synced: a reader keeps the boot its mark was
     * taken in, see {@link BootId}). A stream named may have nothing new (a batch refused, or not yet
     * committed). Empty where a log keeps no journal.
     */
    default Optional<AppendedStreams> appendedSince(String journal, long offset) {
        return Optional.empty();
    }

    /**
     * Where the journal of appends ends now ({@link AppendedStreams#journal} and {@link AppendedStreams#end},
     * no streams named), read without reading the journal's lines: a mark to keep and ask {@link
     * #appendedSince} from later. A reader that takes it before it reads any head learns from the later
     * answer every stream that moved after it read. Empty where a log keeps no journal.
     */
    default Optional<AppendedStreams> appendMark() {
        return Optional.empty();
    }

    /**
     * Visits a stream's stored bytes without judging them, for verification: a damaged frame is
     * reported to the visitor instead of failing the read.
     */
    void forEachStored(StreamId stream, StoredVisitor visitor);

    default List<EventEnvelope> read(StreamId stream) {
        List<EventEnvelope> events = new ArrayList<>();
        forEach(stream, 0, events::add);
        return events;
    }

    /** Receives stored events, or the damage that stopped the reading of one record. */
    interface StoredVisitor {
        void event(EnvelopeCodec.StoredEvent event);

        void damaged(String reason);
    }
}
