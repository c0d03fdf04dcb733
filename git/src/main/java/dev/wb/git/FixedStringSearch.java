package dev.wb.git;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * The files of one commit that hold a fixed string, as {@code git grep -l -F [-w] PATTERN -- PATHS}
 * lists them, read in-process through JGit and bounded: binary files (a NUL byte in the first 8,000
 * bytes) and files over {@link #MAX_FILE_BYTES} are skipped, and the search stops, incomplete, after
 * {@link #MAX_FILES} files or {@link #MAX_TOTAL_BYTES} bytes. The match is a linear scan (KMP), so no
 * pattern makes it slow.
 */
final class FixedStringSearch {

    static final long MAX_FILE_BYTES = 5L * 1024 * 1024;
    static final int MAX_FILES = 20_000;
    static final long MAX_TOTAL_BYTES = 512L * 1024 * 1024;
    private static final int BINARY_PROBE = 8000;

    private final Repository repo;

    FixedStringSearch(Repository repo) {
        this.repo = repo;
    }

    TreeSearch search(ObjectId commit, TreeSearch.Query query) {
        byte[] pattern = query.pattern().getBytes(StandardCharsets.UTF_8);
        int[] table = failureTable(pattern);
        List<String> hits = new ArrayList<>();
        int files = 0;
        long bytes = 0;
        try (RevWalk walk = new RevWalk(repo);
                ObjectReader reader = repo.newObjectReader();
                TreeWalk tree = new TreeWalk(reader)) {
            RevCommit parsed = walk.parseCommit(commit);
            tree.addTree(parsed.getTree());
            tree.setRecursive(true);
            while (tree.next()) {
                String path = tree.getPathString();
                if (tree.getFileMode(0).getObjectType() != Constants.OBJ_BLOB
                        || tree.getFileMode(0) == FileMode.GITLINK
                        || !query.covers(path)) {
                    continue;
                }
                ObjectId blob = tree.getObjectId(0);
                long size = reader.getObjectSize(blob, Constants.OBJ_BLOB);
                if (size > MAX_FILE_BYTES) {
                    continue;
                }
                if (files >= MAX_FILES || bytes + size > MAX_TOTAL_BYTES) {
                    return new TreeSearch(hits, files, false);
                }
                files++;
                bytes += size;
                byte[] content = reader.open(blob, Constants.OBJ_BLOB).getBytes(Math.toIntExact(size));
                if (!binary(content) && holds(content, pattern, table, query.word())) {
                    hits.add(path);
                }
            }
            return new TreeSearch(hits, files, true);
        } catch (IOException e) {
            throw new GitException("JGit could not search " + commit.name() + ": " + e.getMessage(), e);
        }
    }

    private static boolean binary(byte[] content) {
        for (int i = 0; i < Math.min(content.length, BINARY_PROBE); i++) {
            if (content[i] == 0) {
                return true;
            }
        }
        return false;
    }

    /** Whether the text holds the pattern (at word boundaries, for {@code word}), scanning once. */
    static boolean holds(byte[] text, byte[] pattern, int[] table, boolean word) {
        if (pattern.length == 0) {
            return false;
        }
        int matched = 0;
        for (int i = 0; i < text.length; i++) {
            while (matched > 0 && text[i] != pattern[matched]) {
                matched = table[matched - 1];
            }
            if (text[i] == pattern[matched]) {
                matched++;
            }
            if (matched == pattern.length) {
                int start = i - pattern.length + 1;
                if (!word || (boundary(text, start - 1) && boundary(text, i + 1))) {
                    return true;
                }
                matched = table[matched - 1];
            }
        }
        return false;
    }

    /** git grep -w's boundary: the edge of the text, or a byte that is not a letter, digit or underscore. */
    private static boolean boundary(byte[] text, int at) {
        if (at < 0 || at >= text.length) {
            return true;
        }
        int b = text[at] & 0xff;
        return !(b == '_' || (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z'));
    }

    static int[] failureTable(byte[] pattern) {
        int[] table = new int[pattern.length];
        int k = 0;
        for (int i = 1; i < pattern.length; i++) {
            while (k > 0 && pattern[i] != pattern[k]) {
                k = table[k - 1];
            }
            if (pattern[i] == pattern[k]) {
                k++;
            }
            table[i] = k;
        }
        return table;
    }
}
