package dev.wb.git;

import java.util.List;

/**
 * What {@link GitRepository#searchAt} found: the files of the commit that hold the fixed string, in
 * path order, how many files it read, and whether it read every file it should have.
 *
 * @param complete false when the search stopped at its bounds before the last file
 */
public record TreeSearch(List<String> hits, int filesRead, boolean complete) {

    public TreeSearch {
        hits = List.copyOf(hits);
    }

    /**
     * A fixed-string search: {@code pattern} (no line break) in the files under {@code paths}
     * (repository-relative files or folders, {@code /}-separated; none, or an empty one: every file).
     */
    public record Query(String pattern, List<String> paths, boolean word) {

        public Query {
            paths = List.copyOf(paths);
        }

        /** Whether {@code path} is one of the paths, or under one of the folders (any path when there are none). */
        boolean covers(String path) {
            return paths.isEmpty() || coversPath(path);
        }

        /** Whether {@code path} is one of the paths, or under one of the folders (none when there are none). */
        public boolean coversPath(String path) {
            for (String p : paths) {
                if (p.isEmpty()) {
                    return true; // the whole tree
                }
                String folder = p.endsWith("/") ? p : p + "/";
                if (path.equals(p) || path.startsWith(folder)) {
                    return true;
                }
            }
            return false;
        }
    }
}
