package dev.wb.projections.events.verify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.PayloadFields;
import dev.wb.projections.events.PayloadLists;
import dev.wb.projections.events.Truncated;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WireName;
import java.util.List;
import java.util.Optional;

/**
 * One verify command finished: which plan command, the words it ran as (no shell), its runner, how it
 * ended, its exit code, time, the head and tail of its merged output (redacted before it was cut) and
 * the digest and size of the whole output stored beside the log.
 *
 * @param runner the runner the command counts as: its program's file name (a Windows suffix dropped), open
 *     text from the user's plan, since a versioned name ({@code python3.12}, {@code go-1.22}) counts too
 * @param outcome how the process ended; an unknown wire name reads as {@link ProcessOutcome#NOT_STARTED}
 * @param exitCode -1 unless {@code exited}
 * @param passed exited with 0
 * @param startError why it could not start, for {@code not_started} only
 * @param truncated what was dropped to fit the log, if anything was
 */
public record VerifyCommandRan(
        int index,
        String command,
        List<String> argv,
        String runner,
        ProcessOutcome outcome,
        int exitCode,
        boolean passed,
        long durationMs,
        String head,
        String tail,
        long omittedChars,
        String outputDigest,
        long outputBytes,
        Optional<String> startError,
        Optional<Truncated> truncated)
        implements WbEvent {

    static final String INDEX = "index";
    static final String COMMAND = "command";
    static final String ARGV = "argv";
    static final String RUNNER = "runner";
    static final String OUTCOME = "outcome";
    static final String EXIT_CODE = "exitCode";
    static final String PASSED = "passed";
    static final String DURATION_MS = "durationMs";
    static final String HEAD = "head";
    static final String TAIL = "tail";
    static final String OMITTED_CHARS = "omittedChars";
    static final String OUTPUT_DIGEST = "outputDigest";
    static final String OUTPUT_BYTES = "outputBytes";
    static final String START_ERROR = "startError";

    public static final EventType<VerifyCommandRan> TYPE = EventType.of(
            "verify.command.ran",
            List.of(
                    INDEX,
                    COMMAND,
                    ARGV,
                    RUNNER,
                    OUTCOME,
                    EXIT_CODE,
                    PASSED,
                    DURATION_MS,
                    HEAD,
                    TAIL,
                    OMITTED_CHARS,
                    OUTPUT_DIGEST,
                    OUTPUT_BYTES,
                    START_ERROR,
                    Truncated.FIELD),
            VerifyCommandRan::read);

    /** What {@code wb status} folds of a command, streamed without its output. */
    private static final PayloadFields STAGES = PayloadFields.of(COMMAND, OUTCOME, PASSED, DURATION_MS);

    public VerifyCommandRan {
        argv = List.copyOf(argv);
    }

    @Override
    public EventType<VerifyCommandRan> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(INDEX, index);
        p.put(COMMAND, command);
        PayloadLists.putTexts(p, ARGV, argv);
        p.put(RUNNER, runner);
        p.put(OUTCOME, outcome.wireName());
        p.put(EXIT_CODE, exitCode);
        p.put(DURATION_MS, durationMs);
        p.put(PASSED, passed);
        p.put(OUTPUT_DIGEST, outputDigest);
        p.put(OUTPUT_BYTES, outputBytes);
        p.put(HEAD, head);
        p.put(TAIL, tail);
        p.put(OMITTED_CHARS, omittedChars);
        startError.ifPresent(e -> p.put(START_ERROR, e));
        Truncated.write(truncated, p);
        return p;
    }

    /** The command, its outcome, whether it passed and its time only, streamed (the rest reads as empty). */
    public static VerifyCommandRan readStages(EventEnvelope event) {
        return read(STAGES.read(event));
    }

    private static VerifyCommandRan read(ObjectNode p) {
        return new VerifyCommandRan(
                p.path(INDEX).asInt(),
                p.path(COMMAND).asText(),
                PayloadLists.texts(p.path(ARGV)),
                p.path(RUNNER).asText(),
                WireName.of(ProcessOutcome.class, p.path(OUTCOME).asText(), ProcessOutcome.NOT_STARTED),
                p.path(EXIT_CODE).asInt(),
                p.path(PASSED).asBoolean(),
                p.path(DURATION_MS).asLong(),
                p.path(HEAD).asText(),
                p.path(TAIL).asText(),
                p.path(OMITTED_CHARS).asLong(),
                p.path(OUTPUT_DIGEST).asText(),
                p.path(OUTPUT_BYTES).asLong(),
                PayloadLists.optionalText(p.path(START_ERROR)),
                Truncated.read(p));
    }
}
