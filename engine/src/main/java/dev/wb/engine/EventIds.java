package dev.wb.engine;

import java.security.SecureRandom;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Event ids: version-7 UUIDs (milliseconds, then 74 random bits), so ids sort roughly by time.
 * The randomness comes from a generator seeded once per process from the system's secure source:
 * ids need to be unique, not secret, and drawing every id from SecureRandom costs microseconds.
 */
final class EventIds {

    private static final SplittableRandom RANDOM = new SplittableRandom(new SecureRandom().nextLong());

    private EventIds() {}

    static String next(long epochMillis) {
        long a;
        long b;
        synchronized (RANDOM) {
            a = RANDOM.nextLong();
            b = RANDOM.nextLong();
        }
        long high = (epochMillis << 16) | 0x7000L | (a & 0x0FFFL);
        long low = (b & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }
}
