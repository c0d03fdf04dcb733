package dev.wb.commands.sync.wire;

import dev.wb.engine.EnvelopeCodec;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The one blob of a sync commit, {@code events} (docs/adr/0010): for each event, its canonical header
 * on one line and its canonical payload on the next. Canonical JSON has no raw line break, so the
 * split is unambiguous, and the two lines without the last newline are exactly the bytes the
 * event's hash covers.
 */
public final class EventsBlob {

    private EventsBlob() {}

    public static byte[] encode(List<EnvelopeCodec.StoredEvent> events) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (EnvelopeCodec.StoredEvent event : events) {
            out.writeBytes(event.header());
            out.write('\n');
            out.writeBytes(event.payload());
            out.write('\n');
        }
        return out.toByteArray();
    }

    /** A blob that is not a sequence of header and payload lines. */
    public static final class MalformedException extends Exception {
        private static final long serialVersionUID = 1L;

        public MalformedException(String message) {
            super(message);
        }
    }

    /**
     * The events a blob holds, each with the hash its bytes really have (so the chain check, not
     * this, judges whether they link).
     */
    public static List<EnvelopeCodec.StoredEvent> decode(byte[] blob) throws MalformedException {
        List<EnvelopeCodec.StoredEvent> events = new ArrayList<>();
        if (blob.length == 0) {
            throw new MalformedException("it holds no event");
        }
        if (blob[blob.length - 1] != '\n') {
            throw new MalformedException("its last line does not end");
        }
        int at = 0;
        while (at < blob.length) {
            int headerEnd = next(blob, at);
            int payloadEnd = headerEnd < 0 ? -1 : next(blob, headerEnd + 1);
            if (payloadEnd < 0) {
                throw new MalformedException("event " + events.size() + " has a header and no payload line");
            }
            byte[] header = slice(blob, at, headerEnd);
            byte[] payload = slice(blob, headerEnd + 1, payloadEnd);
            if (header.length == 0 || payload.length == 0) {
                throw new MalformedException("event " + events.size() + " has an empty line");
            }
            events.add(new EnvelopeCodec.StoredEvent(header, payload, EnvelopeCodec.digest(header, payload)));
            at = payloadEnd + 1;
        }
        return events;
    }

    private static int next(byte[] blob, int from) {
        for (int i = from; i < blob.length; i++) {
            if (blob[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static byte[] slice(byte[] blob, int from, int to) {
        byte[] part = new byte[to - from];
        System.arraycopy(blob, from, part, 0, part.length);
        return part;
    }
}
