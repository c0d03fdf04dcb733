package dev.wb.commands.capsule;

import java.math.BigInteger;
import java.util.List;

/**
 * One declared acceptance criterion: {@code - AC-<n>: text} at a line of acceptance-criteria.md,
 * its continuation lines in {@code text}, and the proof it declares. The number is a
 * {@link BigInteger}: identifiers are compared as numbers, whatever their length.
 */
public record Criterion(
        String id, BigInteger number, int line, String text, List<String> proofCommands, List<String> proofDocs) {

    public Criterion {
        proofCommands = List.copyOf(proofCommands);
        proofDocs = List.copyOf(proofDocs);
        if (!id.equals(AcceptanceCriteria.id(number))) {
            throw new IllegalArgumentException("criterion " + id + " has the number " + number);
        }
    }
}
