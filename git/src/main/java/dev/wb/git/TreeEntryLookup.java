package dev.wb.git;

import java.nio.file.Path;

/**
 * Reads a blob with {@code ls-tree} and {@code cat-file blob}: two processes, but every path can be
 * passed as an argument. {@link CatFileBatch} is faster and takes its names line by line, so this is
 * the route for paths that contain a newline.
 */
final class TreeEntryLookup {

    private TreeEntryLookup() {}

    static BlobRead read(GitBinary git, Path root, String commit, String path, long maxBytes) {
        if (git.run(root, "rev-parse", "-q", "--verify", "--end-of-options", commit + "^{commit}")
                        .exitCode()
                != 0) {
            throw new GitException("unknown revision: " + commit);
        }
        // --literal-pathspecs: the path is a name, never a pattern; --full-tree: relative to the top.
        byte[] listing =
                git.runOrThrow(root, "--literal-pathspecs", "ls-tree", "-z", "-l", "--full-tree", commit, "--", path);
        for (String record : StatusCodes.records(listing)) {
            int tab = record.indexOf('\t');
            if (tab < 0 || !record.substring(tab + 1).equals(path)) {
                continue;
            }
            String[] fields = record.substring(0, tab).trim().split(" +", 0);
            if (fields.length != 4 || !fields[1].equals("blob")) {
                return new BlobRead.Absent();
            }
            long size = Long.parseLong(fields[3]);
            if (size > maxBytes) {
                return new BlobRead.TooLarge(size);
            }
            return new BlobRead.Found(git.runOrThrow(root, "cat-file", "blob", fields[2]));
        }
        return new BlobRead.Absent();
    }
}
