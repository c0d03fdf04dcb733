package dev.wb.commands.show;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.Payload;
import dev.wb.engine.json.CanonicalJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * An event's payload on a page: held in the canonical bytes it was read in, and redacted as the page
 * uses it. The data block writes every payload ({@link Writer}); the sections read the fields of the few
 * events they show ({@link #tree}, made once). So a page of 10,000 events holds 10,000 byte arrays, not
 * 10,000 trees of nodes.
 */
final class PagePayload {

    private final Payload stored;
    private final PageRedactor redactor;
    private ObjectNode tree;

    PagePayload(Payload stored, PageRedactor redactor) {
        this.stored = stored;
        this.redactor = redactor;
    }

    /** Its stored size in bytes. */
    int size() {
        return stored.size();
    }

    /** The payload as a tree, every string in it (names included) redacted. */
    ObjectNode tree() {
        if (tree == null) {
            tree = redactor.json(stored.json());
        }
        return tree;
    }

    /**
     * Writes payloads into the data block, each exactly as {@link CanonicalJson#write} writes its redacted
     * {@link #tree}: straight from the stored bytes, token by token, when every object in them already
     * stands in canonical key order and no field name is changed by the redaction (so that the tree would
     * be written in the order read); through the tree otherwise. Strings are redacted one at a time, as
     * the tree's are; numbers are spelled as the tree writes them.
     */
    static final class Writer {
        /**
         * The canonical reader without its check for duplicate names, which costs a set of names an
         * object: a copy refuses names not in strictly ascending order, and duplicates never are.
         */
        private static final JsonFactory COPYING = CanonicalJson.FACTORY
                .rebuild()
                .disable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();

        private final Scratch scratch = new Scratch();
        /** One generator for every payload of a page (no separator between them); a new one after a refusal. */
        private JsonGenerator gen;

        /**
         * The payload as the generator's next value (a field's: it follows the field's name). A copy is
         * written past the generator, to {@code raw}, the stream the generator writes to: the generator
         * writes the field's colon (an empty raw value) and is flushed first, so the bytes stand where the
         * value belongs and the generator goes on after them.
         */
        void write(JsonGenerator out, OutputStream raw, PagePayload payload) throws IOException {
            write(out, raw, payload.stored.bytes(), payload.redactor);
        }

        /**
         * The JSON object {@code stored} as the generator's next value, redacted: what {@link
         * CanonicalJson#write} writes of {@link PageRedactor#json} of it, whatever the bytes hold.
         *
         * @param raw the stream {@code out} writes to (UTF-8), which it does not flush on to
         * @throws IllegalArgumentException when they are not one JSON object, as parsing them says
         */
        void write(JsonGenerator out, OutputStream raw, byte[] stored, PageRedactor redactor) throws IOException {
            if (copied(stored, redactor, out.getHighestEscapedChar())) {
                out.writeRawValue("");
                out.flush();
                raw.write(scratch.bytes(), 0, scratch.size());
            } else {
                CanonicalJson.write(out, redactor.json(CanonicalJson.parseObject(stored)));
            }
        }

        /** Whether the redacted canonical JSON could be written to the scratch from the bytes as they stand. */
        boolean copied(byte[] stored, PageRedactor redactor, int highestNonEscaped) {
            scratch.reset();
            try (JsonParser p = COPYING.createParser(stored)) {
                if (gen == null || gen.getHighestEscapedChar() != highestNonEscaped) {
                    gen = CanonicalJson.FACTORY.createGenerator(scratch, JsonEncoding.UTF8);
                    gen.setHighestNonEscapedChar(highestNonEscaped);
                    gen.setRootValueSeparator(null);
                }
                if (p.nextToken() == JsonToken.START_OBJECT
                        && copy(p, JsonToken.START_OBJECT, gen, redactor)
                        && p.nextToken() == null) {
                    gen.flush();
                    return true;
                }
            } catch (IOException | RuntimeException notAsCopied) {
                // parsed as a tree, it says what is wrong with it, as it always did
            }
            gen = null; // left inside the payload it refused
            return false;
        }

        /** The value starting at {@code token}; false where the tree would be written otherwise. */
        private static boolean copy(JsonParser p, JsonToken token, JsonGenerator gen, PageRedactor redactor)
                throws IOException {
            switch (token) {
                case START_OBJECT -> {
                    gen.writeStartObject();
                    String previous = null;
                    JsonToken t;
                    while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                        String name = p.currentName();
                        if ((previous != null && previous.compareTo(name) >= 0)
                                || !redactor.text(name).equals(name)) {
                            return false;
                        }
                        previous = name;
                        gen.writeFieldName(name);
                        if (!copy(p, p.nextToken(), gen, redactor)) {
                            return false;
                        }
                    }
                    gen.writeEndObject();
                    return t == JsonToken.END_OBJECT;
                }
                case START_ARRAY -> {
                    gen.writeStartArray();
                    JsonToken t;
                    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                        if (t == null || !copy(p, t, gen, redactor)) {
                            return false;
                        }
                    }
                    gen.writeEndArray();
                    return true;
                }
                default -> {
                    return scalar(p, token, gen, redactor);
                }
            }
        }

        private static boolean scalar(JsonParser p, JsonToken token, JsonGenerator gen, PageRedactor redactor)
                throws IOException {
            switch (token) {
                case VALUE_STRING -> gen.writeString(redactor.text(p.getText()));
                case VALUE_NUMBER_INT -> {
                    switch (p.getNumberType()) {
                        case INT -> gen.writeNumber(p.getIntValue());
                        case LONG -> gen.writeNumber(p.getLongValue());
                        default -> gen.writeNumber(p.getBigIntegerValue());
                    }
                }
                case VALUE_NUMBER_FLOAT ->
                    gen.writeNumber(p.getDecimalValue().stripTrailingZeros().toPlainString());
                case VALUE_TRUE -> gen.writeBoolean(true);
                case VALUE_FALSE -> gen.writeBoolean(false);
                case VALUE_NULL -> gen.writeNull();
                default -> {
                    return false;
                }
            }
            return true;
        }

        /** The bytes of one payload as generated, read in place. */
        private static final class Scratch extends ByteArrayOutputStream {
            Scratch() {
                super(1024);
            }

            byte[] bytes() {
                return buf;
            }
        }
    }
}
