package dev.wb.engine;

/**
 * The write condition of an append: what the writer believes the stream's last version is. The
 * append is refused with a {@link VersionConflictException} when the belief is wrong.
 */
public sealed interface ExpectedVersion {

    /** The stream must not exist yet. */
    record NoStream() implements ExpectedVersion {}

    /** The stream's last event must have exactly this version. */
    record Exactly(long version) implements ExpectedVersion {
        public Exactly {
            if (version < 0) {
                throw new IllegalArgumentException("a version is never negative: " + version);
            }
        }
    }

    /** Append whatever the stream holds (for actions that conflict with nothing). */
    record Any() implements ExpectedVersion {}

    static ExpectedVersion noStream() {
        return new NoStream();
    }

    static ExpectedVersion exactly(long version) {
        return new Exactly(version);
    }

    static ExpectedVersion any() {
        return new Any();
    }

    /** The expectation that matches a stream whose last version is {@code lastVersion} (-1: none). */
    static ExpectedVersion after(long lastVersion) {
        return lastVersion < 0 ? noStream() : exactly(lastVersion);
    }

    /** Whether a stream whose last version is {@code actual} (-1 when empty) meets this condition. */
    default boolean isMetBy(long actual) {
        if (this instanceof NoStream) {
            return actual < 0;
        }
        if (this instanceof Exactly exactly) {
            return exactly.version() == actual;
        }
        if (this instanceof Any) {
            return true;
        }
        throw new IllegalStateException("unknown expectation " + this);
    }

    default String describe() {
        if (this instanceof NoStream) {
            return "no stream yet";
        }
        if (this instanceof Exactly exactly) {
            return "version " + exactly.version();
        }
        if (this instanceof Any) {
            return "any version";
        }
        throw new IllegalStateException("unknown expectation " + this);
    }
}
