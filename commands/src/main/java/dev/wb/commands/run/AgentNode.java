package dev.wb.commands.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.flow.FlowNode;
import dev.wb.commands.flow.FlowVocabulary;
import dev.wb.commands.process.ExecutableLookup;
import dev.wb.engine.Digests;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.run.RunState;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An {@code agent} or {@code evaluator} node: the provider's CLI ({@code claude -p PROMPT} or
 * {@code codex exec PROMPT}) with the role file rendered, in the node's permission profile (an evaluator
 * always read-only). Its output is redacted and stored by digest. An evaluator's output ends with a
 * verdict line, a JSON object {@code {"verdict": "accept"|"rework", "severity": …}}; a rework below the
 * node's {@code gate_severity} accepts. A provider that cannot start, exits non-zero or (evaluator) gives
 * no verdict leaves the node to a person.
 */
final class AgentNode {

    static final List<String> SEVERITIES = List.of("low", "medium", "high", "critical", "blocking");

    private AgentNode() {}

    static NodeResult run(RunContext ctx, FlowNode node, JsonNode yaml, RunState state, Duration wallLeft) {
        WorkspaceConfig.Agents agents = ctx.config().agents();
        String providerName = node.provider().orElse(agents.primary());
        WorkspaceConfig.Provider provider = agents.provider(providerName);
        if (provider == null) {
            return NodeResult.of(NodeResult.MANUAL, "provider '" + providerName + "' is not configured");
        }
        Optional<Path> program = ExecutableLookup.find(provider.command(), ctx.root(), ctx.env());
        if (program.isEmpty()) {
            return NodeResult.of(
                    NodeResult.MANUAL, ExecutableLookup.notFound(provider.command(), ctx.root(), ctx.env()));
        }
        String prompt = Prompt.render(
                node.roleFile()
                        .flatMap(f -> Prompt.roleFile(ctx.root(), f))
                        .orElse("You are the " + node.id() + " step."),
                tokens(ctx, node, state));
        boolean evaluator = node.kind().equals("evaluator");
        String profile =
                evaluator ? FlowVocabulary.READ_ONLY : ctx.flow().definition().profile(node);
        List<String> argv = new ArrayList<>();
        argv.add(program.get().toString());
        argv.addAll(provider.args());
        if (providerName.equals("codex")) {
            argv.addAll(List.of("exec", "--sandbox", profile));
        } else {
            argv.addAll(List.of(
                    "-p", "--permission-mode", profile.equals(FlowVocabulary.READ_ONLY) ? "plan" : "acceptEdits"));
        }
        node.model().ifPresent(m -> argv.addAll(List.of("--model", m)));
        argv.addAll(node.extraArgs());
        argv.add(prompt);
        int timeout = yaml.path("timeout_seconds").asInt(ToolNode.DEFAULT_TIMEOUT_SECONDS);
        Map<String, String> env = new HashMap<>(ctx.env());
        env.put("WB_RUN_NODE", node.id());
        env.put("WB_RUN_ATTEMPT", Integer.toString(state.attempts(node.id()) + 1));
        Duration limit = NodeResult.timeout(timeout, wallLeft);
        NodeProcess.Ended ended = NodeProcess.run(argv, ctx.root(), env, new byte[0], limit, ctx.scratch());
        if (!ended.started()) {
            return NodeResult.of(NodeResult.MANUAL, ctx.redactor().redact(ended.startError()));
        }
        String output = ctx.redactor().redact(ended.stdout());
        List<NodeFinished.Artifact> artifacts = List.of(new NodeFinished.Artifact(
                "output", Digests.hex(ctx.store().put(output.getBytes(StandardCharsets.UTF_8)))));
        Optional<JsonNode> last = lastJson(output);
        Optional<NodeFinished.Usage> usage = last.map(j -> j.path("usage"))
                .filter(JsonNode::isObject)
                .map(u -> new NodeFinished.Usage(
                        u.path("tokens").asLong(), u.path("cost").asText("0")));
        if (ended.timedOut() && limit.compareTo(Duration.ofSeconds(timeout)) < 0) {
            return NodeResult.wallSpent(artifacts, usage, Duration.ofMillis(ended.millis()));
        }
        if (ended.timedOut() || ended.exitCode() != 0) {
            String why = ended.timedOut() ? "timed out after " + timeout + " s" : "exited " + ended.exitCode();
            return new NodeResult(
                    NodeResult.MANUAL,
                    artifacts,
                    Optional.empty(),
                    usage,
                    Optional.of(providerName + " " + why + ": "
                            + ToolNode.firstLine(ctx.redactor().redact(ended.stderr()))));
        }
        if (!evaluator) {
            return new NodeResult("done", artifacts, Optional.empty(), usage, Optional.empty());
        }
        Optional<String> verdict =
                last.map(j -> j.path("verdict").asText("")).filter(v -> v.equals("accept") || v.equals("rework"));
        if (verdict.isEmpty()) {
            return new NodeResult(
                    NodeResult.MANUAL,
                    artifacts,
                    Optional.empty(),
                    usage,
                    Optional.of(
                            "no verdict line: the output must end with {\"verdict\": \"accept\"|\"rework\", \"severity\": …}"));
        }
        Optional<String> severity =
                last.map(j -> j.path("severity")).filter(JsonNode::isTextual).map(JsonNode::asText);
        String gate = yaml.path("gate_severity").asText("high");
        if (verdict.get().equals("rework")
                && severity.isPresent()
                && rank(severity.get()) >= 0
                && rank(severity.get()) < rank(gate)) {
            return new NodeResult(
                    "accept",
                    artifacts,
                    severity,
                    usage,
                    Optional.of("rework of severity " + severity.get() + " is below the gate (" + gate + ")"));
        }
        return new NodeResult(verdict.get(), artifacts, severity, usage, Optional.empty());
    }

    private static int rank(String severity) {
        return SEVERITIES.indexOf(severity);
    }

    /** The last line of the output that is a JSON object. */
    private static Optional<JsonNode> lastJson(String output) {
        List<String> lines =
                output.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        for (int i = lines.size() - 1; i >= 0; i--) {
            Optional<JsonNode> json = ToolNode.json(lines.get(i));
            if (json.isPresent()) {
                return json;
            }
        }
        return Optional.empty();
    }

    private static Map<String, String> tokens(RunContext ctx, FlowNode node, RunState state) {
        Map<String, String> values = new HashMap<>();
        String task = ".workflow/" + ctx.key() + "/";
        values.put("task_id", ctx.key().toString());
        values.put("stage", node.id());
        values.put("repo_path", ctx.root().toString());
        values.put("repo", ctx.root().getFileName().toString());
        values.put("task_path", task);
        values.put("plan_path", task + "sdd.json");
        for (String empty : List.of(
                "diff_path",
                "checks_path",
                "review_path",
                "skills_path",
                "memory_path",
                "subtask_order",
                "subtask_count",
                "subtask_spec_path",
                "predecessor_context")) {
            values.put(empty, "");
        }
        values.putAll(Subtasks.tokens(ctx, state));
        return values;
    }
}
