package dev.wb.projections.checkpoint;

import dev.wb.engine.StreamId;

/** A projection's state for one stream, and the event (version and hash) it was folded up to. */
public record StreamCursor<S>(StreamId stream, long version, String hash, S state) {}
