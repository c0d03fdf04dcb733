package dev.wb.projections.events.draft;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The payload of an event that says wb wrote a file for people ({@code handover.written},
 * {@code plan.rendered}): the file's path and the digest of the bytes written, read and written one way.
 */
final class WrittenFile {

    static final String PATH = "path";
    static final String SHA256 = "sha256";

    /** The fields such a payload writes, in order. */
    static final List<String> FIELDS = List.of(PATH, SHA256);

    private WrittenFile() {}

    static ObjectNode payload(String path, String sha256) {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(PATH, path);
        p.put(SHA256, sha256);
        return p;
    }

    /** The record {@code event} makes of the path and digest a payload holds. */
    static <E> E read(ObjectNode p, BiFunction<String, String, E> event) {
        return event.apply(p.path(PATH).asText(), p.path(SHA256).asText());
    }
}
