package dev.wb.testkit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * The small plan most CLI tests start from, in the original workbench's sdd.json format (schema 1): one
 * file, {@code src/app.py}, edited, with one citation of its line 2 ({@code value = 1} unless told
 * otherwise), and the verify commands a test gives. Each test changes only what it is about:
 *
 * <pre>
 * SamplePlan.of("ABC-1").verify("make -s ok").json()
 * SamplePlan.of("ABC-1").objective("OBJ").quote("QUOTE").verify("make -s ok").json()
 * </pre>
 */
public final class SamplePlan {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A {@code src/app.py} whose line 2 the plan cites by default. */
    public static final String APP_PY = "# app\nvalue = 1\n";

    private final String key;
    private String objective = "o";
    private String quote = "value = 1";
    private int line = 2;
    private List<String> verify = List.of();
    private Map<String, String> verifyEnv = Map.of();

    private SamplePlan(String key) {
        this.key = key;
    }

    /** The plan of task {@code key}. */
    public static SamplePlan of(String key) {
        return new SamplePlan(key);
    }

    public SamplePlan objective(String text) {
        this.objective = text;
        return this;
    }

    /** The quote the citation of {@code src/app.py} line 2 holds. */
    public SamplePlan quote(String text) {
        this.quote = text;
        return this;
    }

    /** The line of {@code src/app.py} the citation names (2 unless told). */
    public SamplePlan line(int number) {
        this.line = number;
        return this;
    }

    public SamplePlan verify(String... commands) {
        this.verify = List.of(commands);
        return this;
    }

    /** The plan's {@code verify_env}: variables its verify commands are given. */
    public SamplePlan verifyEnv(Map<String, String> variables) {
        this.verifyEnv = Map.copyOf(variables);
        return this;
    }

    /** The plan as sdd.json text, its keys in the original's order. */
    public String json() {
        ObjectNode plan = JSON.createObjectNode();
        plan.put("schema", 1).put("key", key).put("preset", "scaleup");
        plan.put("persona", "fullstack-specialist").put("objective", objective);
        plan.putArray("evidence")
                .addObject()
                .put("claim", "c")
                .put("file", "src/app.py")
                .put("line", line)
                .put("quote", quote);
        plan.putArray("files")
                .addObject()
                .put("path", "src/app.py")
                .put("change", "edit")
                .put("why", "w");
        plan.putObject("zones");
        plan.putArray("steps").addObject().put("do", "d");
        plan.putArray("tests").addObject().put("kind", "unit").put("asserts", "a");
        ArrayNode commands = plan.putArray("verify");
        verify.forEach(commands::add);
        if (!verifyEnv.isEmpty()) {
            ObjectNode env = plan.putObject("verify_env");
            verifyEnv.forEach(env::put);
        }
        plan.put("rollback", "revert");
        plan.putObject("product");
        plan.putArray("questions");
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(plan) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
