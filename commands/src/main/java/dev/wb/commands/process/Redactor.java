package dev.wb.commands.process;

import dev.wb.commands.Failure;
import dev.wb.commands.InputFiles;
import dev.wb.commands.Workspace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Takes secrets out of text before it becomes evidence (a receipt, an event, an error message): the
 * known secret values (the env-file's, and variables whose names say they are secret), then the shapes
 * of common credentials, then values assigned to names that look secret. Each is replaced by
 * {@value #MARK}. It errs towards hiding: a value next to {@code password:} goes even if it was a word.
 *
 * <p>It cannot find a secret it neither knows nor recognises, nor one already cut in half by an output
 * cap: redact text before cutting it ({@link dev.wb.commands.process.CappedOutput#of(java.nio.file.Path,
 * Redactor)} reads {@link #reach()} characters past each cut, redacts, and only then cuts). An assignment
 * or a header ends at its line's end: {@code password=} on one line never takes the next line's words.
 */
public final class Redactor {

    public static final String MARK = "[redacted]";
    /** Shorter values would blank out ordinary words and numbers everywhere. */
    static final int MIN_SECRET_LENGTH = 4;
    /** How far past a cut text is read so a credential shape crossing it is still seen whole. */
    static final int SHAPE_REACH = 4_096;

    private static final Pattern PEM = Pattern.compile(
            "-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\\z)", Pattern.DOTALL);

    /** Whole-token shapes: GitHub, AWS key ids, Slack, OpenAI/Anthropic, Google API keys, JWTs. */
    private static final Pattern TOKEN_SHAPES = Pattern.compile(String.join(
            "|",
            "\\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})",
            "\\b(?:AKIA|ASIA)[0-9A-Z]{16}\\b",
            "\\bxox[abprs]-[A-Za-z0-9-]{10,}",
            "\\bsk-[A-Za-z0-9_-]{20,}",
            "\\bAIza[0-9A-Za-z_-]{35}",
            "\\beyJ[A-Za-z0-9_-]{5,}\\.eyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]*"));

    /** Credentials after a prefix that stays: an Authorization header, a bearer token, a URL's password. */
    private static final Pattern AFTER_PREFIX = Pattern.compile(String.join(
            "|",
            "(?i)(\\bauthorization[\"']?[ \\t]*[:=][ \\t]*[\"']?(?:(?:bearer|basic|token|bot)[ \\t]+)?)[^\\s\"',;]+",
            "(?i)(\\bbearer[ \\t]+)[A-Za-z0-9._~+/=-]{8,}",
            "(\\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\\s:/@]+:)[^\\s@/]+(?=@)"));

    /**
     * {@code name=value}, {@code name: value}, {@code "name": "value"} where the name looks secret. The name
     * holds no dot, so {@code token.ts:12:5} (a file and line) is not an assignment; name and value
     * stand on one line.
     */
    private static final Pattern SECRET_ASSIGNMENT = Pattern.compile(
            "(?i)([\"']?)\\b([A-Za-z0-9_-]*(?:token|secret|passw(?:or)?d|passphrase|api[_-]?key|access[_-]?key"
                    + "|private[_-]?key|credential)[A-Za-z0-9_-]*)\\1[ \\t]*[:=](?![:=])[ \\t]*"
                    + "(?:\"([^\"\\n]*)\"|'([^'\\n]*)'|([^\\s\"',;&)}\\]]+))");

    private static final Set<String> NOT_SECRETS =
            Set.of(MARK.toLowerCase(Locale.ROOT), "true", "false", "null", "none", "undefined", "required", "optional");

    /** The end of a private key whose start was cut off: everything up to it goes. */
    private static final Pattern PEM_END = Pattern.compile("\\A.*?-----END [A-Z0-9 ]*PRIVATE KEY-----", Pattern.DOTALL);

    private static final Pattern PEM_BEGIN = Pattern.compile("-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----");

    /** Strings up to this long are remembered by a {@link #remembering()} redactor. */
    private static final int REMEMBERED_LENGTH = 256;
    /** How many it remembers before it starts again. */
    private static final int REMEMBERED = 16_384;

    private final List<String> secrets;
    /** Short texts already redacted, by a redactor that remembers; null for one that does not. */
    private final Map<String, String> remembered;

    private Redactor(List<String> secrets, Map<String, String> remembered) {
        this.secrets = secrets;
        this.remembered = remembered;
    }

    /** Redacts these values (each {@value #MIN_SECRET_LENGTH} characters or longer) and the known shapes. */
    public static Redactor of(Collection<String> secretValues) {
        TreeSet<String> distinct = new TreeSet<>(
                Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()));
        for (String value : secretValues) {
            if (value != null && value.length() >= MIN_SECRET_LENGTH) {
                distinct.add(value);
            }
        }
        return new Redactor(List.copyOf(distinct), null);
    }

    /** The values of the variables whose names look secret ({@link #secretName}), and the known shapes. */
    public static Redactor forEnvironment(Map<String, String> env) {
        return of(secretValues(env));
    }

    /**
     * Every value in {@code .workflow/.env} (an env-file for agent runs, secret as a whole), the values of
     * variables in {@code env} whose names look secret, and the known shapes.
     */
    public static Redactor forWorkspace(Workspace ws, Map<String, String> env) {
        return forWorkspace(ws, env, List.of());
    }

    /**
     * {@link #forWorkspace(Workspace, Map)} and these values as well: secrets the configuration holds
     * (the telegram token) and a named env-file's values ({@code config.WorkspaceRedactor}).
     */
    public static Redactor forWorkspace(Workspace ws, Map<String, String> env, Collection<String> moreSecrets) {
        Path file = ws.workflowDir().resolve(".env");
        List<String> values = new ArrayList<>(secretValues(env));
        values.addAll(moreSecrets);
        try {
            values.addAll(EnvFile.read(file).values());
        } catch (InputFiles.Unusable e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot read " + file + " to keep its values out of evidence: " + e.getMessage(),
                    List.of(e.fix()));
        }
        return of(values);
    }

    /** Whether a variable's name says its value is secret: it contains TOKEN, SECRET, PASSWORD, API_KEY… */
    public static boolean secretName(String name) {
        return SecretNames.secret(name);
    }

    /**
     * How many characters past a cut must be read so that no secret this redactor finds can cross the cut
     * unseen: the longest known value, and at least {@value #SHAPE_REACH} for the credential shapes.
     */
    public int reach() {
        return Math.max(SHAPE_REACH, secrets.isEmpty() ? 0 : secrets.get(0).length());
    }

    /**
     * {@link #redact} for a piece of a longer text whose beginning was cut off: a private key's end with
     * no start before it goes too, from the piece's first character.
     */
    public String redactCutBefore(String text) {
        Matcher end = PEM_END.matcher(text);
        if (end.lookingAt()) {
            Matcher begin = PEM_BEGIN.matcher(text);
            if (!begin.find() || begin.start() >= end.end()) {
                text = MARK + text.substring(end.end());
            }
        }
        return redact(text);
    }

    /**
     * The same redactor, remembering what it redacted of short texts, for one thread reading a long
     * history (a page, {@code wb show}): a history repeats the same names, verdicts and paths thousands
     * of times, and redaction is a pure function of the text.
     */
    public Redactor remembering() {
        return new Redactor(secrets, new HashMap<>());
    }

    /**
     * An HMAC-SHA256 of the secret values this redactor knows, keyed with {@code key}: what changes when
     * they do, telling nothing of them without the key (for a cache of redacted pages).
     */
    public String fingerprint(byte[] key) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            for (String secret : secrets) {
                mac.update(secret.getBytes(StandardCharsets.UTF_8));
                mac.update((byte) 0);
            }
            return HexFormat.of().formatHex(mac.doFinal());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    public String redact(String text) {
        if (remembered == null || text.length() > REMEMBERED_LENGTH) {
            return redactNow(text);
        }
        String known = remembered.get(text);
        if (known == null) {
            if (remembered.size() >= REMEMBERED) {
                remembered.clear();
            }
            known = redactNow(text);
            remembered.put(text, known);
        }
        return known;
    }

    private String redactNow(String text) {
        if (text.length() < MIN_SECRET_LENGTH) {
            return text; // shorter than any secret this redactor knows or any shape it looks for
        }
        Clues clues = Clues.of(text);
        String out = clues.pem() ? PEM.matcher(text).replaceAll(Matcher.quoteReplacement(MARK)) : text;
        for (String secret : secrets) {
            out = out.replace(secret, MARK);
        }
        if (clues.token()) {
            out = TOKEN_SHAPES.matcher(out).replaceAll(Matcher.quoteReplacement(MARK));
        }
        if (clues.prefix()) {
            out = AFTER_PREFIX.matcher(out).replaceAll(m -> Matcher.quoteReplacement(prefix(m) + MARK));
        }
        return clues.assignment() ? redactAssignments(out) : out;
    }

    private static String prefix(MatchResult m) {
        for (int group = 1; group <= m.groupCount(); group++) {
            if (m.group(group) != null) {
                return m.group(group);
            }
        }
        return "";
    }

    private static String redactAssignments(String text) {
        Matcher m = SECRET_ASSIGNMENT.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        int copied = 0;
        while (m.find()) {
            int group = m.group(3) != null ? 3 : m.group(4) != null ? 4 : 5;
            String value = m.group(group);
            if (value.length() < MIN_SECRET_LENGTH
                    || NOT_SECRETS.contains(value.toLowerCase(Locale.ROOT))
                    || value.startsWith(MARK.substring(0, MARK.length() - 1))) {
                continue;
            }
            out.append(text, copied, m.start(group)).append(MARK);
            copied = m.end(group);
        }
        return out.append(text, copied, text.length()).toString();
    }

    private static List<String> secretValues(Map<String, String> env) {
        return env.entrySet().stream()
                .filter(e -> secretName(e.getKey()))
                .map(Map.Entry::getValue)
                .toList();
    }
}
