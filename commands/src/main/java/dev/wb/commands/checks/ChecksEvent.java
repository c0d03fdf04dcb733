package dev.wb.commands.checks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.NewEvent;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.WbEvents;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The {@code checks.ran} event of one run (docs/EVENTS.md): the diff's size, the selection with its
 * reasons, every command with its capped, redacted output, the verdict, the skipped sets, whether
 * auto-merge is blocked and the commands that changed the working tree. An event is at most 120 KiB, so
 * when the outputs together pass {@value #MAX_OUTPUT_BYTES} bytes each keeps only its end (where failures
 * are), evenly shared; and
 * should the whole still not fit (thousands of argv words, say), {@link EventFit} shortens every long
 * text in it, argv included, each marked with what it lost.
 */
final class ChecksEvent {

    static final int MAX_OUTPUT_BYTES = 64 * 1024;
    static final String CUT = "[…]";

    private ChecksEvent() {}

    static NewEvent of(
            int changedPaths,
            List<CommandSetSelection.Selected> selected,
            List<CheckResult> results,
            ChecksVerdict verdict,
            List<String> skippedSets,
            List<Mutation> mutations) {
        ObjectNode p = CanonicalJson.objectNode();
        p.put("changedPaths", changedPaths);
        ArrayNode sets = p.putArray("selected");
        selected.forEach(s -> sets.addObject().put("name", s.set().name()).put("reason", s.reason()));
        ArrayNode commands = p.putArray("commands");
        int share = share(results);
        for (CheckResult r : results) {
            ObjectNode c = commands.addObject();
            c.put("set", r.set());
            r.argv().forEach(c.putArray("argv")::add);
            c.put("outcome", r.outcome().wireName());
            c.put("exitCode", r.exitCode());
            c.put("durationMillis", r.durationMillis());
            c.put("output", tail(r.output(), share));
        }
        p.put("verdict", verdict.wireName());
        ArrayNode skipped = p.putArray("skippedSets");
        skippedSets.forEach(skipped::add);
        p.put("autoMergeBlocked", !skippedSets.isEmpty());
        ArrayNode changedTree = p.putArray("mutations");
        for (Mutation m : mutations) {
            ObjectNode o = changedTree.addObject();
            o.put("set", m.set());
            m.argv().forEach(o.putArray("argv")::add);
            m.paths().forEach(o.putArray("paths")::add);
        }
        return new NewEvent(WbEvents.CHECKS_RAN, WbEvents.CHECKS_RAN_VERSION, EventFit.fit(p));
    }

    /** Characters each output may keep: all of them while the outputs fit together. */
    private static int share(List<CheckResult> results) {
        long total = results.stream()
                .mapToLong(r -> r.output().getBytes(StandardCharsets.UTF_8).length)
                .sum();
        return total <= MAX_OUTPUT_BYTES ? Integer.MAX_VALUE : MAX_OUTPUT_BYTES / 4 / results.size();
    }

    private static String tail(String output, int keep) {
        if (output.length() <= keep) {
            return output;
        }
        int from = output.length() - keep;
        if (Character.isLowSurrogate(output.charAt(from))) {
            from++;
        }
        return CUT + output.substring(from);
    }
}
