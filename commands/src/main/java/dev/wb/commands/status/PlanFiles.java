package dev.wb.commands.status;

import dev.wb.commands.InputFiles;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.plan.PlanReader;
import dev.wb.engine.TaskKey;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The plans on disk, as {@code wb status} sees them: which tasks have a sdd.json, and its digest now
 * ({@link PlanReader#digest}, what the audit gate compares). Hashing a thousand plans costs a cold
 * JVM a third of a second, so digests are remembered by the file's size, modification time and
 * identity ({@link PlanDigestCache}); a plan whose stat changed is read and hashed again.
 */
final class PlanFiles {

    private final Path workflow;
    private final PlanDigestCache cache;
    private final Clock clock;

    PlanFiles(Workspace workspace, Clock clock) {
        this.workflow = workspace.workflowDir();
        this.cache = new PlanDigestCache(workspace.checkpointsDir().resolve("plans.txt"));
        this.clock = clock;
    }

    /** The plans the last {@link #digests} saw, by task: their digests and facts. */
    private final Map<String, PlanDigestCache.Entry> seen = new TreeMap<>();

    /**
     * What the stages read from the task's plan besides its digest, as {@link #digests} last read or
     * remembered it; empty for a task it did not see with a plan.
     */
    Optional<TaskFiles.PlanFacts> facts(TaskKey key) {
        return Optional.ofNullable(seen.get(key.value())).map(PlanDigestCache.Entry::facts);
    }

    /** One task's plan digest, read and hashed now; empty when there is no sdd.json. */
    Optional<String> digest(TaskKey key) {
        return read(workflow.resolve(key.value()).resolve("sdd.json")).map(PlanReader::digest);
    }

    /** The plan's bytes; empty when there is none or none wb reads (InputFiles): the plan stage says to write one. */
    private Optional<byte[]> read(Path file) {
        try {
            return InputFiles.read(workflow.getParent(), file, InputFiles.Kind.PLAN)
                    .map(InputFiles.Content::textBytes);
        } catch (InputFiles.Unusable e) {
            return Optional.empty();
        }
    }

    /** Every task with a {@code .workflow/KEY/sdd.json}, whether or not anything was recorded for it, and its digest. */
    @SuppressWarnings("ReferenceEquality") // whether entry() handed back the remembered entry itself
    Map<TaskKey, String> digests() {
        Map<String, PlanDigestCache.Entry> known = cache.read();
        seen.clear();
        Map<TaskKey, String> digests = new HashMap<>();
        long now = clock.millis();
        boolean changed = false;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(workflow)) {
            for (Path dir : dirs) {
                String name = dir.getFileName().toString();
                Optional<TaskKey> key =
                        TaskKey.parse(name).filter(k -> k.value().equals(name));
                PlanDigestCache.Entry cached = key.isEmpty() ? null : known.get(name);
                PlanDigestCache.Entry entry = key.isEmpty() ? null : entry(dir.resolve("sdd.json"), cached);
                if (entry != null) {
                    seen.put(name, entry);
                    digests.put(key.get(), entry.digest());
                    changed |= entry != cached; // a remembered entry is handed back as it is
                }
            }
        } catch (IOException e) {
            // No .workflow/ yet (wb init never ran): no plans.
        }
        if (changed || seen.size() != known.size()) {
            cache.write(seen, now);
        }
        return digests;
    }

    /** The file's entry: the cached one while its stat is unchanged, else hashed anew; null when there is no plan. */
    private PlanDigestCache.Entry entry(Path file, PlanDigestCache.Entry cached) {
        try {
            BasicFileAttributes stat = Files.readAttributes(file, BasicFileAttributes.class);
            if (!stat.isRegularFile()) {
                return null;
            }
            String identity = String.valueOf(stat.fileKey());
            long modified = stat.lastModifiedTime().toMillis();
            if (cached != null && cached.matches(stat.size(), modified, identity)) {
                return cached;
            }
            Optional<byte[]> bytes = read(file);
            if (bytes.isEmpty()) {
                return null;
            }
            TaskKey key = new TaskKey(file.getParent().getFileName().toString());
            return new PlanDigestCache.Entry(
                    stat.size(),
                    modified,
                    identity,
                    PlanReader.digest(bytes.get()),
                    TaskFiles.PlanFacts.of(bytes.get(), key));
        } catch (IOException e) {
            // Missing (a task folder without a plan) or unreadable: no plan.
            return null;
        }
    }
}
