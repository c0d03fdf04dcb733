package dev.wb.git;

/**
 * What a path inside a commit can look like. Trees never hold empty, {@code .} or {@code ..} names,
 * so anything else is absent without asking; and both backends then see the same input, where git
 * would otherwise read {@code ./x} relative to the current directory and JGit would not.
 */
final class RepoPaths {

    private RepoPaths() {}

    /** Whether {@code path} is a plain repo-relative path: {@code a/b.txt}, no leading or doubled slash. */
    static boolean isPlain(String path) {
        if (path.isEmpty() || path.indexOf('\0') >= 0) {
            return false;
        }
        for (String name : path.split("/", -1)) {
            if (name.isEmpty() || name.equals(".") || name.equals("..")) {
                return false;
            }
        }
        return true;
    }
}
