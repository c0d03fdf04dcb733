package dev.wb.engine;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EnvelopeCodec.FrameDamagedException;
import dev.wb.engine.json.CanonicalJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Optional;

/**
 * An envelope's header: every field but the payload and the hash, as one canonical JSON document
 * (keys sorted, the actor nested). Written when an event is sealed, built as a tree for the exported
 * form, and parsed back when a stored event is read.
 */
final class EnvelopeHeader {

    private EnvelopeHeader() {}

    /**
     * The header's fields, listed in the canonical (sorted) order they are written: everything an envelope
     * holds but its payload and its hash.
     */
    record Fields(
            Actor actor,
            String eventId,
            String invocationId,
            String prevHash,
            int schemaVersion,
            StreamId stream,
            Instant time,
            String type,
            long version,
            String wbVersion) {

        /** The header fields of an envelope. */
        static Fields of(EventEnvelope e) {
            return new Fields(
                    e.actor(),
                    e.eventId(),
                    e.invocationId(),
                    e.prevHash(),
                    e.schemaVersion(),
                    e.stream(),
                    e.time(),
                    e.type(),
                    e.version(),
                    e.wbVersion());
        }

        /** The envelope these fields head, with its payload and the hash over both. */
        EventEnvelope envelope(Payload payload, String hash) {
            return new EventEnvelope(
                    eventId,
                    stream,
                    version,
                    type,
                    schemaVersion,
                    time,
                    actor,
                    wbVersion,
                    invocationId,
                    payload,
                    prevHash,
                    hash);
        }
    }

    /** The canonical header bytes of an envelope. */
    static byte[] of(EventEnvelope e) {
        return write(Fields.of(e));
    }

    /**
     * Writes the header's fields straight in canonical (sorted) order: the same bytes as the
     * canonical form of {@link #tree}, without building a tree (tested to agree).
     */
    static byte[] write(Fields h) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(400);
        try (JsonGenerator g = CanonicalJson.FACTORY.createGenerator(out)) {
            g.writeStartObject();
            g.writeFieldName("actor");
            g.writeStartObject();
            if (h.actor().agent().isPresent()) {
                g.writeStringField("agent", h.actor().agent().get());
            }
            g.writeStringField("host", h.actor().host());
            g.writeNumberField("pid", h.actor().pid());
            g.writeStringField("user", h.actor().user());
            g.writeEndObject();
            g.writeStringField("eventId", h.eventId());
            g.writeStringField("invocationId", h.invocationId());
            g.writeStringField("prevHash", h.prevHash());
            g.writeNumberField("schemaVersion", h.schemaVersion());
            g.writeStringField("stream", h.stream().name());
            g.writeStringField("time", Times.format(h.time()));
            g.writeStringField("type", h.type());
            g.writeNumberField("version", h.version());
            g.writeStringField("wbVersion", h.wbVersion());
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** The header as a tree: what {@link EnvelopeCodec#toJson} adds the payload and hash to. */
    static ObjectNode tree(EventEnvelope e) {
        ObjectNode node = CanonicalJson.objectNode();
        ObjectNode actor = node.putObject("actor");
        e.actor().agent().ifPresent(agent -> actor.put("agent", agent));
        actor.put("host", e.actor().host());
        actor.put("pid", e.actor().pid());
        actor.put("user", e.actor().user());
        node.put("eventId", e.eventId());
        node.put("invocationId", e.invocationId());
        node.put("prevHash", e.prevHash());
        node.put("schemaVersion", e.schemaVersion());
        node.put("stream", e.stream().name());
        node.put("time", Times.format(e.time()));
        node.put("type", e.type());
        node.put("version", e.version());
        node.put("wbVersion", e.wbVersion());
        return node;
    }

    /** The canonical bytes of {@link #tree}: what {@link #write} is tested to agree with. */
    static byte[] viaTree(EventEnvelope e) {
        return CanonicalJson.bytes(tree(e));
    }

    /**
     * Reads stored header bytes back into an envelope with the given payload and hash; fails with
     * {@link FrameDamagedException} when they are not a header.
     */
    static EventEnvelope parse(byte[] header, byte[] payloadBytes, String hash) {
        try (JsonParser p = CanonicalJson.FACTORY.createParser(header)) {
            expect(p.nextToken(), JsonToken.START_OBJECT);
            String eventId = null, invocationId = null, prevHash = null, stream = null, time = null, type = null;
            String wbVersion = null, user = null, host = null, agent = null;
            long version = -1, pid = -1;
            int schemaVersion = -1;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                switch (field) {
                    case "actor" -> {
                        expect(value, JsonToken.START_OBJECT);
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String actorField = p.currentName();
                            p.nextToken();
                            switch (actorField) {
                                case "agent" -> agent = p.getValueAsString();
                                case "host" -> host = p.getValueAsString();
                                case "pid" -> pid = p.getLongValue();
                                case "user" -> user = p.getValueAsString();
                                default -> throw new FrameDamagedException("unknown actor field " + actorField);
                            }
                        }
                    }
                    case "eventId" -> eventId = p.getValueAsString();
                    case "invocationId" -> invocationId = p.getValueAsString();
                    case "prevHash" -> prevHash = p.getValueAsString();
                    case "schemaVersion" -> schemaVersion = p.getIntValue();
                    case "stream" -> stream = p.getValueAsString();
                    case "time" -> time = p.getValueAsString();
                    case "type" -> type = p.getValueAsString();
                    case "version" -> version = p.getLongValue();
                    case "wbVersion" -> wbVersion = p.getValueAsString();
                    default -> throw new FrameDamagedException("unknown header field " + field);
                }
            }
            Actor actor = new Actor(user, host, pid, Optional.ofNullable(agent));
            Fields fields = new Fields(
                    actor,
                    eventId,
                    invocationId,
                    prevHash,
                    schemaVersion,
                    StreamIds.intern(stream),
                    Times.parse(time),
                    type,
                    version,
                    wbVersion);
            return fields.envelope(Payload.ofStored(payloadBytes), hash);
        } catch (FrameDamagedException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new FrameDamagedException("unreadable event: " + e.getMessage());
        }
    }

    private static void expect(JsonToken actual, JsonToken expected) {
        if (actual != expected) {
            throw new FrameDamagedException("expected " + expected + " but found " + actual);
        }
    }
}
