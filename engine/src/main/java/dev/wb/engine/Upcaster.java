package dev.wb.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** Raises one event type's payload by exactly one schema version. Pure: same input, same output. */
@FunctionalInterface
public interface Upcaster {
    ObjectNode upcast(ObjectNode payload);
}
