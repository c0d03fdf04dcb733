package dev.wb.engine;

import java.security.SecureRandom;
import java.util.UUID;

/** Event ids: version-7 UUIDs (milliseconds, then randomness), so ids sort roughly by time. */
final class EventIds {

    private static final SecureRandom RANDOM = new SecureRandom();

    private EventIds() {}

    static String next(long epochMillis) {
        long random = RANDOM.nextLong();
        long high = (epochMillis << 16) | 0x7000L | ((random >>> 52) & 0x0FFFL);
        long low = (RANDOM.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }
}
