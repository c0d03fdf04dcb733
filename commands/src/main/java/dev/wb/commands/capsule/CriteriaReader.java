package dev.wb.commands.capsule;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads acceptance-criteria.md line by line (docs/CAPSULE.md has the grammar). Every defect is kept
 * with its kind, which {@link CriteriaMigration} needs, and its line, which the user needs.
 */
final class CriteriaReader {

    /** What a reading found: the criteria, and each defect with its kind. */
    record Reading(AcceptanceCriteria criteria, List<Finding> findings) {
        boolean identitySound() {
            return findings.stream().noneMatch(f -> f.kind().identity);
        }
    }

    record Finding(CriteriaDefect kind, CapsuleProblem problem) {}

    static final String COMMAND = "proof-command:";
    static final String DOC = "proof-doc:";

    private static final Pattern BULLET = Pattern.compile("^-(?:[ \\t]+(.*))?$");
    private static final Pattern IDENTIFIED = Pattern.compile("^AC-([1-9][0-9]*):(?:[ \\t]+(.*))?$");
    /** Text that tries to be an identifier (AC-07, ac-3, AC3, **AC-3**, AC-3 without a colon…). */
    private static final Pattern IDENTIFIER_LIKE = Pattern.compile("(?i)^[*_`\\[(]*AC(?:[-_ ]?[0-9]|-)");

    private static final Pattern OTHER_LIST_ITEM = Pattern.compile("^(?:[*+]|[0-9]{1,9}[.)])(?:[ \\t].*)?$");
    /**
     * A line that means to retire: {@code Retired} then a colon, or then an identifier ({@code Retired AC-5}),
     * at any indentation. Only the exact, unindented form retires; any other is a malformed retirement, an
     * identity defect, never prose or criterion text that migrate-criteria would number around.
     */
    private static final Pattern RETIREMENT = Pattern.compile("(?i)^retired\\b(?:[ \\t]*:|.*\\bAC[-_ ]?[0-9])");

    private static final Pattern RETIRED = Pattern.compile("^Retired: AC-([1-9][0-9]*)[ \\t]*$");
    private static final Pattern PROOF_LIKE = Pattern.compile("(?i)^proof(?:[-_ ][a-z]+)*[ \\t]*:");
    private static final Pattern NESTED_ITEM = Pattern.compile("^[-*+][ \\t]+");

    /** A bullet while its continuation lines are read. */
    private static final class Bullet {
        final int line;
        final BigInteger number;
        final List<String> text = new ArrayList<>();
        final LinkedHashSet<String> commands = new LinkedHashSet<>();
        final LinkedHashSet<String> docs = new LinkedHashSet<>();

        Bullet(int line, BigInteger number, String first) {
            this.line = line;
            this.number = number;
            if (!first.isBlank()) {
                text.add(first.strip());
            }
        }
    }

    private final List<String> lines;
    private final Predicate<String> blocked;
    private final List<Finding> findings = new ArrayList<>();
    private final List<Criterion> criteria = new ArrayList<>();
    private final List<String> retired = new ArrayList<>();
    private final List<Integer> unnumbered = new ArrayList<>();
    private final Map<BigInteger, Integer> active = new HashMap<>();
    private final Map<BigInteger, Integer> retiredOn = new HashMap<>();
    private Bullet open;
    /** Whether the line before belongs to the open bullet (an unindented line after it would be lazy). */
    private boolean inBullet;

    private int footer;
    private int bullets;

    private CriteriaReader(String text, Predicate<String> blocked) {
        this.lines = Lines.of(text);
        this.blocked = blocked;
    }

    static Reading read(String text, Predicate<String> blocked) {
        return new CriteriaReader(text, blocked).reading();
    }

    /** The reading of a file that is not UTF-8 text: one defect, nothing declared. */
    static Reading notText() {
        Finding finding = new Finding(
                CriteriaDefect.NOT_TEXT,
                new CapsuleProblem(AcceptanceCriteria.FILE, 0, "not UTF-8 text: save the file as UTF-8"));
        return new Reading(
                new AcceptanceCriteria(List.of(), List.of(), List.of(finding.problem()), List.of()), List.of(finding));
    }

    private Reading reading() {
        Fence fence = null;
        int fenceLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int n = i + 1;
            if (fence != null) {
                if (fence.closes(line)) {
                    fence = null;
                }
                continue;
            }
            if (line.isBlank()) {
                inBullet = false;
            } else if (Character.isWhitespace(line.charAt(0))) {
                indented(n, line.strip());
            } else if (Fence.opening(line, 0).isPresent()) {
                fence = Fence.opening(line, 0).get();
                fenceLine = n;
                afterFooter(n);
                close();
            } else {
                unindented(n, line);
            }
        }
        close();
        if (fence != null) {
            defect(
                    CriteriaDefect.UNCLOSED_FENCE,
                    fenceLine,
                    "the fence opened here is never closed, so every"
                            + " line after it is code: close it with a line of " + fence.length() + " " + fence.mark());
        }
        for (String id : retired) {
            BigInteger number = new BigInteger(id.substring(AcceptanceCriteria.PREFIX.length()));
            if (active.containsKey(number)) {
                defect(
                        CriteriaDefect.RETIRED_BUT_ACTIVE,
                        retiredOn.get(number),
                        id + " is retired but still active on line " + active.get(number));
            }
        }
        if (bullets == 0) {
            defect(CriteriaDefect.NO_CRITERIA, 0, "declares no criterion: write at least one - AC-1: … bullet");
        }
        findings.sort(Comparator.comparingInt(f -> f.problem().line()));
        List<CapsuleProblem> defects = findings.stream().map(Finding::problem).toList();
        return new Reading(new AcceptanceCriteria(criteria, retired, defects, unnumbered), findings);
    }

    private void unindented(int n, String line) {
        Matcher bullet = BULLET.matcher(line);
        if (bullet.matches()) {
            close();
            bullets++;
            if (footer > 0) {
                defect(
                        CriteriaDefect.CRITERION_AFTER_FOOTER,
                        n,
                        "criterion after the Retired: footer (which" + " starts on line " + footer
                                + "): move it above the footer");
            } else {
                open(n, bullet.group(1) == null ? "" : bullet.group(1));
            }
        } else if (OTHER_LIST_ITEM.matcher(line).matches()) {
            close();
            bullets++;
            defect(
                    CriteriaDefect.NOT_A_DASH_BULLET,
                    n,
                    "a criterion is a - bullet: write - instead of " + line.split("[ \\t]", 2)[0]);
        } else if (RETIREMENT.matcher(line).find()) {
            close();
            retirement(n, line, null);
        } else if (PROOF_LIKE.matcher(line).find()) {
            defect(
                    CriteriaDefect.ORPHANED_PROOF,
                    n,
                    proofName(line) + " is not under a criterion: indent it" + " under the bullet it proves");
            if (!inBullet) {
                close();
            }
        } else if (afterFooter(n)) {
            close();
        } else if (line.startsWith("#")) {
            close();
        } else if (inBullet) {
            defect(
                    CriteriaDefect.UNINDENTED_CONTINUATION,
                    n,
                    "this line continues the criterion on line " + open.line
                            + " without indentation: indent it, or leave a blank line before it");
            open.text.add(line.strip());
        } else {
            close();
        }
    }

    /** Text after the footer other than Retired: lines is a defect; says whether it was. */
    private boolean afterFooter(int n) {
        if (footer > 0) {
            defect(
                    CriteriaDefect.TEXT_AFTER_FOOTER,
                    n,
                    "only Retired: lines may follow the footer (which starts" + " on line " + footer + ")");
        }
        return footer > 0;
    }

    private void open(int n, String text) {
        inBullet = true;
        Matcher identified = IDENTIFIED.matcher(text);
        if (identified.matches()) {
            BigInteger number = new BigInteger(identified.group(1));
            open = new Bullet(n, number, identified.group(2) == null ? "" : identified.group(2));
            return;
        }
        if (RETIREMENT.matcher(text).find()) {
            inBullet = false;
            retirement(n, text, "a bullet");
            return;
        }
        open = new Bullet(n, null, text);
        if (text.isBlank()) {
            defect(CriteriaDefect.EMPTY_BULLET, n, "empty bullet: write the criterion on the bullet's line");
        } else if (IDENTIFIER_LIKE.matcher(text).find()) {
            defect(
                    CriteriaDefect.MALFORMED_IDENTIFIER,
                    n,
                    "malformed identifier \"" + token(text)
                            + "\": write AC-<n>: and the text, n a whole number from 1 without leading zeros");
        } else {
            unnumbered.add(n);
            defect(
                    CriteriaDefect.MISSING_IDENTIFIER,
                    n,
                    "missing identifier: start the bullet with AC-<n>:" + " (wb task migrate-criteria numbers it)");
        }
    }

    private void indented(int n, String content) {
        if (RETIREMENT.matcher(content).find()) {
            close();
            retirement(n, content, "indented");
            return;
        }
        Matcher nested = NESTED_ITEM.matcher(content);
        String body = nested.lookingAt() ? content.substring(nested.end()) : content;
        boolean proof = PROOF_LIKE.matcher(body).find();
        if (open == null) {
            if (proof) {
                defect(
                        CriteriaDefect.ORPHANED_PROOF,
                        n,
                        proofName(body) + " is not under a criterion: indent it" + " under the bullet it proves");
            } else {
                afterFooter(n);
            }
            return;
        }
        inBullet = true;
        if (!proof) {
            open.text.add(content);
        } else if (nested.lookingAt()) {
            defect(
                    CriteriaDefect.UNSUPPORTED_PROOF,
                    n,
                    "a proof line is not a list item: write " + proofName(body) + " on its own indented line");
        } else if (body.startsWith(COMMAND)) {
            proofValue(n, body, COMMAND).ifPresent(open.commands::add);
        } else if (body.startsWith(DOC)) {
            proofValue(n, body, DOC).ifPresent(doc -> {
                Optional<String> unsafe = ProofDocs.problem(doc, blocked);
                if (unsafe.isPresent()) {
                    defect(CriteriaDefect.UNSAFE_PROOF_DOC, n, unsafe.get());
                } else {
                    open.docs.add(doc);
                }
            });
        } else {
            defect(
                    CriteriaDefect.UNSUPPORTED_PROOF,
                    n,
                    "unsupported proof line " + proofName(body) + " only proof-command: and proof-doc: exist");
        }
    }

    private Optional<String> proofValue(int n, String body, String prefix) {
        String value = body.substring(prefix.length()).strip();
        if (value.isEmpty()) {
            defect(CriteriaDefect.EMPTY_PROOF, n, "empty " + prefix + " name what it refers to, or remove the line");
            return Optional.empty();
        }
        return Optional.of(value);
    }

    /** A retirement line; {@code misplaced} says what makes it one that cannot retire (indented, a bullet). */
    private void retirement(int n, String line, String misplaced) {
        if (footer == 0) {
            footer = n;
        }
        Matcher retirement = RETIRED.matcher(line);
        if (misplaced != null || !retirement.matches()) {
            defect(
                    CriteriaDefect.MALFORMED_RETIREMENT,
                    n,
                    "malformed retirement \"" + line.strip() + "\""
                            + (misplaced == null ? "" : " (" + misplaced + ")") + ": write Retired: AC-<n> at the start"
                            + " of its line, one identifier a line, below every criterion");
            return;
        }
        BigInteger number = new BigInteger(retirement.group(1));
        Integer first = retiredOn.putIfAbsent(number, n);
        if (first != null) {
            defect(
                    CriteriaDefect.DUPLICATE_RETIREMENT,
                    n,
                    "duplicate retirement of " + AcceptanceCriteria.id(number) + " (first on line " + first + ")");
        } else {
            retired.add(AcceptanceCriteria.id(number));
        }
    }

    /** Ends the open bullet: a criterion when it has a valid, first-seen identifier. */
    private void close() {
        inBullet = false;
        Bullet bullet = open;
        open = null;
        if (bullet == null || bullet.number == null) {
            return;
        }
        String id = AcceptanceCriteria.id(bullet.number);
        Integer first = active.putIfAbsent(bullet.number, bullet.line);
        if (first != null) {
            defect(
                    CriteriaDefect.DUPLICATE_IDENTIFIER,
                    bullet.line,
                    "duplicate identifier " + id + " (first on line " + first + ")");
            return;
        }
        if (bullet.text.isEmpty()) {
            defect(CriteriaDefect.CRITERION_WITHOUT_TEXT, bullet.line, id + " has no text: say what must hold");
        }
        criteria.add(new Criterion(
                id,
                bullet.number,
                bullet.line,
                String.join("\n", bullet.text),
                List.copyOf(bullet.commands),
                List.copyOf(bullet.docs)));
    }

    private static String proofName(String line) {
        return line.substring(0, line.indexOf(':') + 1);
    }

    private static String token(String text) {
        String token = text.split("[ \\t]", 2)[0];
        int colon = token.indexOf(':');
        token = colon > 0 ? token.substring(0, colon) : token;
        return token.length() <= 40 ? token : token.substring(0, 39) + "…";
    }

    private void defect(CriteriaDefect kind, int line, String message) {
        findings.add(new Finding(kind, new CapsuleProblem(AcceptanceCriteria.FILE, line, message)));
    }
}
