package dev.wb.cli.core;

/** The small text helpers the commands share: counted nouns and shortened commit ids. */
public final class Texts {

    private Texts() {}

    /** {@code 1 finding}, {@code 2 findings}. */
    public static String plural(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** A commit id shortened to its first 12 characters. */
    public static String abbrev(String commit) {
        return commit.length() > 12 ? commit.substring(0, 12) : commit;
    }
}
