package dev.wb.commands.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * A JSON or YAML document as a tree, with the line each value starts on, so an error can name the line
 * of the file the user has to edit. Paths are written {@code security.allowed_environment[2]}; the root is
 * {@code ""}. Built from any Jackson {@link JsonParser}, so config.json and flow YAML share it. A key given
 * twice in one object is an error: the file would mean two things.
 */
public record LocatedTree(JsonNode root, Map<String, Integer> lines) {

    /** Thrown for a document that is not well formed; the message names the line. */
    public static final class Malformed extends Exception {
        private final int line;

        public Malformed(String message, int line) {
            super(message);
            this.line = line;
        }

        public int line() {
            return line;
        }
    }

    /** The line a path starts on, or the nearest enclosing path's; 1 when nothing is known. */
    public int line(String path) {
        String p = path;
        while (true) {
            Integer line = lines.get(p);
            if (line != null) {
                return line;
            }
            if (p.isEmpty()) {
                return 1;
            }
            p = parent(p);
        }
    }

    public static String child(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    public static String item(String path, int index) {
        return path + "[" + index + "]";
    }

    static String parent(String path) {
        int dot = path.lastIndexOf('.');
        int bracket = path.lastIndexOf('[');
        int cut = Math.max(dot, bracket);
        return cut < 0 ? "" : path.substring(0, cut);
    }

    public static LocatedTree parse(JsonParser parser) throws Malformed {
        Map<String, Integer> lines = new HashMap<>();
        try (parser) {
            JsonToken token = parser.nextToken();
            if (token == null) {
                return new LocatedTree(JsonNodeFactory.instance.nullNode(), lines);
            }
            JsonNode root = value(parser, "", lines);
            if (parser.nextToken() != null) {
                throw new Malformed("more than one document", line(parser));
            }
            return new LocatedTree(root, lines);
        } catch (Malformed e) {
            throw e;
        } catch (IOException e) {
            int line = e instanceof JsonProcessingException p && p.getLocation() != null
                    ? p.getLocation().getLineNr()
                    : 1;
            String message = e instanceof JsonProcessingException p ? p.getOriginalMessage() : e.getMessage();
            throw new Malformed(
                    message == null ? e.toString() : message.lines().findFirst().orElse(message), line);
        }
    }

    private static int line(JsonParser parser) {
        return Math.max(1, parser.currentTokenLocation().getLineNr());
    }

    private static JsonNode value(JsonParser parser, String path, Map<String, Integer> lines)
            throws IOException, Malformed {
        lines.putIfAbsent(path, line(parser));
        JsonNodeFactory f = JsonNodeFactory.instance;
        JsonToken token = parser.currentToken();
        switch (token) {
            case START_OBJECT -> {
                ObjectNode object = f.objectNode();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    String at = child(path, key);
                    int keyLine = line(parser);
                    if (object.has(key)) {
                        throw new Malformed("key " + at + " is given twice", keyLine);
                    }
                    lines.put(at, keyLine);
                    parser.nextToken();
                    object.set(key, value(parser, at, lines));
                }
                return object;
            }
            case START_ARRAY -> {
                ArrayNode array = f.arrayNode();
                int index = 0;
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(value(parser, item(path, index++), lines));
                }
                return array;
            }
            case VALUE_STRING -> {
                return f.textNode(parser.getText());
            }
            case VALUE_NUMBER_INT -> {
                return f.numberNode(parser.getBigIntegerValue());
            }
            case VALUE_NUMBER_FLOAT -> {
                return f.numberNode(parser.getDecimalValue());
            }
            case VALUE_TRUE -> {
                return f.booleanNode(true);
            }
            case VALUE_FALSE -> {
                return f.booleanNode(false);
            }
            case VALUE_NULL -> {
                return f.nullNode();
            }
            default -> throw new Malformed("unexpected " + token, line(parser));
        }
    }
}
