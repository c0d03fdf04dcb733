package dev.wb.commands.flow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.config.LocatedTree;
import java.io.StringReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * A flow file read as the orchestrator reads it (PyYAML's {@code safe_load}, YAML 1.1): anchors and
 * aliases, merge keys ({@code <<: *base}), {@code ~}/{@code null}/an empty value as null, {@code yes}/{@code
 * no}/{@code on}/{@code off} as booleans, and no tag that would construct an object. The tree keeps the line
 * every value starts on. Hostile input stays bounded: at most {@value #MAX_ALIASES} aliases of collections,
 * nesting at most {@value #MAX_DEPTH} deep, at most {@value #MAX_VALUES} values once aliases are expanded,
 * and no alias of a collection inside itself. A key given twice in one mapping is refused (wb: the file
 * would mean two things; the original keeps the last).
 */
final class YamlTree {

    static final int MAX_ALIASES = 50;
    static final int MAX_DEPTH = 50;
    static final int MAX_VALUES = 100_000;

    private final SafeScalars scalars;
    private final Map<String, Integer> lines = new HashMap<>();
    private final Set<Node> open = Collections.newSetFromMap(new IdentityHashMap<>());
    private int values;

    private YamlTree(LoaderOptions options) {
        this.scalars = new SafeScalars(options);
    }

    /** The file's one document as a located tree (a null root when it holds none). */
    static LocatedTree parse(byte[] content) throws LocatedTree.Malformed {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(MAX_ALIASES);
        options.setNestingDepthLimit(MAX_DEPTH);
        options.setAllowRecursiveKeys(false);
        options.setMergeOnCompose(true);
        YamlTree tree = new YamlTree(options);
        try {
            Node root = new Yaml(options).compose(new StringReader(new String(content, StandardCharsets.UTF_8)));
            JsonNode json = root == null ? JsonNodeFactory.instance.nullNode() : tree.value(root, "");
            return new LocatedTree(json, tree.lines);
        } catch (MarkedYAMLException e) {
            throw new LocatedTree.Malformed(describe(e), line(e));
        } catch (YAMLException e) {
            throw new LocatedTree.Malformed(
                    e.getMessage() == null ? e.toString() : e.getMessage().strip(), 1);
        }
    }

    private JsonNode value(Node node, String path) throws LocatedTree.Malformed {
        lines.putIfAbsent(path, line(node));
        if (++values > MAX_VALUES) {
            throw new LocatedTree.Malformed(
                    "more than " + MAX_VALUES + " values once its aliases are expanded;"
                            + " a flow file is not that large",
                    line(node));
        }
        if (node instanceof ScalarNode scalar) {
            return scalar(scalar);
        }
        if (!open.add(node)) {
            throw new LocatedTree.Malformed(
                    "an alias refers to a collection that contains it (a recursive" + " alias); write the value out",
                    line(node));
        }
        try {
            return node instanceof MappingNode mapping ? mapping(mapping, path) : sequence((SequenceNode) node, path);
        } finally {
            open.remove(node);
        }
    }

    private JsonNode mapping(MappingNode mapping, String path) throws LocatedTree.Malformed {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        for (NodeTuple tuple : mapping.getValue()) {
            Node keyNode = tuple.getKeyNode();
            if (!(keyNode instanceof ScalarNode key)) {
                throw new LocatedTree.Malformed("a mapping key must be a plain value, not a collection", line(keyNode));
            }
            JsonNode k = scalar(key);
            String name = k.isNull() ? "None" : k.asText();
            String at = LocatedTree.child(path, name);
            if (object.has(name)) {
                throw new LocatedTree.Malformed("key " + at + " is given twice", line(keyNode));
            }
            lines.put(at, line(keyNode));
            object.set(name, value(tuple.getValueNode(), at));
        }
        return object;
    }

    private JsonNode sequence(SequenceNode sequence, String path) throws LocatedTree.Malformed {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        int index = 0;
        for (Node item : sequence.getValue()) {
            array.add(value(item, LocatedTree.item(path, index++)));
        }
        return array;
    }

    /** A scalar as YAML 1.1 resolves it: null, boolean, integer, float, or text (timestamps stay text). */
    private JsonNode scalar(ScalarNode node) throws LocatedTree.Malformed {
        JsonNodeFactory f = JsonNodeFactory.instance;
        Object value;
        try {
            value = scalars.construct(node);
        } catch (YAMLException e) {
            throw new LocatedTree.Malformed(
                    e instanceof MarkedYAMLException m ? describe(m) : String.valueOf(e.getMessage()), line(node));
        }
        if (value == null) {
            return f.nullNode();
        }
        if (value instanceof Boolean b) {
            return f.booleanNode(b);
        }
        if (value instanceof Integer || value instanceof Long || value instanceof BigInteger) {
            return f.numberNode(new BigInteger(value.toString()));
        }
        if (value instanceof Double d) {
            return f.numberNode(d);
        }
        if (value instanceof String s) {
            return f.textNode(s);
        }
        return f.textNode(node.getValue());
    }

    private static int line(Node node) {
        return node.getStartMark() == null ? 1 : node.getStartMark().getLine() + 1;
    }

    private static int line(MarkedYAMLException e) {
        return e.getProblemMark() != null
                ? e.getProblemMark().getLine() + 1
                : e.getContextMark() != null ? e.getContextMark().getLine() + 1 : 1;
    }

    /** SnakeYAML's words without its source excerpt: the context, then the problem. */
    private static String describe(MarkedYAMLException e) {
        StringBuilder words = new StringBuilder();
        if (e.getContext() != null) {
            words.append(e.getContext().strip());
        }
        if (e.getProblem() != null) {
            words.append(words.length() == 0 ? "" : "; ").append(e.getProblem().strip());
        }
        return words.length() == 0 ? e.getMessage().lines().findFirst().orElse("?") : words.toString();
    }

    /** SnakeYAML's safe constructor, used only to resolve one scalar as {@code safe_load} would. */
    private static final class SafeScalars extends SafeConstructor {
        SafeScalars(LoaderOptions options) {
            super(options);
        }

        Object construct(ScalarNode node) {
            return constructObject(node);
        }
    }
}
