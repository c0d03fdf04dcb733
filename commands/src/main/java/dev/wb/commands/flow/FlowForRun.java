package dev.wb.commands.flow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.wb.commands.InputFiles;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.LocatedTree;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.engine.Digests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A flow as {@code wb run} takes it: read from {@code .workflow/flows/<name>.yaml} (its real path inside
 * that folder), validated by the full fatal validator exactly as {@code wb validate-flow} validates it,
 * and only then handed over with its digest and its YAML tree (for the per-node keys the definition does
 * not carry: {@code when}, tool {@code args}, {@code timeout_seconds}, {@code signal}, {@code policy}).
 */
public final class FlowForRun {

    /** A flow that passed validation. */
    public record Loaded(String name, FlowDefinition definition, String digest, JsonNode root) {

        /** The YAML mapping of one node, as written. */
        public JsonNode node(String id) {
            for (JsonNode n : root.path("flow").path("nodes")) {
                if (id.equals(n.path("id").asText())) {
                    return n;
                }
            }
            return MissingNode.getInstance();
        }
    }

    private FlowForRun() {}

    /**
     * Loads and validates the flow; throws a config failure (exit 3) listing the validator's lines when it
     * is not valid, and a usage failure when there is no such flow.
     */
    public static Loaded load(Workspace workspace, WorkspaceConfig config, String name) {
        Path flowsDir = workspace.root().resolve(ValidateFlow.FLOWS);
        Path file = flowsDir.resolve(name + ".yaml");
        String shown = ValidateFlow.FLOWS + name + ".yaml";
        if (name.isEmpty() || name.contains("/") || name.startsWith(".") || !Files.isRegularFile(file)) {
            throw Failure.usage(
                    "flow '" + name + "' not found in " + ValidateFlow.FLOWS,
                    "write " + shown + " (format: " + ValidateFlow.DOCS + "), or pick another with --flow NAME");
        }
        byte[] bytes;
        try {
            if (!file.toRealPath().startsWith(flowsDir.toRealPath())) {
                throw invalid(name, List.of(shown + " is a symbolic link that leads out of " + ValidateFlow.FLOWS));
            }
            Optional<InputFiles.Content> content = InputFiles.read(workspace.root(), file, InputFiles.Kind.FLOW);
            if (content.isEmpty()) {
                throw Failure.usage("flow '" + name + "' not found in " + ValidateFlow.FLOWS);
            }
            bytes = content.get().textBytes();
        } catch (InputFiles.Unusable e) {
            throw invalid(name, List.of("line " + e.line() + ": " + e.getMessage() + "; " + e.fix()));
        } catch (IOException e) {
            throw invalid(name, List.of("cannot read " + shown + ": " + e.getMessage()));
        }
        FlowSurroundings surroundings =
                FlowSurroundings.of(flowsDir, workspace.root().resolve(ValidateFlow.TOOLS));
        FlowResult result = FlowValidator.validate(name, shown, bytes, config, surroundings);
        if (!result.valid()) {
            throw invalid(name, result.lines());
        }
        try {
            LocatedTree tree = YamlTree.parse(bytes);
            List<String> none = new ArrayList<>();
            FlowDefinition definition = FlowReader.read(tree, name, none).orElseThrow();
            return new Loaded(name, definition, Digests.hex(Digests.sha256(bytes)), tree.root());
        } catch (LocatedTree.Malformed e) {
            throw invalid(name, List.of("line " + e.line() + ": not valid YAML: " + e.getMessage()));
        }
    }

    private static Failure invalid(String name, List<String> lines) {
        List<String> fixes = new ArrayList<>(lines);
        fixes.add("wb validate-flow " + name + "    (the same check; a flow that fails it never starts)");
        return new Failure(
                Failure.Kind.CONFIG, "flow '" + name + "' does not pass validation; the run did not start", fixes);
    }
}
