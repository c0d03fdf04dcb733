package dev.wb.commands.flow;

import dev.wb.commands.config.LocatedTree;
import dev.wb.commands.config.WorkspaceConfig;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Validates one flow file fail-closed, exactly as the engine does at dispatch: the schema
 * ({@link FlowReader}), the graph ({@link FlowGraph}), the security ceiling and the config-aware layer
 * ({@link FlowPolicy}), then the non-fatal warnings ({@link FlowWarnings}). A file that is not YAML is a
 * violation with its line, never a crash.
 */
public final class FlowValidator {

    private FlowValidator() {}

    /**
     * Validates one flow file: its shape, then its policy, then its warnings.
     *
     * @param stem the file's name without {@code .yaml}: the flow's name and its required task_type
     * @param file the file as the report names it (relative to the repository)
     */
    public static FlowResult validate(
            String stem, String file, byte[] content, WorkspaceConfig config, FlowSurroundings surroundings) {
        List<String> violations = new ArrayList<>();
        LocatedTree tree;
        try {
            tree = YamlTree.parse(content);
        } catch (LocatedTree.Malformed e) {
            return new FlowResult(
                    stem, file, List.of("line " + e.line() + ": not valid YAML: " + e.getMessage()), List.of());
        }
        Optional<FlowDefinition> flow = FlowReader.read(tree, stem, violations);
        if (flow.isEmpty()) {
            return new FlowResult(stem, file, violations, List.of());
        }
        FlowDefinition definition = flow.get();
        violations.addAll(FlowGraph.check(definition));
        // Structural violations in the order of the file, so an author can work down it.
        violations.sort(Comparator.comparingInt(FlowValidator::line));
        Map<String, FlowSurroundings.RoleFile> roles = new LinkedHashMap<>();
        Stream.concat(
                        definition.nodes().stream()
                                .flatMap(n -> Stream.of(n.roleFile(), n.resumeRoleFile()))
                                .flatMap(Optional::stream),
                        definition.supervisor().stream().flatMap(s -> s.prompts().values().stream()))
                .filter(path -> FlowPolicy.lexicalProblem(path).isEmpty())
                .forEach(path -> roles.computeIfAbsent(path, surroundings::roleFile));
        FlowPolicy.check(definition, config, roles, surroundings, violations);
        List<String> warnings = new ArrayList<>(FlowWarnings.of(definition, config, roles));
        warnings.addAll(FlowWarnings.facts(tree.root()));
        return new FlowResult(stem, file, violations, warnings);
    }

    /** The line a structural violation starts with ({@code line N: …}). */
    static int line(String violation) {
        return Integer.parseInt(violation.substring("line ".length(), violation.indexOf(':')));
    }
}
