package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.WireName;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How the judge's records read a stored payload: leniently, as the readers before them did. A text
 * that is absent, null or not a text reads as null (or empty), a number or a boolean as its default.
 */
final class Reads {

    private Reads() {}

    /**
     * The payload of an event about one review record, begun with what names the record: its file and the
     * sha256 of its bytes ({@code judge.record.read}, {@code judge.record.verified}).
     */
    static ObjectNode aboutRecord(String file, String recordDigest) {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(JudgeRecordRead.FILE, file);
        p.put(JudgeRecordRead.RECORD_DIGEST, recordDigest);
        return p;
    }

    /**
     * The payload of an event about one judge run, begun with what names the run: the snapshot it validates
     * and where its commands run ({@code judge.run.started}, {@code judge.run.finished}).
     */
    static ObjectNode aboutRun(String snapshot, JudgeRunMode mode) {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(JudgeRunStarted.SNAPSHOT, snapshot);
        p.put(JudgeRunStarted.MODE, mode.wireName());
        return p;
    }

    /** The text, or null when the field is absent, null or not a text. */
    static String text(JsonNode node) {
        return node.isTextual() ? node.asText() : null;
    }

    /** A judge run's mode, read totally: see {@link JudgeRunMode} for what an unknown one reads as. */
    static JudgeRunMode mode(JsonNode node) {
        return WireName.of(JudgeRunMode.class, text(node), JudgeRunMode.DOCUMENTATION);
    }

    /** A judge run's outcome, read totally: see {@link JudgeRunOutcome} for what an unknown one reads as. */
    static JudgeRunOutcome outcome(JsonNode node) {
        return WireName.of(JudgeRunOutcome.class, text(node), JudgeRunOutcome.FAILED);
    }

    static Optional<String> optionalText(JsonNode node) {
        return Optional.ofNullable(text(node));
    }

    /** The texts of an array, in order; empty when it is absent. */
    static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(node -> out.add(node.asText()));
        return out;
    }

    /** Each field of an object and its text, in the stored order. */
    static Map<String, String> textMap(JsonNode object) {
        Map<String, String> out = new LinkedHashMap<>();
        object.properties()
                .forEach(field -> out.put(field.getKey(), field.getValue().asText()));
        return out;
    }

    /** An unmodifiable copy that keeps the given order. */
    static <V> Map<String, V> ordered(Map<String, V> map) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }

    static void putTexts(ObjectNode payload, String field, List<String> texts) {
        ArrayNode array = payload.putArray(field);
        texts.forEach(array::add);
    }

    /** The value, or a JSON null when it is empty. */
    static void putOptional(ObjectNode payload, String field, Optional<String> value) {
        value.ifPresentOrElse(v -> payload.put(field, v), () -> payload.putNull(field));
    }
}
