package dev.wb.commands.capsule;

/**
 * The kinds of defect acceptance-criteria.md can have (docs/CAPSULE.md). An identity defect leaves
 * the set of identifiers in doubt, so {@code wb task migrate-criteria} numbers nothing in that file.
 */
enum CriteriaDefect {
    MISSING_IDENTIFIER(false),
    MALFORMED_IDENTIFIER(true),
    DUPLICATE_IDENTIFIER(true),
    MALFORMED_RETIREMENT(true),
    DUPLICATE_RETIREMENT(true),
    RETIRED_BUT_ACTIVE(true),
    CRITERION_AFTER_FOOTER(true),
    /** A {@code *}, {@code +} or {@code 1.} list item at column 0: a criterion nobody can number. */
    NOT_A_DASH_BULLET(true),
    /** A fence never closed hides every line after it, bullets included. */
    UNCLOSED_FENCE(true),
    /** The file is not UTF-8 text, so no line of it can be read. */
    NOT_TEXT(true),
    EMPTY_BULLET(false),
    CRITERION_WITHOUT_TEXT(false),
    UNINDENTED_CONTINUATION(false),
    TEXT_AFTER_FOOTER(false),
    ORPHANED_PROOF(false),
    UNSUPPORTED_PROOF(false),
    EMPTY_PROOF(false),
    UNSAFE_PROOF_DOC(false),
    NO_CRITERIA(false);

    final boolean identity;

    CriteriaDefect(boolean identity) {
        this.identity = identity;
    }
}
