package dev.wb.commands.show;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data block writes each payload from its stored bytes: it must come out byte for byte as the
 * payload's redacted tree is written canonically, whatever the bytes hold (keys out of order, numbers
 * spelled otherwise, a secret as a field's name, characters beyond ASCII).
 */
class PagePayloadTest {

    @TempDir
    java.nio.file.Path tmp;

    PageRedactor redactor;

    @BeforeEach
    void redactor() {
        redactor = ShowFixture.redactor(tmp);
    }

    /** What the writer writes of the bytes, generated as bytes as the data block is. */
    private String written(byte[] stored) {
        PagePayload.Writer writer = new PagePayload.Writer();
        return generated((gen, raw) -> writer.write(gen, raw, stored, redactor));
    }

    /**
     * The redacted tree of the bytes, written canonically by a generator of characters: what the data
     * block wrote before it was generated as bytes.
     */
    private String asTree(byte[] stored) {
        return characters((gen, raw) -> CanonicalJson.write(gen, redactor.json(CanonicalJson.parseObject(stored))));
    }

    private interface Writing {
        void to(JsonGenerator gen, OutputStream raw) throws IOException;
    }

    /** Twice in an array, generated as bytes by a generator set as the data block's is. */
    private static String generated(Writing writing) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator gen = CanonicalJson.FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            gen.disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);
            gen.setHighestNonEscapedChar(0x7f);
            gen.writeStartArray();
            writing.to(gen, out);
            writing.to(gen, out);
            gen.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Twice in an array, generated as characters. */
    private static String characters(Writing writing) {
        StringWriter out = new StringWriter();
        try (JsonGenerator gen = CanonicalJson.FACTORY.createGenerator(out)) {
            gen.setHighestNonEscapedChar(0x7f);
            gen.writeStartArray();
            writing.to(gen, null);
            writing.to(gen, null);
            gen.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private void same(String json) {
        byte[] stored = json.getBytes(StandardCharsets.UTF_8);
        assertEquals(asTree(stored), written(stored), json);
    }

    @Test
    void a_canonical_payload_is_written_as_its_tree_is() {
        same("{\"a\":\"x\",\"b\":[1,-2,3000000000,123456789012345678901234567890,1.5,true,false,null,{\"c\":\"d\"}],"
                + "\"e\":{},\"f\":[]}");
        same("{}");
        byte[] canonical = "{\"a\":[1,{\"b\":\"c\"}],\"d\":1.5}".getBytes(StandardCharsets.UTF_8);
        assertTrue(new PagePayload.Writer().copied(canonical, redactor, 0x7f), "copied from its bytes, no tree made");
    }

    @Test
    void text_beyond_ascii_and_every_escape_come_out_as_the_trees_do() {
        same("{\"s\":\"caf\u00e9 \u2014 \ud83d\ude00 \\u0001 \\\" \\\\ \\/ </script> & \u2028\"}");
        same("{\"\u00e9\":\"\\u00e9\",\"\ud83d\ude00\":1}");
        assertTrue(
                written("{\"s\":\"\u00e9\"}".getBytes(StandardCharsets.UTF_8)).contains("\\u00E9"));
    }

    @Test
    void keys_out_of_order_numbers_spelled_otherwise_and_white_space_come_out_canonical() {
        same("{\"b\":1,\"a\":2}");
        same("{\"a\":{\"z\":1,\"y\":[{\"q\":1,\"p\":2}]}}");
        same("{\"n\":1.50,\"m\":1E3,\"z\":-0,\"w\":0.0,\"q\":-0.0,\"e\":2.5e-3,\"big\":1e400}");
        same(" { \"a\" : [ 1 , 2 ] ,\n\"b\" : \"c\" } ");
        byte[] unordered = "{\"b\":1,\"a\":2}".getBytes(StandardCharsets.UTF_8);
        assertFalse(new PagePayload.Writer().copied(unordered, redactor, 0x7f), "sorted through its tree");
        assertEquals("[{\"a\":2,\"b\":1},{\"a\":2,\"b\":1}]", written(unordered));
    }

    @Test
    void secrets_in_values_and_in_names_are_redacted_as_the_tree_redacts_them() {
        String token = ShowFixture.SHAPED_SECRET;
        same("{\"env\":\"deploy " + ShowFixture.ENV_SECRET + "\",\"token\":\"" + token + "\"}");
        same("{\"a\":1,\"" + token + "\":2,\"z\":3}");
        byte[] named = ("{\"" + token + "\":1}").getBytes(StandardCharsets.UTF_8);
        assertFalse(new PagePayload.Writer().copied(named, redactor, 0x7f), "a name redacted: through its tree");
        same("{\"x\":{\"" + token + "\":\"" + token + "\",\"b\":\"password=hunter2hunter2\"}}");
        String page = written(("{\"a\":\"" + token + "\"}").getBytes(StandardCharsets.UTF_8));
        assertFalse(page.contains(token));
    }

    @Test
    void bytes_that_are_not_one_object_fail_as_parsing_them_does() {
        for (String bad : List.of("{\"a\":1,\"a\":2}", "{\"a\":1} {}", "[1]", "", "{\"a\":", "\"text\"")) {
            byte[] stored = bad.getBytes(StandardCharsets.UTF_8);
            IllegalArgumentException tree = assertThrows(IllegalArgumentException.class, () -> asTree(stored), bad);
            IllegalArgumentException copied = assertThrows(IllegalArgumentException.class, () -> written(stored), bad);
            assertEquals(tree.getMessage(), copied.getMessage(), bad);
        }
    }

    @Test
    void one_writer_writes_a_page_of_payloads_whatever_it_refused_to_copy_between_them() {
        String token = ShowFixture.SHAPED_SECRET;
        List<byte[]> payloads = Stream.of(
                        "{\"a\":1,\"b\":{\"c\":\"d\"}}",
                        "{\"b\":1,\"a\":2}",
                        "{\"a\":{\"b\":[1,{\"" + token + "\":2}]},\"z\":\"after\"}",
                        "{\"e\":\"\u00e9\",\"f\":[true,null]}",
                        "{\"x\":{\"z\":1,\"y\":2}}",
                        "{\"last\":\"</script>\"}")
                .map(json -> json.getBytes(StandardCharsets.UTF_8))
                .toList();
        PagePayload.Writer writer = new PagePayload.Writer();
        String one = generated((gen, raw) -> {
            for (byte[] payload : payloads) {
                writer.write(gen, raw, payload, redactor);
            }
        });
        String trees = characters((gen, raw) -> {
            for (byte[] payload : payloads) {
                CanonicalJson.write(gen, redactor.json(CanonicalJson.parseObject(payload)));
            }
        });
        assertEquals(trees, one);
    }

    @Test
    void random_payloads_come_out_as_their_trees_do() {
        Random random = new Random(20261208);
        for (int i = 0; i < 2000; i++) {
            JsonNode tree = object(random, 0);
            same(CanonicalJson.text(tree, false));
            same(new String(CanonicalJson.bytes(tree), StandardCharsets.UTF_8));
        }
    }

    private static final List<String> WORDS = List.of(
            "a",
            "b",
            "verdict",
            "z",
            "\u00e9t\u00e9",
            "\ud83d\ude00",
            "</script>",
            "x&y",
            "line\nbreak",
            "tab\t",
            "password=hunter2hunter2",
            ShowFixture.SHAPED_SECRET,
            "deploy " + ShowFixture.ENV_SECRET,
            "",
            "A",
            "\u2028");

    private static JsonNode object(Random random, int depth) {
        ObjectNode object = CanonicalJson.objectNode();
        List<String> names = new ArrayList<>(WORDS);
        Collections.shuffle(names, random);
        for (String name : names.subList(0, random.nextInt(depth > 2 ? 2 : 6))) {
            object.set(name, value(random, depth + 1));
        }
        return object;
    }

    private static JsonNode value(Random random, int depth) {
        return switch (random.nextInt(depth > 3 ? 6 : 8)) {
            case 0 -> CanonicalJson.objectNode().textNode(WORDS.get(random.nextInt(WORDS.size())));
            case 1 -> CanonicalJson.objectNode().numberNode(random.nextLong() >> random.nextInt(64));
            case 2 ->
                CanonicalJson.objectNode()
                        .numberNode(new java.math.BigDecimal(random.nextInt(100000)).movePointLeft(random.nextInt(6)));
            case 3 -> CanonicalJson.objectNode().booleanNode(random.nextBoolean());
            case 4 -> CanonicalJson.objectNode().nullNode();
            case 5 -> CanonicalJson.objectNode().numberNode(new java.math.BigInteger(96, random));
            case 6 -> object(random, depth);
            default -> {
                ArrayNode array = CanonicalJson.objectNode().arrayNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    array.add(value(random, depth + 1));
                }
                yield array;
            }
        };
    }
}
