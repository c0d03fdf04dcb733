package dev.wb.projections.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.RunFinished;
import java.math.BigDecimal;

/**
 * What one stream's {@code wb run}s add up to, for {@code wb status --stats}: its ended runs by their
 * status, whether its latest run is still going ({@code running}, {@code parked}), the nodes finished, and
 * the provider usage the nodes reported (tokens, and the costs that read as decimals, summed exactly).
 *
 * @param active {@code running} or {@code parked} while the stream's latest run has not ended, else {@code ""}
 */
public record RunTotals(long done, long failed, long manual, String active, long nodes, long tokens, BigDecimal cost) {

    public static final String RUNNING = "running";
    public static final String PARKED = "parked";

    public static final RunTotals NONE = new RunTotals(0, 0, 0, "", 0, 0, BigDecimal.ZERO);

    RunTotals withActive(String state) {
        return new RunTotals(done, failed, manual, state, nodes, tokens, cost);
    }

    RunTotals withNode(NodeFinished node) {
        long more = node.usage().map(NodeFinished.Usage::tokens).orElse(0L);
        BigDecimal amount = node.usage().flatMap(NodeFinished.Usage::amount).orElse(BigDecimal.ZERO);
        return new RunTotals(done, failed, manual, active, nodes + 1, tokens + more, cost.add(amount));
    }

    RunTotals withFinished(RunFinished.Status status) {
        return new RunTotals(
                done + (status == RunFinished.Status.DONE ? 1 : 0),
                failed + (status == RunFinished.Status.FAILED ? 1 : 0),
                manual + (status == RunFinished.Status.MANUAL ? 1 : 0),
                "",
                nodes,
                tokens,
                cost);
    }

    void write(ObjectNode node) {
        node.put("done", done)
                .put("failed", failed)
                .put("manual", manual)
                .put("active", active)
                .put("nodes", nodes)
                .put("tokens", tokens)
                .put("cost", cost.toPlainString());
    }

    static RunTotals read(JsonNode n) {
        return new RunTotals(
                n.required("done").longValue(),
                n.required("failed").longValue(),
                n.required("manual").longValue(),
                n.required("active").asText(),
                n.required("nodes").longValue(),
                n.required("tokens").longValue(),
                new BigDecimal(n.required("cost").asText()));
    }
}
