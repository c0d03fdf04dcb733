package dev.wb.git;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns git's {@code -z} output into changed paths. With {@code -z} git prints every path exactly as
 * stored, NUL-terminated, whatever {@code core.quotepath} says: spaces, quotes, newlines and
 * non-ASCII names come through unchanged, which line-based output cannot promise.
 */
final class StatusCodes {

    private StatusCodes() {}

    /**
     * Parses {@code git status --porcelain=v1 -z --no-renames}: one {@code "XY path"} record per
     * entry, X the index against HEAD, Y the working tree against the index.
     */
    static List<ChangedPath> porcelain(byte[] stdout) {
        List<ChangedPath> changes = new ArrayList<>();
        for (String record : records(stdout)) {
            if (record.length() < 4 || record.charAt(2) != ' ') {
                throw new GitException("unexpected git status output: " + record);
            }
            String path = record.substring(3);
            if (path.endsWith("/")) {
                path = path.substring(0, path.length() - 1); // a nested repository: one entry, as JGit reports it
            }
            changes.add(new ChangedPath(path, worktreeChange(record.charAt(0), record.charAt(1))));
        }
        return changes;
    }

    /**
     * The change from HEAD to the working tree. An unmerged path is MODIFIED whatever each side did:
     * a scope check only needs to know it was touched. A path added to the index stays ADDED even if
     * its file is gone again, because the next commit would still add it.
     */
    static Change worktreeChange(char x, char y) {
        if (x == '?') {
            return Change.UNTRACKED;
        }
        if (x == 'U' || y == 'U' || (x == 'A' && y == 'A') || (x == 'D' && y == 'D')) {
            return Change.MODIFIED;
        }
        if (x == 'A') {
            return Change.ADDED;
        }
        if (x == 'D' || y == 'D') {
            return Change.DELETED;
        }
        return Change.MODIFIED;
    }

    /** Parses {@code --name-status -z} output of diff-index and diff-tree: status and path, alternating. */
    static List<ChangedPath> nameStatus(byte[] stdout) {
        List<String> records = records(stdout);
        if (records.size() % 2 != 0) {
            throw new GitException("unexpected git diff output: an odd number of fields");
        }
        List<ChangedPath> changes = new ArrayList<>(records.size() / 2);
        for (int i = 0; i < records.size(); i += 2) {
            char status = records.get(i).isEmpty() ? '?' : records.get(i).charAt(0);
            Change change = switch (status) {
                case 'A' -> Change.ADDED;
                case 'D' -> Change.DELETED;
                case 'M', 'T', 'U' -> Change.MODIFIED;
                default -> throw new GitException("unexpected git diff status: " + records.get(i));
            };
            changes.add(new ChangedPath(records.get(i + 1), change));
        }
        return changes;
    }

    /** Splits NUL-terminated records; paths are decoded as UTF-8, as JGit decodes them. */
    static List<String> records(byte[] bytes) {
        List<String> records = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                records.add(new String(bytes, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        return records;
    }
}
