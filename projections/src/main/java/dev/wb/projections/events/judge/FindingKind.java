package dev.wb.projections.events.judge;

import dev.wb.projections.events.WireName;

/**
 * The kinds of finding {@code wb review gates} reports, each for one of the original's gates, as {@link
 * ReviewGated} records them.
 *
 * <p>A kind this wb does not know reads as {@link #SECRET}: failing closed, a finding whose kind cannot be
 * read is taken at the gravest, never as one that may be let through.
 */
public enum FindingKind implements WireName {
    SECRET("secret", "no secret in code or in a committed file", "high"),
    SWALLOWED_ERROR("swallowed-error", "no error swallowed silently; preserve the cause", "medium"),
    DEPENDENCY("dependency", "no new dependency without a stated owner and a justification", "medium"),
    REGRESSION_TEST("regression-test", "every bug fix lands with a regression test that fails without it", "high");

    private final String wireName;
    private final String gate;
    private final String severity;

    FindingKind(String wireName, String gate, String severity) {
        this.wireName = wireName;
        this.gate = gate;
        this.severity = severity;
    }

    /** The name in {@code --json} and in the {@code review.gated} event. */
    @Override
    public String wireName() {
        return wireName;
    }

    /** The gate, in the original's words. */
    public String gate() {
        return gate;
    }

    /** {@code high} or {@code medium}, as the original grades it. */
    public String severity() {
        return severity;
    }

    /** The kind a payload names, or {@link #SECRET} for one this wb does not know. */
    static FindingKind read(String wire) {
        return WireName.of(FindingKind.class, wire, SECRET);
    }
}
