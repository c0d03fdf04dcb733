package dev.wb.commands.review;

import dev.wb.projections.events.judge.FindingKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The gates a script can settle by reading added lines, with the original's rules (workbench 0.7.0,
 * {@code review.py}): literal credentials, errors swallowed with no handling, added dependencies.
 * Every pattern is named by its rule, which {@code --json} and the event carry.
 *
 * <p>Bounds: the secret rules read every line whole (their patterns run in linear time, whatever the
 * line); the swallowed-error and dependency rules read only lines of at most {@link #PATTERN_LINE_CHARS}
 * characters, since a swallowed catch or a manifest entry is a short line and some of their patterns
 * would take time quadratic in a long one.
 */
final class GateRules {

    /** The longest line the swallowed-error and dependency rules read. */
    static final int PATTERN_LINE_CHARS = 4096;

    /** Issuer-shaped credentials: only a real credential of that issuer has this form; no exclusion applies. */
    static final Map<String, Pattern> SECRET_SHAPES = shapes();

    /** What each shape is, for the finding's detail. */
    private static final Map<String, String> SHAPE_DETAILS = Map.of(
            "atlassian-token", "an Atlassian API token",
            "github-token", "a GitHub token",
            "aws-access-key-id", "an AWS access key id",
            "private-key", "a private key");

    /** {@code token = "<12 or more characters>"}: groups 1-3 are the key up to the quote, 4 the closing quote. */
    static final Pattern SECRET_KEYWORD = Pattern.compile(
            "(?i)\\b(api[_-]?key|secret|password|passwd|token|pat)(\\s*[:=]\\s*)([\"'])[^\"'\\s]{12,}([\"'])");

    /** An environment lookup or a placeholder is the right shape, not a leak (keyword rule only). */
    private static final Pattern NOT_A_SECRET =
            Pattern.compile("(?i)(os\\.environ|getenv|process\\.env|env\\[|\\bENV\\b"
                    + "|\\{\\{|\\$\\{|<[a-z_]+>|xxx+|\\.\\.\\.|example|changeme|placeholder|redacted)");

    private record Rule(String name, Pattern pattern, String detail) {}

    private record Pair(String name, Pattern opener, Pattern body, String detail) {}

    private static final List<Rule> SWALLOWED = List.of(
            new Rule(
                    "except-pass",
                    Pattern.compile("^\\s*except\\b[^:]*:\\s*pass\\s*$"),
                    "except ...: pass discards the error and its cause"),
            new Rule(
                    "empty-catch",
                    Pattern.compile("^\\s*\\}?\\s*catch\\s*(\\([^)]*\\))?\\s*\\{\\s*\\}\\s*$"),
                    "empty catch block discards the error"),
            new Rule(
                    "empty-promise-catch",
                    Pattern.compile("\\.catch\\s*\\(\\s*(\\([^)]*\\)|\\w+)\\s*=>\\s*\\{\\s*\\}\\s*\\)"),
                    "empty .catch() discards a rejection"),
            new Rule(
                    "error-discarded",
                    Pattern.compile("(?i)^\\s*_\\s*=\\s*err\\b|^\\s*_\\s*,\\s*_\\s*:?=.*\\berr\\b"),
                    "error assigned to _ and never checked"));

    /** An opener whose very next added line of the same file is the bare body. */
    private static final List<Pair> SWALLOWED_PAIRS = List.of(
            new Pair(
                    "except-pass",
                    Pattern.compile("^\\s*except\\b.*:\\s*$"),
                    Pattern.compile("^\\s*pass\\s*$"),
                    "except ...: pass discards the error and its cause"),
            new Pair(
                    "empty-rescue",
                    Pattern.compile("^\\s*rescue\\b.*$"),
                    Pattern.compile("^\\s*end\\s*$"),
                    "empty rescue discards the error"),
            new Pair(
                    "empty-catch",
                    Pattern.compile("^\\s*\\}?\\s*catch\\s*(\\([^)]*\\))?\\s*\\{\\s*$"),
                    Pattern.compile("^\\s*\\}\\s*$"),
                    "empty catch block discards the error"));

    /** Manifests where an added line can mean a new dependency (lockfiles are not: nobody chose those lines). */
    private static final Map<String, Pattern> MANIFESTS = Map.of(
            "package.json", Pattern.compile("^\\s*\"[\\w@./-]+\"\\s*:\\s*\"[^\"]+\"\\s*,?\\s*$"),
            "pyproject.toml", Pattern.compile("^\\s*[\"']?[A-Za-z][\\w.-]*[\"']?\\s*(==|>=|~=|>|\\s*=\\s*[\"'])"),
            "requirements.txt", Pattern.compile("^\\s*[A-Za-z][\\w.-]*\\s*(==|>=|~=|>|$)"),
            "go.mod", Pattern.compile("^\\s*[\\w.-]+/[\\w./-]+\\s+v\\d"),
            "Cargo.toml", Pattern.compile("^\\s*[A-Za-z][\\w-]*\\s*=\\s*"),
            "Gemfile", Pattern.compile("^\\s*gem\\s+[\"']"));

    private GateRules() {}

    private static Map<String, Pattern> shapes() {
        Map<String, Pattern> shapes = new LinkedHashMap<>();
        shapes.put("atlassian-token", Pattern.compile("\\bATATT[A-Za-z0-9_\\-=]{16,}"));
        shapes.put("github-token", Pattern.compile("\\bgh[pousr]_[A-Za-z0-9]{20,}"));
        shapes.put("aws-access-key-id", Pattern.compile("\\bAKIA[0-9A-Z]{16}\\b"));
        shapes.put("private-key", Pattern.compile("-----BEGIN [A-Z ]*PRIVATE KEY-----"));
        return shapes;
    }

    /** The findings of the added lines, in their order: for each line, a secret first, then the rest. */
    static List<Finding> findings(List<AddedLine> added) {
        List<Finding> findings = new ArrayList<>();
        for (int i = 0; i < added.size(); i++) {
            AddedLine line = added.get(i);
            boolean bounded = line.text().length() <= PATTERN_LINE_CHARS;
            // A fixture credential and a deliberate empty catch are the point of some tests.
            if (!Paths.isTest(line.path())) {
                secret(line).ifPresent(findings::add);
                AddedLine next = i + 1 < added.size() ? added.get(i + 1) : null;
                if (bounded) {
                    swallowed(line, next).ifPresent(findings::add);
                }
            }
            if (bounded) {
                dependency(line).ifPresent(findings::add);
            }
        }
        return findings;
    }

    static Optional<Finding> secret(AddedLine line) {
        for (Map.Entry<String, Pattern> shape : SECRET_SHAPES.entrySet()) {
            Matcher m = shape.getValue().matcher(line.text());
            if (m.find()) {
                return Optional.of(secretFinding(line, shape.getKey(), SHAPE_DETAILS.get(shape.getKey()), m.group()));
            }
        }
        Matcher keyword = SECRET_KEYWORD.matcher(line.text());
        if (keyword.find() && !NOT_A_SECRET.matcher(line.text()).find()) {
            String value = line.text().substring(keyword.end(3), keyword.start(4));
            return Optional.of(secretFinding(line, "literal-credential", "a literal credential in source", value));
        }
        return Optional.empty();
    }

    /** The finding, its quote masked; should any of the value survive the mask, no quote at all. */
    private static Finding secretFinding(AddedLine line, String rule, String detail, String value) {
        Finding finding = finding(FindingKind.SECRET, rule, line, detail);
        String head = value.substring(0, Math.min(8, value.length()));
        return finding.quote().contains(head)
                ? new Finding(finding.kind(), rule, finding.path(), finding.line(), Redaction.MASK, detail)
                : finding;
    }

    /** A swallowed error, when the path is source: a one-line form, or an opener whose next added line is its body. */
    static Optional<Finding> swallowed(AddedLine line, AddedLine next) {
        if (!Paths.isSource(line.path())) {
            return Optional.empty();
        }
        for (Rule rule : SWALLOWED) {
            if (rule.pattern().matcher(line.text()).find()) {
                return Optional.of(finding(FindingKind.SWALLOWED_ERROR, rule.name(), line, rule.detail()));
            }
        }
        if (next == null || !next.path().equals(line.path()) || next.line() != line.line() + 1) {
            return Optional.empty();
        }
        for (Pair pair : SWALLOWED_PAIRS) {
            if (pair.opener().matcher(line.text()).lookingAt()
                    && next.text().length() <= PATTERN_LINE_CHARS
                    && pair.body().matcher(next.text()).lookingAt()) {
                return Optional.of(finding(FindingKind.SWALLOWED_ERROR, pair.name(), line, pair.detail()));
            }
        }
        return Optional.empty();
    }

    static Optional<Finding> dependency(AddedLine line) {
        Pattern manifest = MANIFESTS.get(Paths.name(line.path()));
        if (manifest == null || !manifest.matcher(line.text()).lookingAt()) {
            return Optional.empty();
        }
        return Optional.of(finding(
                FindingKind.DEPENDENCY,
                "new-dependency",
                line,
                "a dependency was added; name the owner and why nothing already in the repo does this"));
    }

    private static Finding finding(FindingKind kind, String rule, AddedLine line, String detail) {
        return new Finding(kind, rule, line.path(), line.line(), Redaction.quote(line.text()), detail);
    }
}
