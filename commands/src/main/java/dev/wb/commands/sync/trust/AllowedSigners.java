package dev.wb.commands.sync.trust;

import com.google.common.base.Splitter;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSetMultimap;
import com.google.common.io.BaseEncoding;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * {@code .workflow/allowed_signers}: who may sign the histories a clone counts, in git's own format
 * (ssh-keygen's ALLOWED SIGNERS, what {@code gpg.ssh.allowedSignersFile} names): a line is {@code
 * principals [options] keytype base64-key [comment]}. A key is named by the fingerprint {@code
 * ssh-keygen -l} prints. Options: {@code namespaces="…"} must include {@code git}; {@code
 * valid-after}/{@code valid-before} are read against the time of the check; a {@code cert-authority}
 * line is skipped (certificates are not read) and reported. The file is read from a commit, never from
 * the working tree (docs/SYNC.md, "Trust").
 */
public final class AllowedSigners {

    public static final String PATH = ".workflow/allowed_signers";

    /** The most of the file read: a team's signers fit in far less. */
    public static final int MAX_BYTES = 256 * 1024;

    private final ImmutableSetMultimap<String, String> principals;
    private final ImmutableMap<Integer, String> skipped;

    private AllowedSigners(ImmutableSetMultimap<String, String> principals, ImmutableMap<Integer, String> skipped) {
        this.principals = principals;
        this.skipped = skipped;
    }

    /** No file: nobody may sign. */
    public static final AllowedSigners NONE = new AllowedSigners(ImmutableSetMultimap.of(), ImmutableMap.of());

    /** Reads the file's bytes; a line it cannot read is skipped and reported ({@link #skipped}), never guessed. */
    public static AllowedSigners parse(byte[] bytes, Instant now) {
        ImmutableSetMultimap.Builder<String, String> keys = ImmutableSetMultimap.builder();
        ImmutableMap.Builder<Integer, String> skipped = ImmutableMap.builder();
        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Optional<String> problem = read(line, now, keys);
            if (problem.isPresent()) {
                skipped.put(i + 1, problem.get());
            }
        }
        return new AllowedSigners(keys.build(), skipped.buildKeepingLast());
    }

    /** The principals a key with this fingerprint may sign as; empty when it may not sign. */
    public Set<String> principals(String fingerprint) {
        return principals.get(fingerprint);
    }

    /** Lines not read, by line number, with why. */
    public ImmutableMap<Integer, String> skipped() {
        return skipped;
    }

    public boolean isEmpty() {
        return principals.isEmpty();
    }

    private static Optional<String> read(String line, Instant now, ImmutableSetMultimap.Builder<String, String> keys) {
        List<String> fields = fields(line);
        if (fields.size() < 3) {
            return Optional.of("not principals, a key type and a key");
        }
        int at = 1;
        String options = "";
        if (!isKeyType(fields.get(1))) {
            options = fields.get(1);
            at = 2;
        }
        if (fields.size() < at + 2 || !isKeyType(fields.get(at))) {
            return Optional.of("no key type (ssh-ed25519, ssh-rsa, ecdsa-sha2-nistp256, …) where one belongs");
        }
        Optional<String> refused = options(options, now);
        if (refused.isPresent()) {
            return refused;
        }
        byte[] blob;
        try {
            blob = BaseEncoding.base64().decode(fields.get(at + 1));
        } catch (IllegalArgumentException e) {
            return Optional.of("the key is not base64");
        }
        String fingerprint = CommitSignature.fingerprint(blob);
        for (String principal :
                Splitter.on(',').omitEmptyStrings().trimResults().split(fields.get(0))) {
            keys.put(fingerprint, principal.replace("\"", ""));
        }
        return Optional.empty();
    }

    private static Optional<String> options(String options, Instant now) {
        if (options.isEmpty()) {
            return Optional.empty();
        }
        for (String option : splitOptions(options)) {
            String name = option.contains("=") ? option.substring(0, option.indexOf('=')) : option;
            String value = option.contains("=")
                    ? option.substring(option.indexOf('=') + 1).replace("\"", "")
                    : "";
            switch (name.toLowerCase(Locale.ROOT)) {
                case "namespaces" -> {
                    if (!Splitter.on(',').trimResults().splitToList(value).contains(CommitSignature.NAMESPACE)) {
                        return Optional.of("its namespaces do not include git");
                    }
                }
                case "valid-after" -> {
                    Optional<Instant> after = time(value);
                    if (after.isEmpty() || now.isBefore(after.get())) {
                        return Optional.of("not valid yet (valid-after " + value + ")");
                    }
                }
                case "valid-before" -> {
                    Optional<Instant> before = time(value);
                    if (before.isEmpty() || !now.isBefore(before.get())) {
                        return Optional.of("no longer valid (valid-before " + value + ")");
                    }
                }
                case "cert-authority" -> {
                    return Optional.of("a certificate authority: wb does not read certificates");
                }
                default -> {
                    return Optional.of("an option wb does not know: " + name);
                }
            }
        }
        return Optional.empty();
    }

    /** ssh-keygen's times: YYYYMMDD[HHMM[SS]], optionally ending in Z (UTC; wb reads every time as UTC). */
    private static Optional<Instant> time(String value) {
        String digits = value.endsWith("Z") || value.endsWith("z") ? value.substring(0, value.length() - 1) : value;
        String pattern = switch (digits.length()) {
            case 8 -> "yyyyMMdd";
            case 12 -> "yyyyMMddHHmm";
            case 14 -> "yyyyMMddHHmmss";
            default -> "";
        };
        if (pattern.isEmpty()) {
            return Optional.empty();
        }
        try {
            String padded = digits.length() == 8 ? digits + "000000" : digits.length() == 12 ? digits + "00" : digits;
            return Optional.of(LocalDateTime.parse(padded, DateTimeFormatter.ofPattern("yyyyMMddHHmmss"))
                    .toInstant(ZoneOffset.UTC));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static boolean isKeyType(String field) {
        return field.startsWith("ssh-") || field.startsWith("ecdsa-sha2-") || field.startsWith("sk-");
    }

    /** Whitespace-separated fields; a double-quoted stretch (an option's value) stays whole. */
    private static List<String> fields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            }
            if (!quoted && Character.isWhitespace(c)) {
                if (field.length() > 0) {
                    fields.add(field.toString());
                    field.setLength(0);
                }
                continue;
            }
            field.append(c);
        }
        if (field.length() > 0) {
            fields.add(field.toString());
        }
        return fields;
    }

    /** Options are comma-separated; a comma inside quotes belongs to the value. */
    private static List<String> splitOptions(String options) {
        List<String> out = new ArrayList<>();
        StringBuilder option = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < options.length(); i++) {
            char c = options.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == ',' && !quoted) {
                out.add(option.toString());
                option.setLength(0);
                continue;
            }
            option.append(c);
        }
        out.add(option.toString());
        return out;
    }
}
