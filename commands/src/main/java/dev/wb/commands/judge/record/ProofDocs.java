package dev.wb.commands.judge.record;

import dev.wb.commands.base.Workspace;
import dev.wb.commands.capsule.Capsule;
import dev.wb.commands.capsule.Criterion;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code proof-doc:} references, checked against the reviewed content: a document that is missing,
 * not a regular file, leaves the repository, or lacks the {@code #Heading} it names gives an
 * "unavailable" notice. Never a reason: a proof document points the judge at content, and its
 * existence proves nothing.
 */
final class ProofDocs {

    private ProofDocs() {}

    static List<String> notices(Capsule capsule, Function<String, Optional<byte[]>> reader, Workspace workspace) {
        List<String> notices = new ArrayList<>();
        for (Criterion criterion : capsule.criteria().criteria()) {
            for (String reference : new LinkedHashSet<>(criterion.proofDocs())) {
                why(reference, reader)
                        .ifPresent(why -> notices.add(
                                "proof-doc `" + reference + "` unavailable: " + why + " (" + criterion.id() + ")"));
            }
        }
        return notices;
    }

    private static Optional<String> why(String reference, Function<String, Optional<byte[]>> reader) {
        int hash = reference.indexOf('#');
        String path = hash < 0 ? reference : reference.substring(0, hash);
        Optional<byte[]> bytes = reader.apply(path);
        if (bytes.isEmpty()) {
            return Optional.of("no regular file at " + path + " in the reviewed content");
        }
        if (hash < 0) {
            return Optional.empty();
        }
        String fragment = reference.substring(hash + 1);
        Set<String> headings = headings(new String(bytes.get(), StandardCharsets.UTF_8));
        return headings.contains(fragment.toLowerCase(Locale.ROOT)) || headings.contains(slug(fragment))
                ? Optional.empty()
                : Optional.of("no Markdown heading matches #" + fragment + " in " + path);
    }

    /** Every heading of a Markdown text, as lower-case text and as a GitHub-style anchor; code fences skipped. */
    static Set<String> headings(String text) {
        Set<String> headings = new LinkedHashSet<>();
        boolean code = false;
        for (String line : text.replace("\r\n", "\n").split("\n", -1)) {
            if (line.stripLeading().startsWith("```") || line.stripLeading().startsWith("~~~")) {
                code = !code;
                continue;
            }
            if (!code && line.matches("^ {0,3}#{1,6}\\s+.*")) {
                String heading = line.strip()
                        .replaceFirst("^#{1,6}\\s+", "")
                        .replaceFirst("\\s+#+$", "")
                        .strip();
                headings.add(heading.toLowerCase(Locale.ROOT));
                headings.add(slug(heading));
            }
        }
        return headings;
    }

    private static String slug(String heading) {
        return heading.strip()
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N} _-]", "")
                .replace(' ', '-');
    }
}
