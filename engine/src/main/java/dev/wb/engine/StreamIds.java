package dev.wb.engine;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Stream names read from the log, parsed once each: every event of a stream names it again. */
final class StreamIds {

    private static final int LIMIT = 10_000;
    private static final Map<String, StreamId> CACHE = new ConcurrentHashMap<>();

    private StreamIds() {}

    static StreamId intern(String name) {
        StreamId cached = name == null ? null : CACHE.get(name);
        if (cached != null) {
            return cached;
        }
        StreamId parsed = StreamId.parse(name)
                .orElseThrow(() -> new EnvelopeCodec.FrameDamagedException("bad stream name in header: " + name));
        if (CACHE.size() < LIMIT) {
            CACHE.put(name, parsed);
        }
        return parsed;
    }
}
