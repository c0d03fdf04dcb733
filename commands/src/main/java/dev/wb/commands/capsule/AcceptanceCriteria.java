package dev.wb.commands.capsule;

import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * What acceptance-criteria.md declares (docs/CAPSULE.md): the criteria in file order, the retired
 * identifiers, the defects (each at its line; any defect blocks verification), and the lines of the
 * bullets that have no identifier yet, which {@code wb task migrate-criteria} numbers.
 */
public record AcceptanceCriteria(
        List<Criterion> criteria, List<String> retired, List<CapsuleProblem> defects, List<Integer> unnumberedLines) {

    public static final String FILE = "acceptance-criteria.md";

    static final String PREFIX = "AC-";

    public AcceptanceCriteria {
        criteria = List.copyOf(criteria);
        retired = List.copyOf(retired);
        defects = List.copyOf(defects);
        unnumberedLines = List.copyOf(unnumberedLines);
    }

    /**
     * Reads the file's text. {@code blocked} says whether a repository path is withheld by
     * policy.json's blockedReadPatterns; a proof-doc that names one is a defect. Never throws.
     */
    public static AcceptanceCriteria parse(String text, Predicate<String> blocked) {
        return CriteriaReader.read(text, blocked).criteria();
    }

    /** The declared identifiers, in file order: exactly one criteria entry of a review record each. */
    public List<String> ids() {
        return criteria.stream().map(Criterion::id).toList();
    }

    public Optional<Criterion> criterion(String id) {
        return criteria.stream().filter(c -> c.id().equals(id)).findFirst();
    }

    /** The number a new criterion gets: one above the highest active or retired one (1 in a new file). */
    public BigInteger nextNumber() {
        BigInteger highest = BigInteger.ZERO;
        for (Criterion criterion : criteria) {
            highest = highest.max(criterion.number());
        }
        for (String id : retired) {
            highest = highest.max(new BigInteger(id.substring(PREFIX.length())));
        }
        return highest.add(BigInteger.ONE);
    }

    static String id(BigInteger number) {
        return PREFIX + number;
    }
}
