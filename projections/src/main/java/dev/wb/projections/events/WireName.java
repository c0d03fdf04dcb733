package dev.wb.projections.events;

import com.google.common.collect.ImmutableMap;
import java.util.Optional;

/**
 * A closed set that events write to the log: each constant has a stable wire name, the exact text the
 * payload holds, which never changes once written (a renamed constant keeps its wire name).
 *
 * <p>Reading is total: a log may hold a value this wb does not know (written by a later version, or by
 * hand), and a replay must not stop at it. {@link #of} turns such a value into the fallback its enum names,
 * chosen to fail closed (a verdict that is not known passes nothing).
 */
public interface WireName {

    /** The text written to the log for this constant. */
    String wireName();

    /** The constant whose wire name is {@code wire}, if there is one. */
    static <E extends Enum<E> & WireName> Optional<E> find(Class<E> type, String wire) {
        return Optional.ofNullable(Index.BY_TYPE.get(type).get(wire)).map(type::cast);
    }

    /** The constant whose wire name is {@code wire}, or {@code fallback} for an unknown or absent value. */
    static <E extends Enum<E> & WireName> E of(Class<E> type, String wire, E fallback) {
        return wire == null ? fallback : find(type, wire).orElse(fallback);
    }

    /** Each enum's constants by wire name, built once per enum. */
    final class Index {
        private static final ClassValue<ImmutableMap<String, Object>> BY_TYPE = new ClassValue<>() {
            @Override
            protected ImmutableMap<String, Object> computeValue(Class<?> type) {
                ImmutableMap.Builder<String, Object> byWire = ImmutableMap.builder();
                for (Object constant : type.getEnumConstants()) {
                    byWire.put(((WireName) constant).wireName(), constant);
                }
                return byWire.buildOrThrow();
            }
        };

        private Index() {}
    }
}
