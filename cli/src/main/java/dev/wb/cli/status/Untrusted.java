package dev.wb.cli.status;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.wb.commands.ReplicaTrust;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import java.util.List;

/** The fetched replicas that count for nothing here, as {@code wb status} shows them (docs/SYNC.md, "Trust"). */
final class Untrusted {

    private Untrusted() {}

    /** One line each: the replica, why it does not count, and where its events can be read. */
    static List<String> lines(List<ReplicaTrust.Verdict> untrusted) {
        return untrusted.stream()
                .map(v -> "untrusted: replica " + v.replica() + " (" + TerminalText.escape(v.why())
                        + "): fetched and shown by wb sync log, counted by nothing")
                .toList();
    }

    /** {@code [{"replica", "why"}]}. */
    static ArrayNode json(List<ReplicaTrust.Verdict> untrusted) {
        ArrayNode list = CanonicalJson.objectNode().arrayNode();
        untrusted.forEach(v -> list.addObject().put("replica", v.replica()).put("why", v.why()));
        return list;
    }
}
