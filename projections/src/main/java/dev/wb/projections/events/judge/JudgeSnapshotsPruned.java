package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code wb judge prune --force} deleted snapshots (workspace stream).
 *
 * @param keep the newest snapshots kept
 * @param deleted snapshots removed, with their receipts
 * @param kept snapshots kept: the newest and their ancestors
 * @param broken folders that are not loadable snapshots, reported and left
 */
public record JudgeSnapshotsPruned(int keep, List<String> deleted, List<String> kept, List<Broken> broken)
        implements WbEvent {

    static final String KEEP = "keep";
    static final String DELETED = "deleted";
    static final String KEPT = "kept";
    static final String BROKEN = "broken";
    static final String DIR = "dir";
    static final String REASON = "reason";

    public static final EventType<JudgeSnapshotsPruned> TYPE =
            EventType.of("judge.snapshots.pruned", List.of(KEEP, DELETED, KEPT, BROKEN), JudgeSnapshotsPruned::read);

    /** A folder under snapshots/ that is not a loadable snapshot, and why. */
    public record Broken(String dir, String reason) {}

    public JudgeSnapshotsPruned {
        deleted = List.copyOf(deleted);
        kept = List.copyOf(kept);
        broken = List.copyOf(broken);
    }

    @Override
    public EventType<JudgeSnapshotsPruned> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(KEEP, keep);
        Reads.putTexts(p, DELETED, deleted);
        Reads.putTexts(p, KEPT, kept);
        ArrayNode list = p.putArray(BROKEN);
        broken.forEach(b -> list.addObject().put(DIR, b.dir()).put(REASON, b.reason()));
        return p;
    }

    private static JudgeSnapshotsPruned read(ObjectNode p) {
        List<Broken> broken = new ArrayList<>();
        p.path(BROKEN).forEach(b -> broken.add(new Broken(Reads.text(b.path(DIR)), Reads.text(b.path(REASON)))));
        return new JudgeSnapshotsPruned(
                p.path(KEEP).asInt(), Reads.texts(p.path(DELETED)), Reads.texts(p.path(KEPT)), broken);
    }
}
