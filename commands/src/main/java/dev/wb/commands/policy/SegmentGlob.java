package dev.wb.commands.policy;

import java.util.ArrayList;
import java.util.List;

/**
 * One path segment of a {@code .gitignore} pattern ({@code *.[pk]em}, {@code id_rsa*}), matched
 * against one segment of a path. {@code *} matches any run of characters, {@code ?} one character,
 * {@code [...]} one character of a class ({@code [a-z]}, negated by {@code [!...]} or {@code [^...]};
 * a {@code ]} right after the opening is a member), anything else itself. A run of {@code *} is one
 * {@code *}, as git reads {@code **} that is not a whole segment.
 *
 * <p>Matching takes at most (segment length × pattern length) steps whatever the pattern: a {@code *}
 * remembers only where it last started, and a failure resumes from there one character later. A
 * pattern compiled to a backtracking regular expression ({@code *a*a*a*a*b}) is exponential on a long
 * name; this is why wb does not use JGit's {@code FastIgnoreRule}, which compiles segments so.
 */
final class SegmentGlob {

    /** One element of the pattern: a star, or a test of exactly one character. */
    private interface Token {
        boolean matches(int codePoint);
    }

    /** Never asked to match: the matcher treats it apart. */
    private static final Token STAR = c -> false;

    private static final Token ANY = c -> true;

    private final Token[] tokens;

    private SegmentGlob(List<Token> tokens) {
        this.tokens = tokens.toArray(Token[]::new);
    }

    /**
     * Compiles one segment. The caller has refused what wb does not support (backslashes, braces,
     * a {@code /} inside a class); this refuses a class that is never closed, a reversed range and a
     * POSIX class.
     *
     * @throws IllegalArgumentException naming the problem, in the user's words
     */
    static SegmentGlob compile(String segment) {
        List<Token> tokens = new ArrayList<>();
        int[] cps = segment.codePoints().toArray();
        int i = 0;
        while (i < cps.length) {
            int c = cps[i];
            if (c == '*') {
                if (tokens.isEmpty() || tokens.get(tokens.size() - 1) != STAR) {
                    tokens.add(STAR);
                }
                i++;
            } else if (c == '?') {
                tokens.add(ANY);
                i++;
            } else if (c == '[') {
                i = bracket(cps, i, tokens);
            } else {
                tokens.add(d -> d == c);
                i++;
            }
        }
        return new SegmentGlob(tokens);
    }

    /** Reads {@code [...]} starting at {@code open}; adds its token and returns the index after it. */
    private static int bracket(int[] cps, int open, List<Token> tokens) {
        int i = open + 1;
        boolean negated = i < cps.length && (cps[i] == '!' || cps[i] == '^');
        if (negated) {
            i++;
        }
        List<int[]> ranges = new ArrayList<>();
        boolean first = true;
        while (i < cps.length && (cps[i] != ']' || first)) {
            if (cps[i] == '[' && i + 1 < cps.length && (cps[i + 1] == ':' || cps[i + 1] == '=' || cps[i + 1] == '.')) {
                throw new IllegalArgumentException(
                        "a POSIX class such as [[:alpha:]] is not supported: write" + " the range, such as [a-zA-Z]");
            }
            int low = cps[i];
            int high = low;
            if (i + 2 < cps.length && cps[i + 1] == '-' && cps[i + 2] != ']') {
                high = cps[i + 2];
                i += 2;
                if (high < low) {
                    throw new IllegalArgumentException("the range " + new String(cps, i - 2, 3)
                            + " is reversed, so it matches nothing: write it low to high");
                }
            }
            ranges.add(new int[] {low, high});
            first = false;
            i++;
        }
        if (i >= cps.length) {
            throw new IllegalArgumentException("the class opened by [ is never closed by ], so git would match"
                    + " nothing: close it, or write [[] for a literal [");
        }
        tokens.add(c -> {
            for (int[] range : ranges) {
                if (c >= range[0] && c <= range[1]) {
                    return !negated;
                }
            }
            return negated;
        });
        return i + 1;
    }

    /** Whether the whole of {@code segment} matches (walked by code point, allocating nothing). */
    boolean matches(String segment) {
        int p = 0;
        int t = 0;
        int starAt = -1;
        int resumeAt = 0;
        while (t < segment.length()) {
            int c = segment.codePointAt(t);
            if (p < tokens.length && tokens[p] == STAR) {
                starAt = p++;
                resumeAt = t;
            } else if (p < tokens.length && tokens[p].matches(c)) {
                p++;
                t += Character.charCount(c);
            } else if (starAt >= 0) {
                p = starAt + 1;
                resumeAt += Character.charCount(segment.codePointAt(resumeAt));
                t = resumeAt;
            } else {
                return false;
            }
        }
        while (p < tokens.length && tokens[p] == STAR) {
            p++;
        }
        return p == tokens.length;
    }
}
