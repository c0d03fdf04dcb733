package dev.wb.projections.checkpoint;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.wb.engine.StreamId;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.Projection;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

/**
 * A checkpoint's content as {@link CanonicalJson} writes the whole document — the header's fields, then
 * {@code streams}, each cursor under its stream's name in name order — with the bytes of every cursor
 * that did not change copied from the file read instead of written again.
 *
 * Its {@code ranges}: where each cursor's object lies in {@code content} (start and end packed in a long).
 */
final class Spliced {

    private final byte[] content;
    private final Map<StreamId, Long> ranges;

    private Spliced(byte[] content, Map<StreamId, Long> ranges) {
        this.content = content;
        this.ranges = ranges;
    }

    byte[] content() {
        return content;
    }

    Map<StreamId, Long> ranges() {
        return ranges;
    }

    /** The bytes of a checkpoint file as read, the cursors parsed from them, and where each lies. */
    static final class Source {
        private final byte[] bytes;
        private final Map<StreamId, ? extends StreamCursor<?>> cursors;
        private final Map<StreamId, Long> ranges;

        Source(byte[] bytes, Map<StreamId, ? extends StreamCursor<?>> cursors, Map<StreamId, Long> ranges) {
            this.bytes = bytes;
            this.cursors = cursors;
            this.ranges = ranges;
        }

        /**
         * Where the cursor's bytes lie in the file, when it is the very cursor parsed from it: the same object,
         * not an equal one, for only the same object is known to have been neither folded on nor rebuilt.
         */
        @SuppressWarnings("ReferenceEquality")
        Optional<Long> range(StreamCursor<?> cursor) {
            return cursors.get(cursor.stream()) == cursor
                    ? Optional.ofNullable(ranges.get(cursor.stream()))
                    : Optional.empty();
        }
    }

    /**
     * @param header every field but {@code streams}, each of which sorts before it
     * @param cursors in name order
     */
    static <S> Spliced of(
            Projection<S> projection,
            ObjectNode header,
            SortedMap<StreamId, StreamCursor<S>> cursors,
            Optional<Source> source) {
        byte[] head = CanonicalJson.bytes(header);
        ByteArrayOutputStream out =
                new ByteArrayOutputStream(source.map(s -> s.bytes.length + 4096).orElse(8192));
        out.write(head, 0, head.length - 1);
        out.writeBytes(",\"streams\":{".getBytes(StandardCharsets.US_ASCII));
        Map<StreamId, Long> ranges = new HashMap<>();
        boolean first = true;
        for (StreamCursor<S> cursor : cursors.values()) {
            if (!first) {
                out.write(',');
            }
            first = false;
            out.writeBytes(CanonicalJson.bytes(TextNode.valueOf(cursor.stream().name())));
            out.write(':');
            long start = out.size();
            Optional<Long> range = source.flatMap(s -> s.range(cursor));
            if (range.isPresent()) {
                int from = (int) (range.get() >>> 32);
                out.write(source.get().bytes, from, (int) (range.get() & 0xffffffffL) - from);
            } else {
                out.writeBytes(CanonicalJson.bytes(node(projection, cursor)));
            }
            ranges.put(cursor.stream(), start << 32 | out.size());
        }
        out.writeBytes("}}".getBytes(StandardCharsets.US_ASCII));
        return new Spliced(out.toByteArray(), ranges);
    }

    /** One cursor as the checkpoint holds it. */
    static <S> ObjectNode node(Projection<S> projection, StreamCursor<S> cursor) {
        ObjectNode c = CanonicalJson.objectNode();
        c.put("version", cursor.version());
        c.put("hash", cursor.hash());
        c.set("state", projection.toJson(cursor.state()));
        return c;
    }
}
