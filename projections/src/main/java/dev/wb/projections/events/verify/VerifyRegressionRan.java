package dev.wb.projections.events.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.PayloadLists;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WireName;
import java.util.List;
import java.util.Optional;

/**
 * One regression test of the plan, run by {@code wb impl verify KEY --regression}: first in a work tree
 * at the merge base (the code before the change, the test copied in), where it must fail — the test
 * reproduces the bug — then in the checkout, where it must pass.
 *
 * @param target the plan's {@code tests[].target}
 * @param command the plan's verify command it ran through, with the target appended; redacted as output is
 * @param runner the runner that command counts as: its program's file name, open text from the user's plan
 *     (a versioned name counts too), as in {@link VerifyCommandRan}
 * @param baseCommit the merge base's full commit id
 * @param base the run at the merge base; empty when it could not be made
 * @param head the run in the checkout; empty when it could not be made
 * @param passed failed at the base and passed in the checkout
 * @param reason why it did not pass, when it did not
 */
public record VerifyRegressionRan(
        String target,
        String command,
        String runner,
        String baseCommit,
        Optional<Side> base,
        Optional<Side> head,
        boolean passed,
        Optional<String> reason)
        implements WbEvent {

    static final String TARGET = "target";
    static final String COMMAND = "command";
    static final String RUNNER = "runner";
    static final String BASE_COMMIT = "baseCommit";
    static final String BASE = "base";
    static final String HEAD = "head";
    static final String PASSED = "passed";
    static final String REASON = "reason";
    static final String OUTCOME = "outcome";
    static final String EXIT_CODE = "exitCode";
    static final String DURATION_MS = "durationMs";
    static final String TAIL = "tail";
    static final String OUTPUT_DIGEST = "outputDigest";
    static final String OUTPUT_BYTES = "outputBytes";

    public static final EventType<VerifyRegressionRan> TYPE = EventType.of(
            "verify.regression.ran",
            List.of(TARGET, COMMAND, RUNNER, BASE_COMMIT, BASE, HEAD, PASSED, REASON),
            VerifyRegressionRan::read);

    /**
     * One side's run: how it ended (an unknown wire name reads as {@link ProcessOutcome#NOT_STARTED}), its
     * exit code (-1 unless exited), its time, the last characters of its merged
     * output (redacted before the cut) and the digest and size of the whole output.
     */
    public record Side(
            ProcessOutcome outcome, int exitCode, long durationMs, String tail, String outputDigest, long outputBytes) {

        /** Exited 0. */
        public boolean passed() {
            return outcome == ProcessOutcome.EXITED && exitCode == 0;
        }

        ObjectNode json() {
            ObjectNode s = CanonicalJson.objectNode();
            s.put(OUTCOME, outcome.wireName());
            s.put(EXIT_CODE, exitCode);
            s.put(DURATION_MS, durationMs);
            s.put(TAIL, tail);
            s.put(OUTPUT_DIGEST, outputDigest);
            s.put(OUTPUT_BYTES, outputBytes);
            return s;
        }

        static Optional<Side> read(JsonNode s) {
            if (s == null || !s.isObject()) {
                return Optional.empty();
            }
            return Optional.of(new Side(
                    WireName.of(ProcessOutcome.class, s.path(OUTCOME).asText(), ProcessOutcome.NOT_STARTED),
                    s.path(EXIT_CODE).asInt(),
                    s.path(DURATION_MS).asLong(),
                    s.path(TAIL).asText(),
                    s.path(OUTPUT_DIGEST).asText(),
                    s.path(OUTPUT_BYTES).asLong()));
        }
    }

    @Override
    public EventType<VerifyRegressionRan> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(TARGET, target);
        p.put(COMMAND, command);
        p.put(RUNNER, runner);
        p.put(BASE_COMMIT, baseCommit);
        base.ifPresent(s -> p.set(BASE, s.json()));
        head.ifPresent(s -> p.set(HEAD, s.json()));
        p.put(PASSED, passed);
        reason.ifPresent(r -> p.put(REASON, r));
        return p;
    }

    private static VerifyRegressionRan read(ObjectNode p) {
        return new VerifyRegressionRan(
                p.path(TARGET).asText(),
                p.path(COMMAND).asText(),
                p.path(RUNNER).asText(),
                p.path(BASE_COMMIT).asText(),
                Side.read(p.get(BASE)),
                Side.read(p.get(HEAD)),
                p.path(PASSED).asBoolean(),
                PayloadLists.optionalText(p.path(REASON)));
    }
}
