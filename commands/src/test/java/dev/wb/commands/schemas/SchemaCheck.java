package dev.wb.commands.schemas;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.wb.engine.json.CanonicalJson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The shipped schemas through a real JSON Schema validator (draft 2020-12), each compiled once. */
public final class SchemaCheck {

    private static final Map<String, Schema> SCHEMAS = compile();

    private SchemaCheck() {}

    private static Map<String, Schema> compile() {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        Map<String, Schema> schemas = new LinkedHashMap<>();
        for (String name : ShippedSchemas.NAMES) {
            String text = new String(ShippedSchemas.bytes(name), StandardCharsets.UTF_8);
            schemas.put(name, registry.getSchema(text, InputFormat.JSON));
        }
        return schemas;
    }

    /** What the schema finds wrong with the document, one line each; empty when it is valid. */
    public static List<String> errors(String schema, JsonNode document) {
        Schema compiled = SCHEMAS.get(schema);
        if (compiled == null) {
            throw new IllegalArgumentException("no schema " + schema + "; the schemas are " + SCHEMAS.keySet());
        }
        return compiled.validate(document).stream().map(Error::toString).toList();
    }

    public static List<String> errors(String schema, String json) {
        return errors(schema, CanonicalJson.parse(json.getBytes(StandardCharsets.UTF_8)));
    }

    /** The folder above the working directory that holds docs/ (the project's root). */
    public static Path projectRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(dir.resolve("docs")) || !Files.exists(dir.resolve("pom.xml"))) {
            dir = dir.getParent();
            if (dir == null) {
                throw new IllegalStateException("no docs/ above " + Path.of("").toAbsolutePath());
            }
        }
        return dir;
    }
}
