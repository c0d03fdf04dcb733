package dev.wb.commands.run;

import dev.wb.commands.flow.FlowNode;
import dev.wb.commands.flow.FlowVocabulary;
import dev.wb.commands.process.NodeProcess;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.run.RunState;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The provider sessions of agent and evaluator nodes (docs/RUNS.md, "Sessions and lineages"). A node in a
 * lineage ({@code editing_lineage}: its {@code lineage_affinity}, else itself; {@code resume_own_lineage}:
 * itself) continues the lineage's latest session when the run's log has one of the same provider, and
 * starts a new one otherwise; a {@code fresh_disposable} node has no session of its own to keep. Claude's
 * session id is chosen by wb ({@code --session-id}, then {@code --resume}); Codex's is read from what
 * {@code codex exec} prints, and continued with {@code codex exec … resume ID}.
 */
final class Sessions {

    static final String CODEX = "codex";

    private static final String UUID_SHAPE =
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
    private static final Pattern ID = Pattern.compile(UUID_SHAPE);
    /** {@code codex exec}'s banner on stderr: {@code session id: <uuid>}. */
    private static final Pattern BANNER = Pattern.compile("(?im)^\\s*session id:\\s*(" + UUID_SHAPE + ")\\s*$");
    /** {@code codex exec --json}'s first event: {@code {"type":"thread.started","thread_id":"<uuid>"}}. */
    private static final Pattern THREAD_STARTED = Pattern.compile(
            "\"type\"\\s*:\\s*\"thread\\.started\"[^\\n]*?\"thread_id\"\\s*:\\s*\"(" + UUID_SHAPE + ")\"");
    /**
     * What Claude and Codex print on stderr when the session to continue does not exist (any more), each
     * followed on its line by the session's id: only such a line, naming the very id wb asked for, counts.
     */
    private static final Pattern REFUSED = Pattern.compile("(?i)(no conversation found with session id"
            + "|no rollout found for thread id|no saved session found|session not found|no such session)[^\n]*");

    /**
     * How one call of a node in a lineage runs.
     *
     * @param lineage the lineage's owner node
     * @param resume the session to continue (one of this provider's, from the log), or empty for a new one
     * @param continuation whether the call may take the node's {@code resume_role_file}: it continues a
     *     session on which this node already had a turn
     */
    record Plan(String lineage, String provider, Optional<String> resume, boolean continuation) {

        /** The same lineage in a new session (a refused continuation's second call). */
        Plan fresh() {
            return new Plan(lineage, provider, Optional.empty(), false);
        }
    }

    private Sessions() {}

    /** The lineage a node's session belongs to, or empty for a {@code fresh_disposable} node. */
    static Optional<String> lineage(FlowNode node) {
        if (node.sessionScope().equals(FlowVocabulary.RESUME_OWN_LINEAGE)) {
            return Optional.of(node.id());
        }
        if (node.kind().equals("agent") && node.sessionScope().equals(FlowVocabulary.EDITING_LINEAGE)) {
            return Optional.of(node.lineageAffinity().orElse(node.id()));
        }
        return Optional.empty();
    }

    /**
     * The node's plan in the run as the log has it, or empty when it keeps no session. Another provider's
     * session is never continued: the node then starts one of its own provider.
     */
    static Optional<Plan> plan(FlowNode node, String provider, RunState state) {
        return lineage(node).map(lineage -> {
            Optional<RunState.Lineage> latest = Optional.ofNullable(
                            state.lineages().get(lineage))
                    .filter(l -> l.provider().equals(provider))
                    .filter(l -> ID.matcher(l.session()).matches());
            return new Plan(
                    lineage,
                    provider,
                    latest.map(RunState.Lineage::session),
                    latest.filter(l -> l.spoken().contains(node.id())).isPresent());
        });
    }

    /** A new session id wb chooses (Claude's {@code --session-id}); Codex chooses its own. */
    static String newId() {
        return UUID.randomUUID().toString();
    }

    /** The words that go just before the prompt: Claude's session flag, or Codex's {@code resume ID}. */
    static List<String> words(Plan plan, String newId) {
        if (plan.provider().equals(CODEX)) {
            return plan.resume().map(id -> List.of("resume", id)).orElse(List.of());
        }
        return plan.resume().map(id -> List.of("--resume", id)).orElseGet(() -> List.of("--session-id", newId));
    }

    /** The session the call used: Claude's is wb's; Codex's is the one it printed, else the one resumed. */
    static NodeFinished.Session used(Plan plan, String newId, NodeProcess.Ended ended, Optional<String> refused) {
        Optional<String> id = plan.provider().equals(CODEX)
                ? printed(ended.stdout(), ended.stderr()).or(plan::resume)
                : Optional.of(plan.resume().orElse(newId));
        return new NodeFinished.Session(
                plan.lineage(), plan.provider(), id, plan.resume().isPresent(), refused);
    }

    /** The session id {@code codex exec} printed: its banner's {@code session id:} line, or a JSON {@code thread.started}. */
    static Optional<String> printed(String stdout, String stderr) {
        for (String text : List.of(stderr, stdout)) {
            Matcher banner = BANNER.matcher(text);
            if (banner.find()) {
                return Optional.of(banner.group(1));
            }
            Matcher thread = THREAD_STARTED.matcher(text);
            if (thread.find()) {
                return Optional.of(thread.group(1));
            }
        }
        return Optional.empty();
    }

    /** Whether a continuation failed because the provider has no such session (then a new one is started once). */
    static boolean refused(Plan plan, NodeProcess.Ended ended) {
        return plan.resume().isPresent()
                && ended.started()
                && !ended.timedOut()
                && ended.exitCode() != 0
                && REFUSED.matcher(ended.stderr())
                        .results()
                        .anyMatch(m -> m.group()
                                .toLowerCase(Locale.ROOT)
                                .contains(plan.resume().get().toLowerCase(Locale.ROOT)));
    }
}
