package dev.wb.projections.checkpoint;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.wb.engine.StreamId;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.Projection;
import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads a checkpoint's content (already checked against its checksum) as a stream of tokens, straight
 * into cursors: only one stream's state is ever a JSON tree, never the whole file (a thousand tasks'
 * checkpoint as one tree was most of a {@code wb status}'s memory and a third of its time). Accepts
 * exactly what {@link CheckpointStore#write} writes: the header fields, then {@code streams}; a
 * header for another format, projection or version, a missing field, or anything unexpected reads
 * as absent (the caller rebuilds). Nothing here is trusted until the load checks each cursor
 * against the log's head.
 */
final class CheckpointReader {

    private CheckpointReader() {}

    /**
     * Reads the checkpoint; {@code ranges} receives, for each stream, where its cursor's object lies in
     * {@code bytes} (start and end offsets packed in a long), so that a writer can copy an unchanged
     * cursor's bytes instead of writing it again.
     */
    static <S> Optional<CheckpointStore.Checkpoint<S>> read(
            byte[] bytes,
            int length,
            Projection<S> projection,
            Optional<String> currentBoot,
            Map<StreamId, Long> ranges)
            throws IOException {
        try (JsonParser p = CanonicalJson.FACTORY.createParser(bytes, 0, length)) {
            expect(p.nextToken(), JsonToken.START_OBJECT);
            Header header = new Header();
            Map<StreamId, StreamCursor<S>> cursors = null;
            JsonToken t;
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                switch (field) {
                    case "format" -> header.format = intValue(p, value);
                    case "projection" -> header.projection = text(p, value);
                    case "projectionVersion" -> header.version = intValue(p, value);
                    case "bootId" -> header.bootId = text(p, value);
                    case "appended" -> header.mark = mark(p, value);
                    case "streams" -> {
                        // Canonical order puts the header first: a checkpoint of another version is
                        // refused before any of its states is read.
                        if (!header.matches(projection)) {
                            return Optional.empty();
                        }
                        expect(value, JsonToken.START_OBJECT);
                        cursors = streams(p, projection, ranges);
                    }
                    default -> p.skipChildren();
                }
            }
            expect(t, JsonToken.END_OBJECT);
            if (p.nextToken() != null || cursors == null || !header.matches(projection)) {
                return Optional.empty();
            }
            boolean sameBoot = currentBoot.isPresent() && currentBoot.get().equals(header.bootId);
            return Optional.of(new CheckpointStore.Checkpoint<>(cursors, sameBoot, Optional.ofNullable(header.mark)));
        }
    }

    private static <S> Map<StreamId, StreamCursor<S>> streams(
            JsonParser p, Projection<S> projection, Map<StreamId, Long> ranges) throws IOException {
        Map<StreamId, StreamCursor<S>> cursors =
                new TreeMap<>((a, b) -> a.name().compareTo(b.name()));
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            StreamId stream = StreamId.parse(p.currentName()).orElseThrow();
            expect(p.nextToken(), JsonToken.START_OBJECT);
            long start = p.currentTokenLocation().getByteOffset();
            Long version = null;
            String hash = null;
            S state = null;
            JsonToken f;
            while ((f = p.nextToken()) == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                switch (field) {
                    case "version" -> version = longValue(p, value);
                    case "hash" -> hash = text(p, value);
                    case "state" -> state = projection.fromJson(CanonicalJson.readValue(p));
                    default -> p.skipChildren();
                }
            }
            expect(f, JsonToken.END_OBJECT);
            if (version == null || hash == null || state == null) {
                throw new IOException("a cursor without its version, hash or state: " + stream.name());
            }
            cursors.put(stream, new StreamCursor<>(stream, version, hash, state));
            ranges.put(stream, start << 32 | p.currentLocation().getByteOffset());
        }
        expect(t, JsonToken.END_OBJECT);
        return cursors;
    }

    /** The journal's mark: its id, its end, and the streams carried (names a log accepts). */
    private static CheckpointStore.Mark mark(JsonParser p, JsonToken token) throws IOException {
        expect(token, JsonToken.START_OBJECT);
        String journal = null;
        long end = -1;
        Set<StreamId> carried = new HashSet<>();
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken value = p.nextToken();
            switch (field) {
                case "journal" -> journal = text(p, value);
                case "end" -> end = longValue(p, value);
                case "carried" -> {
                    expect(value, JsonToken.START_ARRAY);
                    JsonToken name;
                    while ((name = p.nextToken()) == JsonToken.VALUE_STRING) {
                        carried.add(StreamId.parse(p.getText()).orElseThrow());
                    }
                    expect(name, JsonToken.END_ARRAY);
                }
                default -> p.skipChildren();
            }
        }
        expect(t, JsonToken.END_OBJECT);
        if (journal == null || end < 0) {
            throw new IOException("a journal mark without its journal or end");
        }
        return new CheckpointStore.Mark(journal, end, carried);
    }

    private static final class Header {
        int format = -1;
        String projection;
        int version = -1;
        String bootId;
        CheckpointStore.Mark mark;

        boolean matches(Projection<?> p) {
            return format == CheckpointStore.FORMAT && p.name().equals(projection) && version == p.version();
        }
    }

    private static void expect(JsonToken actual, JsonToken wanted) throws IOException {
        if (actual != wanted) {
            throw new IOException("expected " + wanted + ", not " + actual);
        }
    }

    private static int intValue(JsonParser p, JsonToken token) throws IOException {
        expect(token, JsonToken.VALUE_NUMBER_INT);
        return p.getIntValue();
    }

    private static long longValue(JsonParser p, JsonToken token) throws IOException {
        expect(token, JsonToken.VALUE_NUMBER_INT);
        return p.getLongValue();
    }

    private static String text(JsonParser p, JsonToken token) throws IOException {
        expect(token, JsonToken.VALUE_STRING);
        return p.getText();
    }
}
