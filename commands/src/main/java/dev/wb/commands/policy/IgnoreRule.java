package dev.wb.commands.policy;

import java.util.ArrayList;
import java.util.List;

/**
 * One {@code blockedReadPatterns} entry read as a {@code .gitignore} line (git's gitignore(5)): a
 * leading {@code !} negates; a trailing {@code /} matches folders only; a pattern with a {@code /} at
 * its start or in its middle is anchored at the repository's top, one without matches at any depth; a
 * whole segment {@code **} matches any number of folders ({@code **}{@code /x}, {@code a/}{@code **}{@code /b})
 * and, last, everything inside ({@code a/}{@code **}); other segments are {@link SegmentGlob}s.
 *
 * <p>What wb does not understand it refuses, so a policy never withholds less than it says: a
 * backslash (write a class: {@code [*]}, {@code [[]}), braces ({@code secret{s,}.txt}: gitignore has
 * no alternatives), a control character, a comment, a lone {@code !}, surrounding blanks, empty, {@code .} or {@code ..}
 * segments, a {@code /} inside a class, an unclosed class, a reversed range, a POSIX class, and a
 * pattern longer than {@value #MAX_LENGTH} characters.
 */
final class IgnoreRule {

    /** Longer than any path a file system holds (Linux's PATH_MAX). */
    static final int MAX_LENGTH = 4096;

    /** A path segment matcher: a glob, or {@code **}. */
    private record Element(SegmentGlob glob, boolean anyDepth, boolean atLeastOne) {}

    private final boolean negated;
    private final boolean folderOnly;
    private final List<Element> elements;

    private IgnoreRule(boolean negated, boolean folderOnly, List<Element> elements) {
        this.negated = negated;
        this.folderOnly = folderOnly;
        this.elements = List.copyOf(elements);
    }

    /**
     * @throws IllegalArgumentException saying why wb refuses the pattern
     */
    static IgnoreRule parse(String pattern) {
        refuseUnsupported(pattern);
        boolean negated = pattern.startsWith("!");
        String body = negated ? pattern.substring(1) : pattern;
        boolean folderOnly = body.endsWith("/");
        body = folderOnly ? body.substring(0, body.length() - 1) : body;
        boolean anchored = body.contains("/");
        body = body.startsWith("/") ? body.substring(1) : body;
        if (body.isEmpty()) {
            throw new IllegalArgumentException("it names no path");
        }
        String[] segments = body.split("/", -1);
        List<Element> elements = new ArrayList<>();
        if (!anchored) {
            elements.add(new Element(null, true, false));
        }
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw new IllegalArgumentException("it has an empty, . or .. segment, which no path has");
            }
            if (anchored && segment.equals("**")) {
                if (!elements.isEmpty() && elements.get(elements.size() - 1).anyDepth()) {
                    elements.remove(elements.size() - 1); // **/** is one **
                }
                elements.add(new Element(null, true, i == segments.length - 1));
            } else {
                elements.add(new Element(SegmentGlob.compile(segment), false, false));
            }
        }
        return new IgnoreRule(negated, folderOnly, elements);
    }

    private static void refuseUnsupported(String pattern) {
        if (pattern.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("it is longer than " + MAX_LENGTH + " characters, longer than any path");
        }
        if (pattern.isBlank()) {
            throw new IllegalArgumentException("it is empty");
        }
        if (pattern.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("it holds a control character");
        }
        if (!pattern.strip().equals(pattern)) {
            throw new IllegalArgumentException("it starts or ends with a blank; write [ ] for a name that does");
        }
        if (pattern.contains("\\")) {
            throw new IllegalArgumentException("it has a backslash: paths use /, and a special character is"
                    + " matched by a class such as [*] or [[]");
        }
        if (pattern.indexOf('{') >= 0 || pattern.indexOf('}') >= 0) {
            throw new IllegalArgumentException("it has braces, and gitignore has no {a,b} alternatives: write one"
                    + " pattern for each name (secrets.txt, secret.txt)");
        }
        if (pattern.startsWith("#")) {
            throw new IllegalArgumentException("a line starting with # is a comment in gitignore and matches"
                    + " nothing; write [#] for a name that starts with #");
        }
        if (pattern.equals("!") || pattern.equals("/") || pattern.equals("!/")) {
            throw new IllegalArgumentException("it names no path");
        }
    }

    boolean negated() {
        return negated;
    }

    /** Whether this rule matches the path made of {@code segments[0, count)}, a folder or not. */
    boolean matches(String[] segments, int count, boolean folder) {
        if (folderOnly && !folder) {
            return false;
        }
        if (elements.size() == 2 && count > 0) {
            Element first = elements.get(0);
            if (first.anyDepth() && !first.atLeastOne() && !elements.get(1).anyDepth()) {
                // "name" or "**/name": any folders, then a last segment the glob matches (most policies)
                return elements.get(1).glob().matches(segments[count - 1]);
            }
        }
        // Greedy two-pointer match at the level of segments: ** remembers where it last started, and a
        // failure resumes there one segment later, so a match takes at most count × elements steps.
        int e = 0;
        int s = 0;
        int starAt = -1;
        int resumeAt = 0;
        while (s < count) {
            Element element = e < elements.size() ? elements.get(e) : null;
            if (element != null && element.anyDepth() && !element.atLeastOne()) {
                starAt = e++;
                resumeAt = s;
            } else if (element != null && (element.anyDepth() || element.glob().matches(segments[s]))) {
                e++;
                s++;
                if (element.anyDepth()) {
                    // a trailing ** has taken its one segment; the rest of the path is inside it
                    return true;
                }
            } else if (starAt >= 0) {
                e = starAt + 1;
                s = ++resumeAt;
            } else {
                return false;
            }
        }
        while (e < elements.size()
                && elements.get(e).anyDepth()
                && !elements.get(e).atLeastOne()) {
            e++;
        }
        return e == elements.size();
    }
}
