package dev.wb.engine.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.IntConsumer;

/**
 * JSON as the original tools (Python) read and write it: {@code json.loads} and
 * {@code json.dumps}. Their files ({@code audit.json}, {@code evidence.json}, {@code git.log.json})
 * and the output of {@code wb sdd get} are printed in this form, and the original's
 * {@code plan_sha256} is the SHA-256 of {@code json.dumps(doc, sort_keys=True, ensure_ascii=False,
 * separators=(",", ":"))}, so it can only be recomputed by writing exactly what Python writes: keys
 * sorted by code point, a decimal number as a float in its shortest round-trip form ({@code 1.0},
 * {@code 1e-05}, {@code 1e+16}), escapes with lower-case hex.
 *
 * <p>{@link #parse} reads as wb's own reader does (duplicate keys refused, no {@code NaN}) but keeps
 * what Python keeps: a number written with a fraction or an exponent is a float ({@code -0.0} too).
 */
public final class PythonJson {

    /** How {@code json.dumps} was called. */
    public record Style(int indent, boolean sortKeys, boolean ensureAscii) {

        /** {@code indent=2, ensure_ascii=False}: the original's artifacts and {@code wb sdd get}. */
        public static final Style ARTIFACT = new Style(2, false, false);
        /** {@code indent=2} (ASCII): the original's {@code git.log.json}. */
        public static final Style ASCII_ARTIFACT = new Style(2, false, true);
        /** {@code sort_keys=True, separators=(",", ":"), ensure_ascii=False}: what plan_sha256 is of. */
        public static final Style DIGEST = new Style(-1, true, false);
    }

    private static final JsonNodeFactory NODES = JsonTrees.NODES;

    /** As {@code json.loads}: an integer of any size, a float where a fraction or an exponent was written. */
    private static final JsonTrees.Numbers NUMBERS = new JsonTrees.Numbers() {
        @Override
        public JsonNode integer(JsonParser p) throws IOException {
            return NODES.numberNode(p.getBigIntegerValue());
        }

        @Override
        public JsonNode decimal(JsonParser p) throws IOException {
            // float(text): correctly rounded, 1e400 is inf, -0.0 keeps its sign.
            return NODES.numberNode(Double.parseDouble(p.getText()));
        }
    };

    private PythonJson() {}

    /** One JSON document as {@code json.loads} gives it; IllegalArgumentException when it is not JSON. */
    public static JsonNode parse(byte[] json) {
        try {
            return JsonTrees.document(json, NUMBERS);
        } catch (IOException e) {
            String where = e instanceof JsonProcessingException j && j.getLocation() != null
                    ? " (line " + j.getLocation().getLineNr() + ", column "
                            + j.getLocation().getColumnNr() + ")"
                    : "";
            throw new IllegalArgumentException(
                    "not valid JSON: "
                            + (e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage())
                            + where,
                    e);
        }
    }

    /** {@code json.dumps(node, …)} with the given style. */
    public static String dumps(JsonNode node, Style style) {
        StringBuilder out = new StringBuilder();
        new Writer(out, style).write(node, 0);
        return out.toString();
    }

    /**
     * The original's {@code plan_sha256} of a plan, as lower-case hex; empty when the plan holds a lone
     * surrogate (an escaped U+D800 with no partner), which Python cannot encode to UTF-8 either.
     */
    public static Optional<String> planSha256(JsonNode plan) {
        String text = dumps(plan, Style.DIGEST);
        if (hasLoneSurrogate(text)) {
            return Optional.empty();
        }
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            return Optional.of(HexFormat.of().formatHex(sha256.digest(text.getBytes(StandardCharsets.UTF_8))));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** {@code json.dumps} of one document into {@code out}. */
    private record Writer(StringBuilder out, Style style) {

        void write(JsonNode node, int level) {
            if (node.isObject()) {
                List<String> names = JsonTrees.fieldNames(node);
                if (style.sortKeys()) {
                    names.sort(PythonJson::compareCodePoints);
                }
                container('{', '}', names.size(), level, i -> {
                    string(out, names.get(i), style.ensureAscii());
                    out.append(style.indent() < 0 ? ":" : ": ");
                    write(node.get(names.get(i)), level + 1);
                });
            } else if (node.isArray()) {
                container('[', ']', node.size(), level, i -> write(node.get(i), level + 1));
            } else if (node.isTextual()) {
                string(out, node.textValue(), style.ensureAscii());
            } else if (node.isIntegralNumber()) {
                out.append(node.bigIntegerValue());
            } else if (node.isNumber()) {
                out.append(floatRepr(
                        node.isBigDecimal()
                                ? Double.parseDouble(node.decimalValue().toString())
                                : node.doubleValue()));
            } else if (node.isBoolean()) {
                out.append(node.booleanValue());
            } else if (node.isNull() || node.isMissingNode()) {
                out.append("null");
            } else {
                throw new IllegalArgumentException("cannot write a " + node.getNodeType() + " node as JSON");
            }
        }

        /** A container of {@code size} items, each written by {@code item} from its index. */
        private void container(char open, char close, int size, int level, IntConsumer item) {
            out.append(open);
            if (size == 0) {
                out.append(close);
                return;
            }
            for (int i = 0; i < size; i++) {
                if (i > 0) {
                    out.append(',');
                }
                newline(level + 1);
                item.accept(i);
            }
            newline(level);
            out.append(close);
        }

        private void newline(int level) {
            if (style.indent() >= 0) {
                out.append('\n').append(" ".repeat(style.indent() * level));
            }
        }
    }

    /** Python's {@code encode_basestring} (or its ASCII twin): short escapes, else a lower-case four-digit hex escape. */
    static void string(StringBuilder out, String text, boolean ensureAscii) {
        JsonStrings.quote(out, text, ensureAscii ? JsonStrings.Dialect.PYTHON_ASCII : JsonStrings.Dialect.PYTHON);
    }

    /**
     * Python's {@code repr(float)}: the shortest digits that read back as the same double (the
     * closest of them when two lengths tie), fixed notation for a decimal point position from -3 to
     * 16, else {@code d.ddde±XX}.
     */
    static String floatRepr(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "Infinity" : "-Infinity";
        }
        String sign = (Double.doubleToRawLongBits(value) < 0) ? "-" : "";
        if (value == 0) {
            return sign + "0.0";
        }
        BigDecimal shortest = shortest(Math.abs(value));
        String digits = shortest.unscaledValue().toString();
        int point = digits.length() - shortest.scale();
        if (point <= -4 || point > 16) {
            String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
            int exponent = point - 1;
            return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + String.format("%02d", Math.abs(exponent));
        }
        if (point <= 0) {
            return sign + "0." + "0".repeat(-point) + digits;
        }
        if (point >= digits.length()) {
            return sign + digits + "0".repeat(point - digits.length()) + ".0";
        }
        return sign + digits.substring(0, point) + "." + digits.substring(point);
    }

    /** The shortest decimal that reads back as {@code value} (positive, finite), trailing zeros stripped. */
    private static BigDecimal shortest(double value) {
        BigDecimal exact = new BigDecimal(value);
        for (int precision = 1; precision <= 17; precision++) {
            BigDecimal down = exact.round(new MathContext(precision, RoundingMode.FLOOR));
            BigDecimal up = exact.round(new MathContext(precision, RoundingMode.CEILING));
            boolean downReads = Double.parseDouble(down.toString()) == value;
            boolean upReads = Double.parseDouble(up.toString()) == value;
            if (downReads && upReads) {
                // The closer one; exactly between them, the one whose last digit is even (as dtoa rounds).
                int closer = exact.subtract(down).compareTo(up.subtract(exact));
                boolean downEven = !down.unscaledValue().testBit(0);
                return (closer < 0 || (closer == 0 && downEven) ? down : up).stripTrailingZeros();
            }
            if (downReads || upReads) {
                return (downReads ? down : up).stripTrailingZeros();
            }
        }
        return exact.round(new MathContext(17, RoundingMode.HALF_EVEN)).stripTrailingZeros();
    }

    /** Python's string order: by code point (Java's compareTo orders by UTF-16 unit). */
    public static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }

    private static boolean hasLoneSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }
}
