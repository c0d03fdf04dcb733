package dev.wb.commands.capsule;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Whether a {@code proof-doc:} reference may point the judge at a file: a relative path inside the
 * repository, with an optional {@code #Heading}. Such a reference is checked here and never read or
 * fetched: a judge must not be sent outside the repository, or to a withheld file.
 */
final class ProofDocs {

    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");
    private static final Pattern DRIVE = Pattern.compile("^[A-Za-z]:[\\\\/].*");

    private ProofDocs() {}

    /** What is wrong with a reference, or empty when it is a safe repository path. */
    static Optional<String> problem(String reference, Predicate<String> blocked) {
        int hash = reference.indexOf('#');
        String path = hash < 0 ? reference : reference.substring(0, hash);
        String quoted = "proof-doc " + reference;
        if (path.startsWith("/")
                || path.startsWith("\\")
                || path.startsWith("~")
                || DRIVE.matcher(path).matches()) {
            return Optional.of(quoted + " is absolute: name a file relative to the repository root");
        }
        if (SCHEME.matcher(path).find()) {
            return Optional.of(quoted + " is a URL: name a file in the repository; links are never fetched");
        }
        List<String> segments = new ArrayList<>();
        for (String segment : path.split("[/\\\\]", 0)) {
            if (segment.equals("..")) {
                return Optional.of(quoted + " uses ..: name a file inside the repository");
            }
            if (!segment.isEmpty() && !segment.equals(".")) {
                segments.add(segment);
            }
        }
        if (segments.isEmpty()) {
            return Optional.of(quoted + " names no file: write path/to/file.md or path/to/file.md#Heading");
        }
        String normalized = String.join("/", segments);
        if (blocked.test(normalized)) {
            return Optional.of(quoted + " is withheld by blockedReadPatterns in .workflow/policy.json");
        }
        return Optional.empty();
    }
}
