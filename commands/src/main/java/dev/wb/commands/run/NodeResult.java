package dev.wb.commands.run;

import dev.wb.commands.process.ProcessGroups;
import dev.wb.projections.events.run.NodeFinished;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What one node's work came to, before it is recorded as {@code node.finished}.
 *
 * @param outcome the edge-choosing outcome, or {@code incomplete}, {@code crashed}, {@code manual} for a
 *     node that only a person can finish
 * @param wall whether the node was killed because the run's wall time limit ran out (the run then ends)
 * @param session the provider session an agent or evaluator of a lineage used
 * @param stopped what was left running of the node's process group when its program ended, and stopped
 */
record NodeResult(
        String outcome,
        List<NodeFinished.Artifact> artifacts,
        Optional<String> severity,
        Optional<NodeFinished.Usage> usage,
        Optional<String> reason,
        boolean wall,
        Optional<NodeFinished.Session> session,
        Optional<NodeFinished.Stopped> stopped) {

    static final String INCOMPLETE = "incomplete";
    static final String CRASHED = "crashed";
    static final String MANUAL = "manual";

    NodeResult {
        artifacts = List.copyOf(artifacts);
    }

    NodeResult(
            String outcome,
            List<NodeFinished.Artifact> artifacts,
            Optional<String> severity,
            Optional<NodeFinished.Usage> usage,
            Optional<String> reason,
            boolean wall) {
        this(outcome, artifacts, severity, usage, reason, wall, Optional.empty(), Optional.empty());
    }

    NodeResult(
            String outcome,
            List<NodeFinished.Artifact> artifacts,
            Optional<String> severity,
            Optional<NodeFinished.Usage> usage,
            Optional<String> reason) {
        this(outcome, artifacts, severity, usage, reason, false);
    }

    /** The same result, recording the provider session the node used. */
    NodeResult withSession(Optional<NodeFinished.Session> used) {
        return new NodeResult(outcome, artifacts, severity, usage, reason, wall, used, stopped);
    }

    /** The same result, recording what was left of the node's process group at its end (nothing: none). */
    /** The same result, recording what another result of the same node recorded it stopped. */
    NodeResult withStopped(Optional<NodeFinished.Stopped> what) {
        return new NodeResult(outcome, artifacts, severity, usage, reason, wall, session, what);
    }

    NodeResult withStopped(ProcessGroups.Strays strays) {
        Optional<NodeFinished.Stopped> what = strays.processes() == 0 && strays.left() == 0
                ? Optional.empty()
                : Optional.of(new NodeFinished.Stopped(strays.processes(), strays.killed(), strays.left()));
        return new NodeResult(outcome, artifacts, severity, usage, reason, wall, session, what);
    }

    /** A node killed because the run's wall time ran out before it ended: the run ends for a person. */
    static NodeResult wallSpent(
            List<NodeFinished.Artifact> artifacts, Optional<NodeFinished.Usage> usage, Duration ranFor) {
        return new NodeResult(
                MANUAL,
                artifacts,
                Optional.empty(),
                usage,
                Optional.of("killed after " + ranFor.toSeconds() + " s: the run's wall time limit ran out"),
                true);
    }

    /** The time limit a node's process gets: its own, or what is left of the run's wall time when that is less. */
    static Duration timeout(int ownSeconds, Duration wallLeft) {
        Duration own = Duration.ofSeconds(ownSeconds);
        return wallLeft.compareTo(own) < 0 ? wallLeft : own;
    }

    static NodeResult of(String outcome) {
        return new NodeResult(outcome, List.of(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    static NodeResult of(String outcome, String reason) {
        return new NodeResult(outcome, List.of(), Optional.empty(), Optional.empty(), Optional.of(reason));
    }

    /** Whether the run ends here for a person, whatever the edges say. */
    boolean needsPerson() {
        return outcome.equals(INCOMPLETE) || outcome.equals(CRASHED) || outcome.equals(MANUAL);
    }

    NodeFinished finished(String node, long durationMs) {
        return new NodeFinished(node, outcome, durationMs, artifacts, severity, usage, reason, session, stopped);
    }
}
