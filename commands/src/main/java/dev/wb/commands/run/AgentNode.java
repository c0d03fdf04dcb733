package dev.wb.commands.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.flow.FlowNode;
import dev.wb.commands.flow.FlowVocabulary;
import dev.wb.commands.process.ExecutableLookup;
import dev.wb.commands.process.NodeProcess;
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
import java.util.function.Consumer;

/**
 * An {@code agent} or {@code evaluator} node: the provider's CLI ({@code claude -p PROMPT} or
 * {@code codex exec PROMPT}) with the role file rendered, in the node's permission profile (an evaluator
 * always read-only). Its output is redacted and stored by digest. An evaluator's output ends with a
 * verdict line, a JSON object {@code {"verdict": "accept"|"rework", "severity": …}}; a rework below the
 * node's {@code gate_severity} accepts. A provider that cannot start, exits non-zero or (evaluator) gives
 * no verdict leaves the node to a person. A node in a session lineage continues or starts its provider
 * session ({@link Sessions}), and a continuation the provider refuses (no such session) is called again
 * once in a new session.
 */
final class AgentNode {

    static final List<String> SEVERITIES = List.of("low", "medium", "high", "critical", "blocking");

    private AgentNode() {}

    static NodeResult run(
            RunContext ctx,
            FlowNode node,
            JsonNode yaml,
            RunState state,
            Duration wallLeft,
            Consumer<NodeProcess.Launched> launched) {
        WorkspaceConfig.Agents agents = ctx.config().agents();
        String providerName = node.provider().orElse(agents.primary());
        WorkspaceConfig.Provider provider = agents.provider(providerName);
        if (provider == null) {
            return NodeResult.of(NodeResult.MANUAL, "provider '" + providerName + "' is not configured");
        }
        Optional<String> refused = ProviderLaunch.refusal(ctx.config()).or(() -> ProviderLaunch.shaping(node));
        if (refused.isPresent()) {
            return NodeResult.of(NodeResult.MANUAL, refused.get());
        }
        Optional<Path> program = ExecutableLookup.find(provider.command(), ctx.root(), ctx.env());
        if (program.isEmpty()) {
            return NodeResult.of(
                    NodeResult.MANUAL, ExecutableLookup.notFound(provider.command(), ctx.root(), ctx.env()));
        }
        boolean evaluator = node.kind().equals("evaluator");
        String profile =
                evaluator ? FlowVocabulary.READ_ONLY : ctx.flow().definition().profile(node);
        ProviderLaunch launch = ProviderLaunch.of(ctx, node, providerName, profile, state.attempts(node.id()) + 1);
        List<String> argv = new ArrayList<>();
        argv.add(program.get().toString());
        argv.addAll(launch.leading());
        argv.addAll(provider.args());
        argv.addAll(launch.mode());
        node.model().ifPresent(m -> argv.addAll(List.of("--model", m)));
        argv.addAll(node.extraArgs());
        int timeout = yaml.path("timeout_seconds").asInt(ToolNode.DEFAULT_TIMEOUT_SECONDS);
        Map<String, String> env = launch.environment();
        Duration limit = NodeResult.timeout(timeout, wallLeft);
        Optional<String> loggedOut = ProviderLogin.missing(providerName, program.get(), env, ctx)
                .or(() -> providerName.equals("codex") ? ctx.gate().codex(ctx, program.get(), env) : Optional.empty());
        if (loggedOut.isPresent()) {
            return NodeResult.of(NodeResult.MANUAL, loggedOut.get());
        }
        Spawn spawn = new Spawn(argv, env, Duration.ofSeconds(provider.offlineSeconds()), launched);
        Optional<Sessions.Plan> plan = Sessions.plan(node, providerName, state);
        Call call = call(ctx, node, state, spawn, limit, plan);
        Optional<NodeFinished.Session> session = call.session(Optional.empty());
        if (plan.isPresent() && Sessions.refused(plan.get(), call.ended())) {
            // the provider has no such session (any more): once, a new one with the full role prompt
            Duration left = limit.minusMillis(call.ended().millis());
            if (!left.isNegative() && !left.isZero()) {
                call = call(
                        ctx, node, state, spawn, left, Optional.of(plan.get().fresh()));
                session = call.session(plan.get().resume());
            }
        }
        return result(ctx, new Ask(yaml, providerName, evaluator, timeout, limit, launch.notice()), call)
                .withSession(session)
                .withStopped(call.ended().strays());
    }

    /** One call of the provider: the prompt rendered, the session's words before it, the process run. */
    private record Call(Optional<Sessions.Plan> plan, String newId, NodeProcess.Ended ended, Optional<String> offline) {
        Optional<NodeFinished.Session> session(Optional<String> refused) {
            return plan.filter(p -> ended.started()).map(p -> Sessions.used(p, newId, ended, refused));
        }
    }

    /**
     * How the provider is started for each call: the argv before the session's words and the prompt, its
     * environment, how long it may say it has no network, and who is told of the launched process.
     */
    private record Spawn(
            List<String> base, Map<String, String> env, Duration offline, Consumer<NodeProcess.Launched> launched) {}

    /** What the node asked of the provider, against which its answer is read. */
    private record Ask(JsonNode yaml, String provider, boolean evaluator, int timeout, Duration limit, String notice) {}

    private static Call call(
            RunContext ctx, FlowNode node, RunState state, Spawn spawn, Duration limit, Optional<Sessions.Plan> plan) {
        boolean continuation = plan.filter(Sessions.Plan::continuation).isPresent();
        Optional<String> template =
                continuation ? node.resumeRoleFile().flatMap(f -> Prompt.roleFile(ctx.root(), f)) : Optional.empty();
        String prompt = Prompt.render(
                template.or(() -> node.roleFile().flatMap(f -> Prompt.roleFile(ctx.root(), f)))
                        .orElse("You are the " + node.id() + " step."),
                tokens(ctx, node, state));
        String newId = Sessions.newId();
        List<String> argv = new ArrayList<>(spawn.base());
        plan.ifPresent(p -> argv.addAll(Sessions.words(p, newId)));
        if (prompt.startsWith("-")) {
            argv.add("--"); // a prompt is never read as an option, whatever its role file begins with
        }
        argv.add(prompt);
        OfflineWatch watch = new OfflineWatch(spawn.offline());
        NodeProcess.Ended ended = NodeProcess.run(
                new NodeProcess.Spawn(argv, ctx.root(), spawn.env(), limit, ctx.scratch()), new byte[0], p -> {
                    spawn.launched().accept(p);
                    watch.watch(p);
                });
        return new Call(plan, newId, ended, watch.gaveUp());
    }

    private static NodeResult result(RunContext ctx, Ask ask, Call call) {
        NodeProcess.Ended ended = call.ended();
        String providerName = ask.provider();
        int timeout = ask.timeout();
        if (!ended.started()) {
            return NodeResult.of(NodeResult.MANUAL, ctx.redactor().redact(ended.startError()));
        }
        ProviderOutput said = ProviderOutput.of(providerName, ended);
        String output = ask.notice() + ctx.redactor().redact(said.text());
        List<NodeFinished.Artifact> artifacts = List.of(new NodeFinished.Artifact(
                "output", Digests.hex(ctx.store().put(output.getBytes(StandardCharsets.UTF_8)))));
        Optional<JsonNode> last = ToolNode.lastJson(output);
        Optional<NodeFinished.Usage> usage = said.usage()
                .or(() -> last.map(j -> j.path("usage"))
                        .filter(JsonNode::isObject)
                        .map(u -> new NodeFinished.Usage(
                                u.path("tokens").asLong(), u.path("cost").asText("0"))));
        if (call.offline().isPresent()) {
            return new NodeResult(
                    NodeResult.MANUAL,
                    artifacts,
                    Optional.empty(),
                    usage,
                    Optional.of(providerName + " stopped: "
                            + ctx.redactor().redact(call.offline().get())
                            + "; it said so for "
                            + ctx.config().agents().provider(providerName).offlineSeconds()
                            + " s (agents.providers." + providerName + ".offline_seconds)"));
        }
        if (ended.timedOut() && ask.limit().compareTo(Duration.ofSeconds(timeout)) < 0) {
            return NodeResult.wallSpent(artifacts, usage, Duration.ofMillis(ended.millis()));
        }
        if (ended.timedOut() || ended.exitCode() != 0 || said.failure().isPresent()) {
            String why = ended.timedOut()
                    ? "timed out after " + timeout + " s"
                    : ended.exitCode() != 0 ? "exited " + ended.exitCode() : "reported an error";
            return new NodeResult(
                    NodeResult.MANUAL,
                    artifacts,
                    Optional.empty(),
                    usage,
                    Optional.of(providerName + " " + why
                            + said.failure()
                                    .map(f -> ": " + ctx.redactor().redact(f))
                                    .orElse("")));
        }
        if (!ask.evaluator()) {
            return new NodeResult("done", artifacts, Optional.empty(), usage, Optional.empty());
        }
        return evaluation(ask, last, artifacts, usage);
    }

    /** An evaluator's end: its verdict line, a rework below the gate's severity accepted. */
    private static NodeResult evaluation(
            Ask ask,
            Optional<JsonNode> last,
            List<NodeFinished.Artifact> artifacts,
            Optional<NodeFinished.Usage> usage) {
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
        String gate = ask.yaml().path("gate_severity").asText("high");
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

    private static Map<String, String> tokens(RunContext ctx, FlowNode node, RunState state) {
        Map<String, String> values = new HashMap<>();
        String task = ".workflow/" + ctx.key() + "/";
        values.put("task_id", ctx.key().toString());
        values.put("stage", node.id());
        values.put("repo_path", ctx.root().toString());
        values.put("repo", ctx.root().getFileName().toString());
        values.put("task_path", task);
        values.put("plan_path", task + "sdd.json");
        for (String empty : FlowVocabulary.LATER_TOKENS) {
            values.put(empty, "");
        }
        values.putAll(Subtasks.tokens(ctx, state));
        return values;
    }
}
