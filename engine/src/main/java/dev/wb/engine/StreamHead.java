package dev.wb.engine;

/** Where a stream ends: its last event's version and hash. */
public record StreamHead(long version, String hash) {}
