package dev.wb.cli.core;

import dev.wb.commands.Failure;

/** wb's exit codes (docs/ARCHITECTURE.md, PRODUCT.md), mapped in this one place. */
public final class ExitCodes {

    public static final int OK = 0;
    public static final int NOT_COMPLETED = 1;
    public static final int USAGE = 2;
    public static final int CONFIG = 3;
    public static final int MISSING = 6;
    public static final int CHECK_FAILED = 7;
    /** Not a wb contract: something wb did not foresee. Reported without a stack trace unless WB_DEBUG=1. */
    public static final int INTERNAL = 70;

    private ExitCodes() {}

    public static int of(Failure.Kind kind) {
        return switch (kind) {
            case NOT_COMPLETED -> NOT_COMPLETED;
            case USAGE -> USAGE;
            case CONFIG -> CONFIG;
            case MISSING -> MISSING;
            case CHECK_FAILED -> CHECK_FAILED;
        };
    }
}
