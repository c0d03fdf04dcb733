package dev.wb.commands.capsule;

import dev.wb.commands.InputFiles;
import dev.wb.commands.base.Failure;
import dev.wb.engine.TaskKey;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code wb task migrate-criteria [KEY] [--dry-run]}: numbers the criteria of one capsule, or of
 * every {@code .workflow/<KEY>/acceptance-criteria.md}, each decided by {@link Migration} and
 * written atomically (never with {@code --dry-run}).
 */
public final class CriteriaMigration {

    /** One capsule's migration; {@code written} is false for a dry run or a file that did not change. */
    public record Outcome(TaskKey key, String file, Migration migration, boolean written) {}

    private CriteriaMigration() {}

    public static List<Outcome> run(Path repoRoot, Optional<TaskKey> key, boolean dryRun, Predicate<String> blocked) {
        List<TaskKey> keys = key.map(List::of).orElseGet(() -> capsules(repoRoot));
        List<Outcome> outcomes = new ArrayList<>();
        for (TaskKey task : keys) {
            String file = file(repoRoot, task);
            Path path = repoRoot.resolve(file);
            if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) && key.isEmpty()) {
                outcomes.add(new Outcome(task, file, notRegular(), false));
                continue;
            }
            if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                throw Failure.missing(
                        file
                                + (Files.exists(path, LinkOption.NOFOLLOW_LINKS)
                                        ? " is not a regular file"
                                        : " is missing"),
                        "write it (docs/CAPSULE.md describes the criteria), or run wb task migrate-criteria"
                                + " without a key to migrate every capsule that has one");
            }
            byte[] bytes;
            try {
                bytes = read(repoRoot, path, file);
            } catch (InputFiles.Unusable e) {
                if (key.isPresent()) {
                    throw e.failure(Failure.Kind.MISSING);
                }
                outcomes.add(new Outcome(task, file, unusable(e), false));
                continue;
            }
            Migration migration = Migration.of(bytes, blocked);
            boolean write = migration.changed() && !dryRun;
            if (write) {
                try {
                    AtomicFiles.write(path, migration.content());
                } catch (IOException e) {
                    throw new Failure(
                            Failure.Kind.NOT_COMPLETED,
                            "cannot write " + file + ": " + e.getMessage(),
                            List.of("check that " + file + " is writable, then run this again"));
                }
            }
            outcomes.add(new Outcome(task, file, migration, write));
        }
        return outcomes;
    }

    private static Migration notRegular() {
        return new Migration(
                Migration.Status.REFUSED,
                new byte[0],
                List.of(),
                List.of(new CapsuleProblem(
                        AcceptanceCriteria.FILE, 0, "not a regular file: wb reads and writes only regular files")));
    }

    static String file(Path repoRoot, TaskKey key) {
        return CapsuleFolder.resolve(repoRoot, key) + "/" + AcceptanceCriteria.FILE;
    }

    /** Every folder of .workflow/ named as a task key (as wb writes it) with an acceptance-criteria.md. */
    static List<TaskKey> capsules(Path repoRoot) {
        List<TaskKey> keys = new ArrayList<>();
        Path dir = repoRoot.resolve(".workflow");
        if (!Files.isDirectory(dir)) {
            return keys;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                Optional<TaskKey> task =
                        TaskKey.parse(name).filter(k -> k.value().equals(name));
                if (task.isPresent()
                        && Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)
                        && Files.exists(entry.resolve(AcceptanceCriteria.FILE), LinkOption.NOFOLLOW_LINKS)) {
                    keys.add(task.get());
                }
            }
        } catch (IOException e) {
            throw Failure.missing("cannot list .workflow/: " + e.getMessage(), "check that .workflow/ is readable");
        }
        // The review judge's layout: .workflow/tasks/TASK-<n>-<slug>/ (CapsuleFolder).
        Path tasks = repoRoot.resolve(CapsuleFolder.TASKS);
        if (Files.isDirectory(tasks, LinkOption.NOFOLLOW_LINKS)) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(tasks)) {
                for (Path entry : entries) {
                    Matcher m = Pattern.compile("^(TASK-[0-9]+)(?:-.*)?$")
                            .matcher(entry.getFileName().toString());
                    if (m.matches()
                            && Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)
                            && Files.exists(entry.resolve(AcceptanceCriteria.FILE), LinkOption.NOFOLLOW_LINKS)) {
                        TaskKey task = new TaskKey(m.group(1));
                        if (!keys.contains(task)) {
                            keys.add(task);
                        }
                    }
                }
            } catch (IOException e) {
                throw Failure.missing(
                        "cannot list " + CapsuleFolder.TASKS + "/: " + e.getMessage(),
                        "check that " + CapsuleFolder.TASKS + "/ is readable");
            }
        }
        keys.sort(ORDER);
        return keys;
    }

    /** ABC-2 before ABC-10, then bare numbers, then slugs ({@link TaskKey#ORDER}). */
    static final Comparator<TaskKey> ORDER = TaskKey.ORDER;

    /** The file's exact bytes, read as every capsule document is (InputFiles). */
    private static byte[] read(Path repoRoot, Path path, String file) throws InputFiles.Unusable {
        return InputFiles.read(repoRoot, path, InputFiles.Kind.CAPSULE)
                .map(InputFiles.Content::bytes)
                .orElseThrow(() ->
                        Failure.missing(file + " is missing", "write it (docs/CAPSULE.md describes the criteria)"));
    }

    private static Migration unusable(InputFiles.Unusable e) {
        return new Migration(
                Migration.Status.REFUSED,
                new byte[0],
                List.of(),
                List.of(new CapsuleProblem(AcceptanceCriteria.FILE, 0, e.problem() + "; " + e.fix())));
    }
}
