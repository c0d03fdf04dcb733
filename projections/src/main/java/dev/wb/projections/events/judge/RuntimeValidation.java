package dev.wb.projections.events.judge;

import dev.wb.projections.events.WireName;

/**
 * What is known now of a reviewed record's runtime validation, as {@code wb judge verify} establishes it
 * and {@link JudgeRecordVerified.VerifiedNow#runtime()} records it.
 *
 * <p>A value this wb does not know reads as {@link #UNKNOWN}: failing closed, a verification whose runtime
 * standing cannot be read is taken to have established nothing about the commands.
 */
public enum RuntimeValidation implements WireName {
    /** A pinned receipt or a fresh run backs the record's claims. */
    VERIFIED("verified"),
    /** The record's own claims, taken on trust. */
    TRUSTED("trusted"),
    /** Not known: a legacy capsule without a validation section, or a record that could not be read. */
    UNKNOWN("unknown"),
    /** A documentation capsule: it declares no runtime validation. */
    NOT_APPLICABLE("not-applicable-to-runtime");

    private final String wire;

    RuntimeValidation(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }

    /** The value a payload names, read totally: {@link #UNKNOWN} for one this wb does not know. */
    static RuntimeValidation read(String wire) {
        return WireName.of(RuntimeValidation.class, wire, UNKNOWN);
    }
}
