package dev.wb.commands.capsule;

import dev.wb.commands.base.Failure;
import dev.wb.engine.TaskKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a task's capsule lives, repository-relative. Two layouts (docs/CAPSULE.md):
 * <ul>
 * <li>wb's, beside the plan: {@code .workflow/<KEY>/};
 * <li>the review judge's, transposed under wb's folder: {@code .workflow/tasks/TASK-<n>-<slug>/}, the
 * one folder whose name is the key or starts with {@code <KEY>-} (as {@code wb import} brings in
 * {@code .akrctx/tasks/}).
 * </ul>
 * wb's layout counts as present when it holds any of the five documents (the folder alone may hold
 * only a plan). Both present is refused as ambiguous; more than one judge-layout folder is refused
 * as the judge refuses it; neither present names wb's layout, so missing documents are named there.
 */
public final class CapsuleFolder {

    /** The judge layout's parent folder. */
    public static final String TASKS = ".workflow/tasks";

    private static final Pattern FOREIGN = Pattern.compile("^\\.workflow/tasks/(TASK-[0-9]+)-[^/]+(?:/|$)");

    private CapsuleFolder() {}

    /** The capsule folder of {@code key} in a tree on disk at {@code root}. */
    public static String resolve(Path root, TaskKey key) {
        return resolve(
                key,
                path -> Files.isRegularFile(root.resolve(path), LinkOption.NOFOLLOW_LINKS),
                dir -> folders(root.resolve(dir)));
    }

    /**
     * The capsule folder of {@code key}, given whether a repository-relative file exists and the
     * folder names inside a repository-relative folder (a tree on disk, or a commit's tree).
     */
    public static String resolve(TaskKey key, Predicate<String> fileExists, Function<String, List<String>> folders) {
        String own = ".workflow/" + key.value();
        boolean ownPresent = Capsule.DOCUMENTS.stream().anyMatch(doc -> fileExists.test(own + "/" + doc));
        List<String> matches = folders.apply(TASKS).stream()
                .filter(name -> name.equals(key.value()) || name.startsWith(key.value() + "-"))
                .sorted()
                .toList();
        if (ownPresent && !matches.isEmpty()) {
            throw Failure.usage(
                    "the capsule of " + key + " is ambiguous: both " + own + "/ and " + TASKS + "/" + matches.get(0)
                            + "/ hold one",
                    "keep one of them: move or delete the other capsule folder");
        }
        if (matches.size() > 1) {
            throw Failure.usage(
                    "Expected exactly one task capsule for " + key + "; found " + matches.size() + ". ("
                            + String.join(
                                    ", ",
                                    matches.stream()
                                            .map(m -> TASKS + "/" + m + "/")
                                            .toList()) + ")",
                    "keep one capsule folder per task below " + TASKS + "/");
        }
        return matches.isEmpty() ? own : TASKS + "/" + matches.get(0);
    }

    /**
     * The task whose judge-layout capsule holds {@code path} ({@code .workflow/tasks/TASK-<n>-<slug>/…},
     * the judge's rule), if any.
     */
    public static Optional<String> taskOf(String path) {
        Matcher m = FOREIGN.matcher(path);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static List<String> folders(Path dir) {
        List<String> names = new ArrayList<>();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return names;
        }
        try (var list = Files.list(dir)) {
            list.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .forEach(p -> names.add(p.getFileName().toString()));
        } catch (IOException e) {
            return names;
        }
        return names;
    }
}
