package dev.wb.commands.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.projections.events.draft.CommitStyle;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The keys the original workbench keeps in the same {@code .workflow/config.json}, beyond the three wb
 * shares with it ({@code execute}, {@code preset}, {@code preset_paths}): a file written for the original
 * loads unchanged. Each key is known by its exact name and its value's type is checked, so a misspelt key
 * is still refused; what wb does with each (reads it, or accepts and ignores it) is {@link #NOTES}.
 *
 * @param values every one of these keys the file sets, in file order, as written
 * @param context the name of the original's context ({@code $WORKBENCH_HOME/contexts/<name>.json})
 * @param flow the original's branch flow, when the file sets one that is not empty
 */
public record OriginalKeys(Map<String, JsonNode> values, Optional<String> context, Optional<Flow> flow) {

    public static final OriginalKeys NONE = new OriginalKeys(Map.of(), Optional.empty(), Optional.empty());

    /** What {@code wb config show} says of a key from the original that wb does not use. */
    public static final String IGNORED = "from the original workbench; wb does not use it";

    /** Each key of the original wb accepts, and what wb does with it (or what to use instead). */
    public static final Map<String, String> NOTES = notes();

    /** The original's {@code flow}: a source branch, its validation branches, and the protected ones. */
    public record Flow(String source, List<String> validation, List<String> protectedNames) {
        /** The branches the original protects: {@code protected}, or else the source and validation branches. */
        public List<String> protectedBranches() {
            if (!protectedNames.isEmpty()) {
                return protectedNames;
            }
            List<String> all = new ArrayList<>(List.of(source));
            all.addAll(validation);
            return List.copyOf(all);
        }
    }

    static final List<String> FLOW_KEYS = List.of("strategy", "source", "validation", "protected", "branch_pattern");
    /** The styles {@code commit_style} may name, as the original names them. */
    static final List<String> COMMIT_STYLES = CommitStyle.wireNames();

    static final List<String> STRATEGIES = List.of("cherry-pick", "merge", "trunk");
    private static final Pattern CONTEXT_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9._-]*");

    public OriginalKeys {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    private static Map<String, String> notes() {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put(
                "context",
                "wb reads it: when identity is not set, wb git ctx and wb git commit take the git"
                        + " identity of $WORKBENCH_HOME/contexts/<name>.json (default ~/.workbench), as the original does;"
                        + " wb's own key is identity");
        String tracker = IGNORED + ": wb reads no tracker; a task is its plan (wb task new, docs/PLAN.md)";
        notes.put("provider", tracker);
        notes.put("project", tracker);
        notes.put("board", tracker);
        notes.put(
                "preset_confirmed",
                IGNORED + ": wb never asks to confirm the preset; preset is the bar as" + " written");
        notes.put(
                "flow",
                "wb reads its protected branches (protected, else source and validation) when"
                        + " branches.protected is empty, as wb's own key; its strategy and branch_pattern are from the"
                        + " original workbench and wb does not use them: branches.prefix names task branches, and"
                        + " wb git carry --to carries a task's commits");
        notes.put("hooks", IGNORED + ": wb installs no edit hooks; wb impl check is the scope rule");
        notes.put(
                "light_max_lines",
                IGNORED + ": wb's light tier is up to 2 files outside the critical zones,"
                        + " not a diff size (docs/PLAN.md)");
        notes.put("light_path", IGNORED + ": wb has no plan-free path; every task has a plan");
        notes.put(
                "commit_style",
                "wb reads it: wb commit convention and wb commit check use the declared style instead of"
                        + " detecting one from the history, as the original does; wb commit convention --set writes it");
        return Collections.unmodifiableMap(notes);
    }

    /** Reads these keys of the top level, each by its type; exit 3 naming the key on a wrong value. */
    static OriginalKeys read(ConfigReader r, JsonNode root) {
        Map<String, JsonNode> values = new LinkedHashMap<>();
        root.properties().forEach(e -> {
            if (NOTES.containsKey(e.getKey()) && !e.getValue().isNull()) {
                values.put(e.getKey(), e.getValue());
            }
        });
        Optional<String> context = Optional.ofNullable(values.get("context")).map(v -> contextName(r, root));
        text(r, root, "provider");
        scalar(r, root, "project");
        scalar(r, root, "board");
        r.bool(root, "", "preset_confirmed", false);
        r.bool(root, "", "light_path", true);
        r.integer(root, "", "light_max_lines", 1, Integer.MAX_VALUE, 1);
        JsonNode hooks = root.get("hooks");
        if (hooks != null && !hooks.isNull() && !hooks.isBoolean() && !"strict".equals(hooks.textValue())) {
            throw r.error(
                    "hooks",
                    "hooks must be false, true or \"strict\", not " + ConfigReader.describe(hooks),
                    "the original workbench reads false as off and \"strict\" as blocking; wb uses neither");
        }
        commitStyle(r, root);
        Optional<Flow> flow =
                r.object(root, "", "flow").filter(f -> !f.isEmpty()).map(f -> flow(r, f));
        return new OriginalKeys(values, context, flow);
    }

    /** The commit style declared for the repository ({@code commit_style}), as written; empty when none is. */
    public Optional<String> commitStyle() {
        return Optional.ofNullable(values.get("commit_style")).map(JsonNode::asText);
    }

    private static void commitStyle(ConfigReader r, JsonNode root) {
        String style = r.text(root, "", "commit_style", "free-form");
        if (!COMMIT_STYLES.contains(style)) {
            throw r.error(
                    "commit_style",
                    "commit_style is \"" + style + "\", which is not a commit style; the styles are "
                            + String.join(", ", COMMIT_STYLES),
                    "write one of them, or set it with: wb commit convention --set conventional");
        }
    }

    private static String contextName(ConfigReader r, JsonNode root) {
        String name = r.text(root, "", "context", "");
        if (!CONTEXT_NAME.matcher(name).matches()) {
            throw r.error(
                    "context",
                    "context names a file of $WORKBENCH_HOME/contexts/ (letters, digits, '.', '_'," + " '-'), not \""
                            + name + "\"",
                    "write the context's name, like \"work\" for contexts/work.json");
        }
        return name;
    }

    private static void text(ConfigReader r, JsonNode root, String key) {
        if (r.text(root, "", key, "x").isBlank()) {
            throw r.error(key, key + " must not be blank");
        }
    }

    private static void scalar(ConfigReader r, JsonNode root, String key) {
        JsonNode node = root.get(key);
        if (node != null && !node.isNull() && !node.isIntegralNumber()) {
            r.text(root, "", key, "");
        }
    }

    private static Flow flow(ConfigReader r, JsonNode node) {
        r.only(node, "flow", FLOW_KEYS);
        String strategy = r.text(node, "flow", "strategy", "cherry-pick");
        if (!STRATEGIES.contains(strategy)) {
            throw r.error(
                    "flow.strategy",
                    "flow.strategy is \"" + strategy + "\", which is not a strategy of the"
                            + " original workbench; the strategies are " + String.join(", ", STRATEGIES));
        }
        String source = r.text(node, "flow", "source", "");
        if (source.isBlank()) {
            throw r.error(
                    node.has("source") ? "flow.source" : "flow",
                    "flow needs a \"source\" branch, as the" + " original workbench does",
                    "e.g. \"flow\": {\"source\": \"main\", \"validation\": [\"homolog\"]}");
        }
        r.text(node, "flow", "branch_pattern", "");
        return new Flow(
                source,
                r.strings(node, "flow", "validation", List.of(), ConfigReader.nonBlank()),
                r.strings(node, "flow", "protected", List.of(), ConfigReader.nonBlank()));
    }
}
