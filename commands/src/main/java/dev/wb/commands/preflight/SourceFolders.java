package dev.wb.commands.preflight;

import dev.wb.commands.InputFiles;
import dev.wb.commands.plan.Plan;
import dev.wb.commands.plan.PlanReader;
import dev.wb.engine.TaskKey;
import dev.wb.git.Backend;
import dev.wb.git.GitRepository;
import dev.wb.git.ReviewReads;
import dev.wb.projections.events.PlannedFile;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether an in-clone folder is source rather than a cache. {@code assigned-paths} keeps only a
 * toolchain cache out of diffs: a {@code .git/info/exclude} rule over a folder that holds a file git
 * tracks, or that a plan ({@code .workflow/KEY/sdd.json}, audited or not) names, would hide real
 * changes from the scope check. The tracked files are the index's, read once through the read-only
 * git module; nothing is written.
 */
final class SourceFolders {

    private final Path root;
    private final Path workflow;
    private final Map<String, String> env;
    private List<String> tracked;
    private List<String> planned;

    SourceFolders(Path root, Path workflow, Map<String, String> env) {
        this.root = root;
        this.workflow = workflow;
        this.env = env;
    }

    /**
     * Why the folder ({@code /}-separated, relative to the root) must not be excluded — it holds tracked
     * files, or a plan names a file in it — or empty when it is free to exclude.
     *
     * @throws dev.wb.git.GitException when the index cannot be read
     */
    Optional<String> why(String folder) {
        if (tracked == null) {
            tracked = tracked();
        }
        if (planned == null) {
            planned = planned();
        }
        String under = folder + "/";
        if (tracked.stream().anyMatch(p -> p.equals(folder) || p.startsWith(under))) {
            return Optional.of("holds files git tracks");
        }
        if (planned.stream()
                .anyMatch(p -> p.equals(folder)
                        || p.equals(under)
                        || p.startsWith(under)
                        || (p.endsWith("/") && under.startsWith(p)))) {
            return Optional.of("holds files a plan names");
        }
        return Optional.empty();
    }

    private List<String> tracked() {
        try (GitRepository git = GitRepository.open(root, env, Backend.AUTO)) {
            return git.review().indexEntries().stream()
                    .map(ReviewReads.IndexEntry::path)
                    .toList();
        }
    }

    private List<String> planned() {
        List<String> paths = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(workflow)) {
            for (Path dir : dirs) {
                Optional<TaskKey> key = TaskKey.parse(dir.getFileName().toString());
                Optional<byte[]> bytes = key.isEmpty() ? Optional.empty() : plan(dir.resolve("sdd.json"));
                Optional<Plan> plan =
                        bytes.flatMap(b -> PlanReader.read(b, key.get()).plan());
                plan.ifPresent(p -> p.files().stream().map(PlannedFile::claimed).forEach(paths::addAll));
            }
        } catch (IOException e) {
            // No .workflow/ or an unreadable plan folder: no plan names anything here.
        }
        return paths;
    }

    /** A plan's bytes, or empty when there is none wb reads (InputFiles): an unusable plan claims nothing. */
    private Optional<byte[]> plan(Path file) {
        try {
            return InputFiles.read(root, file, InputFiles.Kind.PLAN).map(InputFiles.Content::textBytes);
        } catch (InputFiles.Unusable e) {
            return Optional.empty();
        }
    }
}
