package dev.wb.commands.capsule;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * What {@code wb task migrate-criteria} does to one acceptance-criteria.md, decided from its bytes
 * alone: every bullet without an identifier gets the next one, in file order, from one above the
 * highest active or retired identifier. Only {@code AC-<n>: } is inserted; no other byte changes (a
 * CRLF file stays CRLF), no valid identifier changes and no defect is repaired. A file with an
 * identity defect is refused whole: numbering it could collide with an identifier in doubt.
 *
 * <p>{@code content} is the file as it is to be written (the original bytes unless NUMBERED); being
 * an array, it takes no part in the record's equality.
 */
// content takes no part in equality (see above); the bytes are written once.
@SuppressWarnings("ArrayRecordComponent")
public record Migration(Status status, byte[] content, List<Numbered> numbered, List<CapsuleProblem> problems) {

    public enum Status {
        /** Bullets were numbered: {@link #content()} is the new file. */
        NUMBERED,
        /** Every bullet already has an identifier (or none can be numbered). */
        UNCHANGED,
        /** An identity defect: the file is left as it is. */
        REFUSED;

        public String wireName() {
            return this == REFUSED ? "untouched" : name().toLowerCase(Locale.ROOT);
        }
    }

    /** A bullet that gets an identifier, at its line. */
    public record Numbered(int line, String id) {}

    public Migration {
        numbered = List.copyOf(numbered);
        problems = List.copyOf(problems);
    }

    /**
     * Decides the migration of a file's bytes. {@link #problems()} are the defects that remain after
     * it (for a refused file, all of them), so an empty list means the file is sound.
     */
    public static Migration of(byte[] content, Predicate<String> blocked) {
        Optional<String> text = Utf8.decode(content);
        CriteriaReader.Reading reading =
                text.map(t -> CriteriaReader.read(t, blocked)).orElseGet(CriteriaReader::notText);
        if (!reading.identitySound()) {
            return new Migration(
                    Status.REFUSED, content, List.of(), reading.criteria().defects());
        }
        List<Integer> lines = reading.criteria().unnumberedLines();
        if (lines.isEmpty()) {
            return new Migration(
                    Status.UNCHANGED, content, List.of(), reading.criteria().defects());
        }
        BigInteger next = reading.criteria().nextNumber();
        List<Numbered> numbered = new ArrayList<>();
        for (int line : lines) {
            numbered.add(new Numbered(line, AcceptanceCriteria.id(next)));
            next = next.add(BigInteger.ONE);
        }
        String migrated = insert(text.get(), numbered);
        List<CapsuleProblem> remaining =
                CriteriaReader.read(migrated, blocked).criteria().defects();
        return new Migration(Status.NUMBERED, migrated.getBytes(StandardCharsets.UTF_8), numbered, remaining);
    }

    public boolean changed() {
        return status == Status.NUMBERED;
    }

    /** Inserts {@code AC-<n>: } at the start of each numbered bullet's text, after its dash and blanks. */
    private static String insert(String text, List<Numbered> numbered) {
        StringBuilder out = new StringBuilder(text.length() + numbered.size() * 8);
        int start = !text.isEmpty() && text.charAt(0) == Lines.BOM ? 1 : 0;
        out.append(text, 0, start);
        int line = 1;
        int next = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            end = end < 0 ? text.length() : end + 1;
            if (next < numbered.size() && numbered.get(next).line() == line) {
                int at = start + 1;
                while (text.charAt(at) == ' ' || text.charAt(at) == '\t') {
                    at++;
                }
                out.append(text, start, at)
                        .append(numbered.get(next).id())
                        .append(": ")
                        .append(text, at, end);
                next++;
            } else {
                out.append(text, start, end);
            }
            start = end;
            line++;
        }
        return out.toString();
    }
}
