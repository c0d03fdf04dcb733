package dev.wb.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The log in memory, through the same codec as the Chronicle log: it stores frames, not objects,
 * so both pass one conformance suite. For tests of deciders and services, and nothing else.
 */
public final class InMemoryEventLog implements EventLog {

    private final Map<String, List<byte[]>> frames = new TreeMap<>();
    private final Map<String, StreamHead> heads = new TreeMap<>();

    @Override
    public synchronized List<StreamId> streams() {
        return frames.keySet().stream().map(StreamId::new).toList();
    }

    @Override
    public synchronized void forEach(StreamId stream, long fromVersion, Consumer<EventEnvelope> visitor) {
        for (byte[] frame : frames.getOrDefault(stream.name(), List.of())) {
            for (EnvelopeCodec.StoredEvent stored : EnvelopeCodec.decodeFrame(frame)) {
                EventEnvelope envelope = stored.toEnvelope();
                if (envelope.version() >= fromVersion) {
                    visitor.accept(envelope);
                }
            }
        }
    }

    @Override
    public synchronized Optional<StreamHead> head(StreamId stream) {
        return Optional.ofNullable(heads.get(stream.name()));
    }

    @Override
    public synchronized void forEachStored(StreamId stream, StoredVisitor visitor) {
        for (byte[] frame : frames.getOrDefault(stream.name(), List.of())) {
            EnvelopeCodec.decodeFrame(frame).forEach(visitor::event);
        }
    }

    @Override
    public synchronized List<EventEnvelope> append(
            StreamId stream, ExpectedVersion expected, List<NewEvent> batch, Invocation invocation) {
        BatchSealer.SealedBatch sealed = BatchSealer.sealFrame(stream, head(stream), expected, batch, invocation);
        frames.computeIfAbsent(stream.name(), name -> new ArrayList<>()).add(sealed.frame());
        heads.put(stream.name(), sealed.head());
        return sealed.events();
    }

    @Override
    public synchronized List<EventEnvelope> appendStored(
            StreamId stream, Optional<StreamHead> expected, List<EnvelopeCodec.StoredEvent> events) {
        BatchSealer.SealedBatch sealed = StoredBatches.seal(stream, head(stream), expected, events);
        frames.computeIfAbsent(stream.name(), name -> new ArrayList<>()).add(sealed.frame());
        heads.put(stream.name(), sealed.head());
        return sealed.events();
    }

    @Override
    public void close() {}
}
