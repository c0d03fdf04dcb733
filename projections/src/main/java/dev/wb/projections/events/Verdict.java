package dev.wb.projections.events;

/**
 * The verdict a check of wb writes: one closed set shared on the wire by {@code plan.audited} (pass, fail),
 * {@code scope.checked} (pass, deviation), {@code checks.ran} (pass, fail, incomplete) and
 * {@code verify.finished} (pass, fail, interrupted). Only {@link #PASS} passes; each record's reader names
 * the verdict an unknown wire name falls back to, one that passes nothing.
 */
public enum Verdict implements WireName {
    /** The check passed: the one verdict that opens a gate. */
    PASS("pass"),
    /** The check ran and failed. */
    FAIL("fail"),
    /** A scope check found a changed path no plan allows. */
    DEVIATION("deviation"),
    /** A checks run could not run every command it selected. */
    INCOMPLETE("incomplete"),
    /** A verify run was interrupted before its last command. */
    INTERRUPTED("interrupted");

    private final String wireName;

    Verdict(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /** Whether this verdict passes: {@link #PASS} only. */
    public boolean passes() {
        return this == PASS;
    }
}
