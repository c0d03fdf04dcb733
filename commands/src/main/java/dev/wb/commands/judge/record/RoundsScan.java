package dev.wb.commands.judge.record;

import dev.wb.commands.Workspace;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.judge.RecordCategory;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

/**
 * Where {@code wb judge rounds} looks: every regular file directly under
 * {@code .workflow/local/judge/}, under each {@code <KEY>/} folder there and under that folder's
 * {@code records/}, whatever the file's name. No other folder is entered ({@code snapshots/} among
 * them): each is one skipped entry naming it. Symbolic links are never followed, and a path
 * {@code blockedReadPatterns} withholds is skipped by name, never opened. Nothing is written.
 */
final class RoundsScan {

    static final String JUDGE_DIR = ".workflow/local/judge";

    /** Review records are a few kilobytes; a file above this is not read whole into memory. */
    static final long MAX_BYTES = 16L * 1024 * 1024;

    static final String BLOCKED = "blocked by policy.json";

    record Result(List<JudgeRounds.Input> inputs, List<JudgeRounds.Skipped> skipped) {}

    private final Workspace workspace;
    private final ReadPolicy policy;
    private final BiConsumer<Path, RecordFacts> onRead;
    private final List<JudgeRounds.Input> inputs = new ArrayList<>();
    private final List<JudgeRounds.Skipped> skipped = new ArrayList<>();
    private final Map<Optional<String>, RecordCategory> categories = new HashMap<>();

    private RoundsScan(Workspace workspace, ReadPolicy policy, BiConsumer<Path, RecordFacts> onRead) {
        this.workspace = workspace;
        this.policy = policy;
        this.onRead = onRead;
    }

    /**
     * Reads what there is to read.
     *
     * @param onRead called for every record file read whose task is valid (its {@code judge.record.read})
     */
    static Result scan(Workspace workspace, ReadPolicy policy, BiConsumer<Path, RecordFacts> onRead) {
        RoundsScan scan = new RoundsScan(workspace, policy, onRead);
        Path judge = Snapshots.judgeDir(workspace);
        if (Files.isSymbolicLink(judge)) {
            scan.skip(judge, "a symbolic link, not followed");
        } else if (Files.isDirectory(judge, LinkOption.NOFOLLOW_LINKS)) {
            if (policy.blocked(scan.relative(judge))) {
                scan.skip(judge, BLOCKED);
            } else {
                scan.visit(judge, 0);
            }
        } else if (Files.exists(judge, LinkOption.NOFOLLOW_LINKS)) {
            scan.skip(judge, "not a folder");
        }
        return new Result(List.copyOf(scan.inputs), List.copyOf(scan.skipped));
    }

    /** Depth 0: the judge folder; 1: a {@code <KEY>/} folder; 2: its {@code records/}. */
    private void visit(Path dir, int depth) {
        List<Path> entries;
        try (Stream<Path> list = Files.list(dir)) {
            // A folder's own files first, then its folders: TASK-1/review.json before TASK-1/records/.
            entries = list.sorted(Comparator.comparing((Path p) -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                            .thenComparing(Comparator.naturalOrder()))
                    .toList();
        } catch (IOException e) {
            skip(dir, "cannot be listed (" + e.getMessage() + ")");
            return;
        }
        for (Path entry : entries) {
            String name = entry.getFileName().toString();
            if (depth == 0 && (name.equals("run.lock") || name.equals("run.lock.guard"))) {
                continue; // wb's own run lock (JUDGE.md), never a record
            }
            if (policy.blocked(relative(entry))) {
                skip(entry, BLOCKED);
                continue;
            }
            BasicFileAttributes attributes;
            try {
                attributes = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (IOException e) {
                skip(entry, "cannot be read (" + e.getMessage() + ")");
                continue;
            }
            if (attributes.isSymbolicLink()) {
                skip(entry, "a symbolic link, not followed");
            } else if (attributes.isDirectory()) {
                if (depth == 0 && TaskKey.parse(name).isPresent()) {
                    visit(entry, 1);
                } else if (depth == 1 && name.equals("records")) {
                    visit(entry, 2);
                } else {
                    skip(
                            entry,
                            "a folder not read: records are read only directly under " + JUDGE_DIR
                                    + "/, <KEY>/ and <KEY>/records/");
                }
            } else if (!attributes.isRegularFile()) {
                skip(entry, "not a regular file");
            } else if (attributes.size() > MAX_BYTES) {
                skip(entry, "larger than " + (MAX_BYTES >> 20) + " MiB: not a review record");
            } else {
                read(entry);
            }
        }
    }

    private void read(Path file) {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            bytes = in.readNBytes((int) MAX_BYTES + 1);
        } catch (IOException e) {
            skip(file, "cannot be read (" + e.getMessage() + ")");
            return;
        }
        if (bytes.length > MAX_BYTES) {
            skip(file, "larger than " + (MAX_BYTES >> 20) + " MiB: not a review record");
            return;
        }
        RecordFacts facts = RecordFacts.of(bytes);
        if (facts.taskId().isEmpty()) {
            skip(file, json(bytes) ? "no valid taskId" : "not a JSON object: no valid taskId");
            return;
        }
        onRead.accept(file, facts);
        RecordCategory category = categories.computeIfAbsent(facts.candidate(), c -> RecordLog.category(workspace, c));
        inputs.add(new JudgeRounds.Input(relative(file), facts, category));
    }

    private static boolean json(byte[] bytes) {
        try {
            var node = CanonicalJson.parse(bytes);
            return node != null && node.isObject();
        } catch (RuntimeException e) {
            return false;
        }
    }

    private void skip(Path path, String reason) {
        skipped.add(new JudgeRounds.Skipped(relative(path), reason));
    }

    /** Repository-relative, {@code /}-separated. */
    String relative(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path root = workspace.root().toAbsolutePath().normalize();
        Path shown = absolute.startsWith(root) ? root.relativize(absolute) : absolute;
        return shown.toString().replace(File.separatorChar, '/');
    }
}
