package dev.wb.engine.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The originals' files are written by Python's json module, and the original's plan_sha256 is the
 * SHA-256 of {@code json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":"))}. Every
 * expected value here was produced by CPython 3 from the same input (the resources beside this test).
 */
class OriginalsPythonJsonTest {

    static byte[] resource(String name) throws IOException {
        try (InputStream in = OriginalsPythonJsonTest.class.getResourceAsStream("originals/" + name)) {
            return in.readAllBytes();
        }
    }

    static String text(String name) throws IOException {
        return new String(resource(name), StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "repr({0}) = {1}")
    @CsvSource({
        "1.0, 1.0",
        "100, 100.0",
        "0.1, 0.1",
        "1e-4, 0.0001",
        "1e-5, 1e-05",
        "1e15, 1000000000000000.0",
        "1e16, 1e+16",
        "9999999999999998.0, 9999999999999998.0",
        "123456789012345678.0, 1.2345678901234568e+17",
        "5e-324, 5e-324",
        "1.7976931348623157e308, 1.7976931348623157e+308",
        "1e23, 1e+23",
        "2e23, 2e+23",
        "-0.0, -0.0",
        "0.0, 0.0",
        "2.5e-7, 2.5e-07",
        "-1.5, -1.5",
        "1e100, 1e+100",
        // Exactly between two shortest candidates: the even last digit, as dtoa rounds.
        "-276804372109801.375, -276804372109801.38",
        "142129249267021.875, 142129249267021.88",
        "8868337317031.4375, 8868337317031.438",
        "1152921504606846976, 1.152921504606847e+18"
    })
    void a_float_is_written_as_python_repr_writes_it(String literal, String repr) {
        assertEquals(repr, PythonJson.floatRepr(Double.parseDouble(literal)));
    }

    @Test
    void infinities_are_written_as_json_dumps_writes_them() {
        assertEquals("Infinity", PythonJson.floatRepr(Double.POSITIVE_INFINITY));
        assertEquals("-Infinity", PythonJson.floatRepr(Double.NEGATIVE_INFINITY));
    }

    @Test
    void the_digest_form_is_byte_for_byte_what_python_hashes() throws IOException {
        JsonNode doc = PythonJson.parse(resource("python-json-edges.json"));

        assertEquals(text("python-json-edges.digest-form.txt"), PythonJson.dumps(doc, PythonJson.Style.DIGEST));
    }

    @Test
    void plan_sha256_is_the_originals_digest_even_where_keys_sort_differently_in_utf16() throws IOException {
        JsonNode doc = PythonJson.parse(resource("python-json-edges.json"));

        assertEquals(
                Optional.of("a5795532262745c4967edad7a767e9b592d98137e9e1f8658cd989d1c3049a45"),
                PythonJson.planSha256(doc));
    }

    @Test
    void plan_sha256_of_the_reference_example_plan_is_what_the_original_records() throws IOException {
        JsonNode doc = PythonJson.parse(resource("reference-example-sdd.json"));

        assertEquals(
                Optional.of("223590d749593e1274197ea3e73e7f2af1aaa5dbb7df4562888ceb02cee2c1ba"),
                PythonJson.planSha256(doc));
    }

    @Test
    void indented_output_matches_json_dumps_indent_2_with_and_without_ensure_ascii() throws IOException {
        JsonNode doc = PythonJson.parse(resource("python-json-edges.json"));

        assertEquals(text("python-json-edges.indent2.txt"), PythonJson.dumps(doc, PythonJson.Style.ARTIFACT));
        assertEquals(
                text("python-json-edges.indent2-ascii.txt"), PythonJson.dumps(doc, PythonJson.Style.ASCII_ARTIFACT));
    }

    @Test
    void a_number_with_a_fraction_stays_a_float_where_wbs_canonical_form_would_drop_it() {
        JsonNode doc = PythonJson.parse("{\"a\": 1.0, \"b\": 1, \"c\": -0.0}".getBytes(StandardCharsets.UTF_8));

        assertEquals("{\"a\":1.0,\"b\":1,\"c\":-0.0}", PythonJson.dumps(doc, PythonJson.Style.DIGEST));
        assertEquals(
                "{\"a\":1,\"b\":1,\"c\":0}",
                new String(CanonicalJson.bytes(doc), StandardCharsets.UTF_8),
                "wb's own digest is of another form, so plan_sha256 is computed apart");
    }

    @Test
    void a_lone_surrogate_gives_no_plan_sha256_as_python_cannot_encode_it() {
        JsonNode doc = PythonJson.parse("{\"a\": \"\\ud800\"}".getBytes(StandardCharsets.UTF_8));

        assertTrue(PythonJson.planSha256(doc).isEmpty());
    }

    @Test
    void text_that_is_not_json_is_refused_with_where() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> PythonJson.parse("{\n  \"a\": }".getBytes(StandardCharsets.UTF_8)));

        assertTrue(
                e.getMessage().startsWith("not valid JSON: ") && e.getMessage().contains("(line 2, column"),
                e.getMessage());
    }

    @Test
    void duplicate_keys_are_refused_as_wbs_plan_reader_refuses_them() {
        assertThrows(
                IllegalArgumentException.class,
                () -> PythonJson.parse("{\"a\": 1, \"a\": 2}".getBytes(StandardCharsets.UTF_8)));
    }
}
