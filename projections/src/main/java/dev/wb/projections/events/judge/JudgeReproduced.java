package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.List;

/**
 * {@code wb judge reproduce} ran a declared generator from the base and compared its paths.
 *
 * @param snapshot what was reproduced
 * @param base from where
 * @param generatorCommit with which generator
 * @param passed every declared path reproduced exactly, nothing else written
 * @param mismatched declared paths that differ
 * @param unchanged declared paths the generator left unchanged
 * @param stray paths written outside the declaration
 */
public record JudgeReproduced(
        String snapshot,
        String base,
        String generatorCommit,
        boolean passed,
        List<String> mismatched,
        List<String> unchanged,
        List<String> stray)
        implements WbEvent {

    static final String SNAPSHOT = "snapshot";
    static final String BASE = "base";
    static final String GENERATOR_COMMIT = "generatorCommit";
    static final String PASSED = "passed";
    static final String MISMATCHED = "mismatched";
    static final String UNCHANGED = "unchanged";
    static final String STRAY = "stray";

    public static final EventType<JudgeReproduced> TYPE = EventType.of(
            "judge.reproduced",
            List.of(SNAPSHOT, BASE, GENERATOR_COMMIT, PASSED, MISMATCHED, UNCHANGED, STRAY),
            JudgeReproduced::read);

    public JudgeReproduced {
        mismatched = List.copyOf(mismatched);
        unchanged = List.copyOf(unchanged);
        stray = List.copyOf(stray);
    }

    @Override
    public EventType<JudgeReproduced> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(SNAPSHOT, snapshot);
        p.put(BASE, base);
        p.put(GENERATOR_COMMIT, generatorCommit);
        p.put(PASSED, passed);
        Reads.putTexts(p, MISMATCHED, mismatched);
        Reads.putTexts(p, UNCHANGED, unchanged);
        Reads.putTexts(p, STRAY, stray);
        return p;
    }

    private static JudgeReproduced read(ObjectNode p) {
        return new JudgeReproduced(
                Reads.text(p.path(SNAPSHOT)),
                Reads.text(p.path(BASE)),
                Reads.text(p.path(GENERATOR_COMMIT)),
                p.path(PASSED).asBoolean(),
                Reads.texts(p.path(MISMATCHED)),
                Reads.texts(p.path(UNCHANGED)),
                Reads.texts(p.path(STRAY)));
    }
}
