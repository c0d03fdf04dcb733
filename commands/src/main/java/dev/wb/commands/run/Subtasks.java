package dev.wb.commands.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.flow.FlowDefinition;
import dev.wb.commands.flow.FlowEdge;
import dev.wb.engine.Digests;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.RunDecomposed;
import dev.wb.projections.run.RunState;
import dev.wb.projections.run.RunSubtasks;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A flow's {@code decomposition} at run time (docs/RUNS.md, "Decomposition"; ADR 12): the proposing node's
 * last JSON line read as a proposal and accepted or not by a fixed rule, the region ({@code sub_flow}) it
 * runs once per subtask, and the files a subtask's agents are pointed at: its spec and, when it depends on
 * earlier subtasks, their handoff ({@code {subtask_spec_path}}, {@code {predecessor_context}}).
 */
final class Subtasks {

    static final String ACCEPTED = "accepted";
    static final String GATE_OFF = "gate_off";
    static final String NOT_RECOMMENDED = "not_recommended";
    static final String OUT_OF_RANGE = "n_out_of_range";
    static final String MALFORMED = "malformed_subtask";
    static final String NON_LINEAR = "non_linear_dependencies";

    /** A slug is one portable path segment: it names the subtask's spec file. */
    private static final Pattern SLUG = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");

    /** A title's or a criterion's length, and a subtask's criteria: what keeps {@code run.decomposed} in a batch. */
    private static final int TEXT_LIMIT = 2000;

    private static final int CRITERIA_LIMIT = 50;

    private Subtasks() {}

    /** Whether the flow splits at this node: it is {@code decomposition.proposed_by}. */
    static boolean proposes(FlowDefinition flow, String node) {
        return flow.decomposition().map(d -> d.proposedBy().equals(node)).orElse(false);
    }

    /** Whether the node is in the region each subtask runs. */
    static boolean inRegion(FlowDefinition flow, String node) {
        return flow.decomposition().map(d -> d.subFlow().contains(node)).orElse(false);
    }

    /** The region's entry: the node the first edge from the proposing node into the region leads to. */
    static String entry(FlowDefinition flow) {
        FlowDefinition.Decomposition d = flow.decomposition().orElseThrow();
        return flow.edges().stream()
                .filter(e -> e.from().equals(d.proposedBy()) && d.subFlow().contains(e.to()))
                .map(FlowEdge::to)
                .findFirst()
                .orElseThrow();
    }

    /** Whether the edge leaves the region forward (not a {@code fail}/{@code rework} edge): a subtask ends. */
    static boolean exits(FlowDefinition flow, FlowEdge e) {
        return inRegion(flow, e.from()) && !inRegion(flow, e.to()) && !e.loopsBack();
    }

    /** The decision on the proposing node's output, by the rule docs/RUNS.md gives. */
    static RunDecomposed decide(RunContext ctx, String node, NodeResult result) {
        FlowDefinition.Decomposition d = ctx.flow().definition().decomposition().orElseThrow();
        if (!ctx.config().agents().decomposition().enabled()) {
            return single(node, d, GATE_OFF);
        }
        Optional<JsonNode> proposal = output(result)
                .flatMap(
                        digest -> ctx.store().get(digest.startsWith(Digests.PREFIX) ? digest : Digests.PREFIX + digest))
                .flatMap(bytes -> ToolNode.lastJson(new String(bytes, StandardCharsets.UTF_8)));
        if (proposal.isEmpty()
                || !proposal.get().path("decompose").asBoolean(false)
                || !proposal.get().path("decompose").isBoolean()
                || !proposal.get().path("subtasks").isArray()) {
            return single(node, d, NOT_RECOMMENDED);
        }
        JsonNode raw = proposal.get().path("subtasks");
        if (raw.size() < 2 || raw.size() > ctx.config().agents().decomposition().maxSubtasks()) {
            return single(node, d, OUT_OF_RANGE);
        }
        List<RunDecomposed.Subtask> specs = new ArrayList<>();
        for (JsonNode s : raw) {
            Optional<RunDecomposed.Subtask> spec = parse(s);
            if (spec.isEmpty()) {
                return single(node, d, MALFORMED);
            }
            specs.add(spec.get());
        }
        specs.sort((a, b) -> Integer.compare(a.order(), b.order()));
        for (int i = 0; i < specs.size(); i++) {
            RunDecomposed.Subtask s = specs.get(i);
            if (s.order() != i + 1 || s.dependsOn().stream().anyMatch(dep -> dep < 1 || dep >= s.order())) {
                return single(node, d, NON_LINEAR);
            }
        }
        return new RunDecomposed(node, true, ACCEPTED, d.sharedBudget(), specs);
    }

    private static RunDecomposed single(String node, FlowDefinition.Decomposition d, String reason) {
        return new RunDecomposed(node, false, reason, d.sharedBudget(), List.of());
    }

    private static Optional<RunDecomposed.Subtask> parse(JsonNode s) {
        JsonNode order = s.path("order");
        JsonNode title = s.path("title");
        JsonNode slug = s.path("slug");
        JsonNode criteria = s.path("acceptance_criteria");
        JsonNode deps = s.path("depends_on");
        if (!order.isInt()
                || !title.isTextual()
                || title.asText().isBlank()
                || title.asText().length() > TEXT_LIMIT
                || !slug.isTextual()
                || !SLUG.matcher(slug.asText()).matches()
                || !criteria.isArray()
                || criteria.isEmpty()
                || criteria.size() > CRITERIA_LIMIT
                || !deps.isArray()) {
            return Optional.empty();
        }
        List<String> texts = new ArrayList<>();
        for (JsonNode c : criteria) {
            if (!c.isTextual() || c.asText().isBlank() || c.asText().length() > TEXT_LIMIT) {
                return Optional.empty();
            }
            texts.add(c.asText());
        }
        List<Integer> dependsOn = new ArrayList<>();
        for (JsonNode dep : deps) {
            if (!dep.isInt()) {
                return Optional.empty();
            }
            dependsOn.add(dep.asInt());
        }
        return Optional.of(new RunDecomposed.Subtask(order.asInt(), title.asText(), slug.asText(), texts, dependsOn));
    }

    /**
     * The subtask prompt tokens: empty when no subtask is under way; else its order, the count, its spec's
     * path and, when it depends on earlier subtasks, the handoff's path. Both files are written (again) here,
     * from the log, so a resumed run finds them as the first attempt did.
     */
    static Map<String, String> tokens(RunContext ctx, RunState state) {
        Map<String, String> values = new HashMap<>();
        RunSubtasks sub = state.subtasks();
        Optional<RunDecomposed.Subtask> spec = sub.spec();
        if (!sub.active() || spec.isEmpty()) {
            return values;
        }
        RunDecomposed.Subtask s = spec.get();
        values.put("subtask_order", Integer.toString(s.order()));
        values.put("subtask_count", Integer.toString(sub.count()));
        String specPath = folder(ctx) + "/" + name(s) + ".md";
        write(ctx, specPath, spec(s));
        values.put("subtask_spec_path", specPath);
        if (!s.dependsOn().isEmpty()) {
            String handoff = folder(ctx) + "/" + name(s) + ".predecessors.md";
            write(ctx, handoff, predecessors(ctx, sub, s));
            values.put("predecessor_context", handoff);
        }
        return values;
    }

    /** Where a task's subtask files are kept: wb's local folder, never the tree under review. */
    static String folder(RunContext ctx) {
        return ".workflow/local/run/" + ctx.key() + "/subtasks";
    }

    private static String name(RunDecomposed.Subtask s) {
        return String.format("%02d-%s", s.order(), s.slug());
    }

    private static String spec(RunDecomposed.Subtask s) {
        StringBuilder b = new StringBuilder();
        b.append("# Subtask ")
                .append(String.format("%02d", s.order()))
                .append(": ")
                .append(s.title())
                .append("\n\n");
        b.append("slug: ").append(s.slug()).append('\n');
        b.append("depends_on: ")
                .append(
                        s.dependsOn().isEmpty()
                                ? "none"
                                : String.join(
                                        ", ",
                                        s.dependsOn().stream()
                                                .map(String::valueOf)
                                                .toList()))
                .append("\n\n## Acceptance criteria\n\n");
        s.acceptanceCriteria().forEach(c -> b.append("- ").append(c).append('\n'));
        return b.toString();
    }

    private static String predecessors(RunContext ctx, RunSubtasks sub, RunDecomposed.Subtask s) {
        StringBuilder b = new StringBuilder("# What the subtasks before ")
                .append(String.format("%02d", s.order()))
                .append(" left\n");
        for (int dep : s.dependsOn()) {
            RunDecomposed.Subtask p = sub.specs().get(dep - 1);
            b.append("\n## Subtask ")
                    .append(String.format("%02d", dep))
                    .append(": ")
                    .append(p.title())
                    .append("\n\n");
            b.append("spec: ").append(folder(ctx)).append('/').append(name(p)).append(".md\n");
            sub.finished().stream().filter(f -> f.order() == dep).findFirst().ifPresent(f -> {
                b.append("HEAD when it finished: ")
                        .append(f.head().orElse("(none)"))
                        .append('\n');
                b.append("paths changed against HEAD then:\n");
                f.changedPaths().forEach(path -> b.append("- ").append(path).append('\n'));
            });
            b.append("acceptance criteria:\n");
            p.acceptanceCriteria().forEach(c -> b.append("- ").append(c).append('\n'));
        }
        return b.toString();
    }

    /** Writes a subtask file atomically, refusing a folder a symbolic link leads elsewhere. */
    private static void write(RunContext ctx, String relative, String text) {
        Path file = ctx.root().resolve(relative);
        try {
            Path dir = file.getParent();
            for (Path p = dir; p != null && p.startsWith(ctx.root()) && !p.equals(ctx.root()); p = p.getParent()) {
                if (Files.isSymbolicLink(p)) {
                    throw new IOException(ctx.root().relativize(p) + " is a symbolic link");
                }
            }
            Files.createDirectories(dir);
            if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)
                    && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException(relative + " is not a regular file");
            }
            AtomicFiles.write(file, text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write the subtask file " + relative + ": " + e.getMessage(),
                    List.of("remove what stands in its place (.workflow/local/run/ is wb's own), then: wb run "
                            + ctx.key()));
        }
    }

    /** The digest of the node's stored output. */
    private static Optional<String> output(NodeResult result) {
        return result.artifacts().stream()
                .filter(a -> a.name().equals("output"))
                .map(NodeFinished.Artifact::digest)
                .findFirst();
    }
}
