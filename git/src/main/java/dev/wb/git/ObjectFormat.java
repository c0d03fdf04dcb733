package dev.wb.git;

/**
 * The hash a repository names its objects with ({@code extensions.objectFormat}). It decides the
 * length of every id wb stores, and whether JGit can read the repository at all.
 */
public enum ObjectFormat {
    SHA1("4b825dc642cb6eb9a060e54bf8d69288fbee4904"),
    SHA256("6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321");

    private final String emptyTree;

    ObjectFormat(String emptyTree) {
        this.emptyTree = emptyTree;
    }

    /** The id of the empty tree, which git knows without storing it: the "before" of an unborn branch. */
    public String emptyTree() {
        return emptyTree;
    }

    /** The length of a full id in hex digits: 40 or 64. */
    public int hexLength() {
        return emptyTree.length();
    }

    /** Parses {@code git rev-parse --show-object-format}'s answer. */
    static ObjectFormat ofGitName(String name) {
        if (name.equals("sha1")) {
            return SHA1;
        }
        if (name.equals("sha256")) {
            return SHA256;
        }
        throw new GitException("unknown object format: " + name);
    }
}
