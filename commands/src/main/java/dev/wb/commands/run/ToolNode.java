package dev.wb.commands.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.ContentStore;
import dev.wb.commands.flow.ValidateFlow;
import dev.wb.commands.process.NodeProcess;
import dev.wb.commands.process.Redactor;
import dev.wb.engine.Digests;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.run.NodeFinished;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A {@code tool} node: the executable {@code .workflow/tools/<tool>} (its real path inside that folder, a
 * regular file, executable, checked again now), its {@code args} as one JSON object on stdin. Exit 0 is
 * {@code pass}, any other {@code fail}; or the tool prints a JSON object {@code {outcome, findings, data}}
 * and its {@code outcome} decides. A non-zero exit with nothing on stdout and text on stderr is a crash:
 * the run goes to a person. stdout and stderr are redacted and stored by digest.
 */
final class ToolNode {

    static final int DEFAULT_TIMEOUT_SECONDS = 3600;

    private ToolNode() {}

    static NodeResult run(
            RunContext ctx, String tool, JsonNode yaml, Duration wallLeft, Consumer<NodeProcess.Launched> launched) {
        Path toolsDir = ctx.root().resolve(ValidateFlow.TOOLS);
        Path file = toolsDir.resolve(tool).normalize();
        Optional<String> problem = problem(toolsDir, file, tool);
        if (problem.isPresent()) {
            return NodeResult.of(NodeResult.CRASHED, problem.get());
        }
        ObjectNode args = CanonicalJson.objectNode();
        yaml.path("args").properties().forEach(e -> args.set(e.getKey(), e.getValue()));
        int timeout = yaml.path("timeout_seconds").asInt(DEFAULT_TIMEOUT_SECONDS);
        Duration limit = NodeResult.timeout(timeout, wallLeft);
        NodeProcess.Ended ended = NodeProcess.run(
                new NodeProcess.Spawn(List.of(file.toString()), ctx.root(), ctx.env(), limit, ctx.scratch()),
                CanonicalJson.bytes(args),
                launched);
        return result(ctx, timeout, limit, ended).withStopped(ended.strays());
    }

    private static NodeResult result(RunContext ctx, int timeout, Duration limit, NodeProcess.Ended ended) {
        if (!ended.started()) {
            return NodeResult.of(NodeResult.CRASHED, ctx.redactor().redact(ended.startError()));
        }
        List<NodeFinished.Artifact> artifacts = stored(ctx.store(), ctx.redactor(), ended);
        if (ended.timedOut() && limit.compareTo(Duration.ofSeconds(timeout)) < 0) {
            return NodeResult.wallSpent(artifacts, Optional.empty(), Duration.ofMillis(ended.millis()));
        }
        if (ended.timedOut()) {
            return new NodeResult(
                    "fail",
                    artifacts,
                    Optional.empty(),
                    Optional.empty(),
                    Optional.of("timed out after " + timeout + " s"));
        }
        Optional<JsonNode> json = json(ended.stdout());
        if (json.isPresent() && json.get().path("outcome").isTextual()) {
            JsonNode findings = json.get().path("findings");
            String reason = findings.isArray() ? findings.size() + " finding(s)" : "the tool's own outcome";
            return new NodeResult(
                    json.get().path("outcome").asText(),
                    artifacts,
                    Optional.empty(),
                    Optional.empty(),
                    Optional.of(reason));
        }
        if (ended.exitCode() == 0) {
            return new NodeResult("pass", artifacts, Optional.empty(), Optional.empty(), Optional.empty());
        }
        if (ended.stdout().isBlank() && !ended.stderr().isBlank()) {
            return new NodeResult(
                    NodeResult.CRASHED,
                    artifacts,
                    Optional.empty(),
                    Optional.empty(),
                    Optional.of("exit " + ended.exitCode() + " with nothing on stdout and an error on stderr: "
                            + firstLine(ctx.redactor().redact(ended.stderr()))));
        }
        return new NodeResult(
                "fail", artifacts, Optional.empty(), Optional.empty(), Optional.of("exit " + ended.exitCode()));
    }

    /** Why the file may not run, fail-closed as validation resolves it. */
    static Optional<String> problem(Path toolsDir, Path file, String tool) {
        try {
            if (!Files.isDirectory(toolsDir)
                    || !Files.isRegularFile(file)
                    || !file.toRealPath().startsWith(toolsDir.toRealPath())) {
                return Optional.of("tool '" + tool + "' not found under " + ValidateFlow.TOOLS
                        + " (a regular file whose real path is inside it)");
            }
            if (!Files.isExecutable(file)) {
                return Optional.of("tool '" + tool + "' under " + ValidateFlow.TOOLS + " is not executable");
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("tool '" + tool + "': " + e.getMessage());
        }
    }

    private static List<NodeFinished.Artifact> stored(ContentStore store, Redactor redactor, NodeProcess.Ended ended) {
        List<NodeFinished.Artifact> out = new ArrayList<>();
        if (!ended.stdout().isEmpty()) {
            out.add(new NodeFinished.Artifact("stdout", Digests.hex(store.put(bytes(redactor, ended.stdout())))));
        }
        if (!ended.stderr().isEmpty()) {
            out.add(new NodeFinished.Artifact("stderr", Digests.hex(store.put(bytes(redactor, ended.stderr())))));
        }
        return out;
    }

    private static byte[] bytes(Redactor redactor, String text) {
        return redactor.redact(text).getBytes(StandardCharsets.UTF_8);
    }

    static Optional<JsonNode> json(String text) {
        String trimmed = text.trim();
        if (!trimmed.startsWith("{")) {
            return Optional.empty();
        }
        try {
            return Optional.of(CanonicalJson.parseObject(trimmed));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The last line of a node's output that is a JSON object (a verdict, usage, a proposal). */
    static Optional<JsonNode> lastJson(String output) {
        List<String> lines =
                output.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        for (int i = lines.size() - 1; i >= 0; i--) {
            Optional<JsonNode> json = json(lines.get(i));
            if (json.isPresent()) {
                return json;
            }
        }
        return Optional.empty();
    }

    static String firstLine(String text) {
        String line = text.strip().lines().findFirst().orElse("");
        return line.length() > 200 ? line.substring(0, 200) + "…" : line;
    }
}
