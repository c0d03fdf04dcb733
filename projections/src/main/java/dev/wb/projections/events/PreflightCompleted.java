package dev.wb.projections.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb preflight} gave its verdict (workspace stream), secret-free like its output: every line in
 * its fixed order, the counts, the env-file's path when one was loaded (never its values) and the paid
 * probe's record when one was asked for. Its payload, unfitted, is also {@code wb preflight --json}'s
 * document, in this field order.
 *
 * @param verdict {@link Readiness#READY} or {@link Readiness#NOT_READY}; a value this wb does not know reads
 *     as not ready
 * @param failures FAIL lines
 * @param warnings WARN lines
 * @param envFile written as null when no env-file was loaded
 * @param paidProbe written as null without {@code --paid-isolation-probe}
 * @param truncated what was dropped to fit the log, if anything was
 */
public record PreflightCompleted(
        List<Line> lines,
        Readiness verdict,
        long failures,
        long warnings,
        Optional<String> envFile,
        Optional<PaidProbe> paidProbe,
        Optional<Truncated> truncated)
        implements WbEvent {

    static final String LINES = "lines";
    static final String VERDICT = "verdict";
    static final String FAILURES = "failures";
    static final String WARNINGS = "warnings";
    static final String ENV_FILE = "envFile";
    static final String PAID_PROBE = "paidProbe";
    static final String SUBJECT = "subject";
    static final String TEXT = "text";
    static final String DECLINED = "declined";
    static final String REASON = "reason";
    static final String PROVIDER = "provider";
    static final String VERDICTS = "verdicts";
    static final String EVIDENCE = "evidence";

    /** The run's verdict: ready when no line failed. */
    public enum Readiness implements WireName {
        READY("ready"),
        NOT_READY("not ready");

        private final String wireName;

        Readiness(String wireName) {
            this.wireName = wireName;
        }

        @Override
        public String wireName() {
            return wireName;
        }
    }

    /**
     * A line's verdict, its wire name the word the line prints ({@code subject: OK — …}). Only {@link #FAIL} and {@link #WARN} count toward the run's verdict; the others say what is, without
     * judging it. A value this wb does not know reads as {@link #FAIL}, which claims nothing is fine.
     */
    public enum LineVerdict implements WireName {
        OK("OK"),
        WARN("WARN"),
        FAIL("FAIL"),
        SKIP("SKIP"),
        INFO("INFO"),
        NONE("NONE"),
        ON("ON"),
        OFF("OFF");

        private final String wireName;

        LineVerdict(String wireName) {
            this.wireName = wireName;
        }

        @Override
        public String wireName() {
            return wireName;
        }
    }

    /**
     * What the paid probe found at one target: the allowed workspace path {@link #WRITTEN}, a denied one
     * {@link #REFUSED} or, not enforcing, {@link #LEAK}ed; {@link #NOT_DEMONSTRATED} when the allowed write did
     * not happen, so a refusal proves nothing. A value this wb does not know reads as {@link #NOT_DEMONSTRATED}.
     */
    public enum ProbeVerdict implements WireName {
        WRITTEN("WRITTEN"),
        REFUSED("REFUSED"),
        LEAK("LEAK"),
        NOT_DEMONSTRATED("NOT DEMONSTRATED");

        private final String wireName;

        ProbeVerdict(String wireName) {
            this.wireName = wireName;
        }

        @Override
        public String wireName() {
            return wireName;
        }
    }

    public static final EventType<PreflightCompleted> TYPE = EventType.of(
            "preflight.completed",
            List.of(VERDICT, FAILURES, WARNINGS, LINES, ENV_FILE, PAID_PROBE, Truncated.FIELD),
            PreflightCompleted::read);

    /** What {@code wb status} folds of a run, streamed. */
    private static final PayloadFields STAGES = PayloadFields.of(VERDICT);

    /**
     * One line of the report.
     *
     * @param text the whole line as printed
     */
    public record Line(String subject, LineVerdict verdict, String text) {}

    /** The paid isolation probe's record: declined (nothing spent), or run with each target's verdict. */
    public sealed interface PaidProbe {

        /** The probe was declined before anything was spent, and why. */
        record Declined(String reason) implements PaidProbe {}

        /**
         * The probe ran.
         *
         * @param verdicts each target's verdict, in the order the probe checked them
         * @param evidence where its evidence was written
         */
        record Ran(String provider, Map<String, ProbeVerdict> verdicts, String evidence) implements PaidProbe {
            public Ran {
                verdicts = Collections.unmodifiableMap(new LinkedHashMap<>(verdicts));
            }
        }
    }

    public PreflightCompleted {
        lines = List.copyOf(lines);
    }

    @Override
    public EventType<PreflightCompleted> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        ArrayNode array = p.putArray(LINES);
        lines.forEach(l -> array.addObject()
                .put(SUBJECT, l.subject())
                .put(VERDICT, l.verdict().wireName())
                .put(TEXT, l.text()));
        p.put(VERDICT, verdict.wireName());
        p.put(FAILURES, failures);
        p.put(WARNINGS, warnings);
        envFile.ifPresentOrElse(f -> p.put(ENV_FILE, f), () -> p.putNull(ENV_FILE));
        paidProbe.ifPresentOrElse(probe -> p.set(PAID_PROBE, paidProbe(probe)), () -> p.putNull(PAID_PROBE));
        Truncated.write(truncated, p);
        return p;
    }

    private static ObjectNode paidProbe(PaidProbe probe) {
        ObjectNode o = CanonicalJson.objectNode();
        if (probe instanceof PaidProbe.Declined declined) {
            o.put(DECLINED, true);
            o.put(REASON, declined.reason());
        } else if (probe instanceof PaidProbe.Ran ran) {
            o.put(PROVIDER, ran.provider());
            ObjectNode verdicts = o.putObject(VERDICTS);
            ran.verdicts().forEach((target, verdict) -> verdicts.put(target, verdict.wireName()));
            o.put(EVIDENCE, ran.evidence());
        } else {
            throw new IllegalStateException("unknown paid probe record: " + probe);
        }
        return o;
    }

    /** The verdict only, streamed (the rest reads as empty). */
    public static PreflightCompleted readStages(EventEnvelope event) {
        return read(STAGES.read(event));
    }

    private static PreflightCompleted read(ObjectNode p) {
        return new PreflightCompleted(
                PayloadLists.objects(
                        p.path(LINES),
                        l -> new Line(
                                l.path(SUBJECT).asText(),
                                WireName.of(LineVerdict.class, l.path(VERDICT).asText(), LineVerdict.FAIL),
                                l.path(TEXT).asText())),
                WireName.of(Readiness.class, p.path(VERDICT).asText(), Readiness.NOT_READY),
                p.path(FAILURES).asLong(),
                p.path(WARNINGS).asLong(),
                PayloadLists.optionalText(p.path(ENV_FILE)),
                p.path(PAID_PROBE).isObject() ? Optional.of(paidProbe(p.path(PAID_PROBE))) : Optional.empty(),
                Truncated.read(p));
    }

    private static PaidProbe paidProbe(JsonNode o) {
        if (o.path(DECLINED).asBoolean()) {
            return new PaidProbe.Declined(o.path(REASON).asText());
        }
        Map<String, ProbeVerdict> verdicts = new LinkedHashMap<>();
        o.path(VERDICTS)
                .properties()
                .forEach(e -> verdicts.put(
                        e.getKey(),
                        WireName.of(ProbeVerdict.class, e.getValue().asText(), ProbeVerdict.NOT_DEMONSTRATED)));
        return new PaidProbe.Ran(
                o.path(PROVIDER).asText(), verdicts, o.path(EVIDENCE).asText());
    }
}
