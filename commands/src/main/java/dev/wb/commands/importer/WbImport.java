package dev.wb.commands.importer;

import dev.wb.commands.EventService;
import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.projections.Folds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code wb import [--from DIR] [--dry-run]}: brings what the originals left in a repository into wb's
 * layout (docs/IMPORT.md). Files are copied byte for byte and never over other content; old verdicts
 * become {@code import.verdict.recorded} events that open no gate. Everything is decided before anything
 * is written: a conflict or a refused file anywhere, and nothing is written at all.
 */
public final class WbImport {

    /** What the import did (or, under {@code --dry-run} or when held back, would do). */
    public record Report(Path source, boolean sameRepository, boolean dryRun, boolean written, List<ImportItem> items) {

        public Report {
            items = List.copyOf(items);
        }

        /** Whether a conflict or a refused file held the whole import back. */
        public boolean blocked() {
            return items.stream().anyMatch(i -> i.status().blocks());
        }

        public long count(ImportItem.Status status) {
            return items.stream().filter(i -> i.status() == status).count();
        }
    }

    private WbImport() {}

    public static Report run(Session session, Optional<Path> from, boolean dryRun) {
        Path target = session.workspace().root();
        Path source = sourceOf(from.orElse(target));
        boolean same = source.equals(real(target));
        OriginalWorkspace.Found found = OriginalWorkspace.scan(source, same);
        List<FileCopies.Planned> copies = new FileCopies(source, target).plan(found.copies());
        OriginalVerdicts reader =
                new OriginalVerdicts(source, same ? Optional.empty() : Optional.of(source.toString()));
        List<ImportItem> verdictItems = new ArrayList<>();
        Map<TaskKey, List<ImportedVerdict>> byTask = new LinkedHashMap<>();
        for (VerdictFile file : found.verdicts()) {
            OriginalVerdicts.Read read = reader.read(file);
            read.item().ifPresent(verdictItems::add);
            read.verdict()
                    .ifPresent(v -> byTask.computeIfAbsent(v.task(), k -> new ArrayList<>())
                            .add(v));
        }
        List<ImportItem> items = new ArrayList<>();
        copies.forEach(c -> items.add(c.item()));
        Map<String, ImportItem> recorded = classify(session, byTask);
        items.addAll(recorded.values());
        items.addAll(verdictItems);
        items.addAll(found.items());
        if (items.stream().allMatch(WbImport::wbsOwn)) {
            throw Failure.missing(
                    "nothing to import in " + (same ? "this repository" : source) + ": no .worc/flows/,"
                            + " .worc/tools/, .akrctx/ or .wep/, and no workbench audit.json, evidence.json or git.log.json",
                    "wb import --from <the repository the original tools worked in>",
                    "docs/IMPORT.md lists what is brought in");
        }
        Report planned = new Report(source, same, dryRun, false, items);
        if (dryRun || planned.blocked()) {
            return planned;
        }
        List<ImportItem> done = new ArrayList<>();
        copies.forEach(c -> done.add(write(target, c)));
        Set<String> appended = append(session, byTask);
        recorded.forEach((identity, item) -> done.add(
                item.status() == ImportItem.Status.RECORDED && !appended.contains(identity)
                        ? item.withStatus(ImportItem.Status.ALREADY_RECORDED)
                        : item));
        done.addAll(verdictItems);
        done.addAll(found.items());
        return new Report(source, same, false, true, done);
    }

    private static boolean wbsOwn(ImportItem item) {
        return item.status() == ImportItem.Status.SKIPPED
                && item.reason().orElse("").startsWith("a view wb rendered from its own log");
    }

    private static Path sourceOf(Path from) {
        if (!Files.isDirectory(from)) {
            throw Failure.usage(
                    "--from " + from + " is not a directory",
                    "wb import --from <the root of the repository holding .worc/, .akrctx/ or .workflow/>");
        }
        return real(from);
    }

    private static Path real(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            throw Failure.usage("cannot resolve " + dir + ": " + e.getMessage(), "check that " + dir + " is readable");
        }
    }

    /** Each verdict as it stands against the task's log now: recorded (to be) or already recorded. */
    private static Map<String, ImportItem> classify(Session session, Map<TaskKey, List<ImportedVerdict>> byTask) {
        Map<String, ImportItem> items = new LinkedHashMap<>();
        byTask.forEach((task, verdicts) -> {
            Set<String> imported = Folds.foldStream(ImportedVerdicts.INSTANCE, session.reader(), StreamId.task(task));
            for (ImportedVerdict v : verdicts) {
                ImportItem.Status status = imported.contains(v.identity())
                        ? ImportItem.Status.ALREADY_RECORDED
                        : ImportItem.Status.RECORDED;
                items.put(
                        v.identity(),
                        new ImportItem(
                                status,
                                v.kind().wireName(),
                                v.file(),
                                Optional.of(task.value()),
                                Optional.of("imported, unverified: " + v.rerun() + " gives wb's own verdict"),
                                v.verdict()));
            }
        });
        return items;
    }

    private static ImportItem write(Path target, FileCopies.Planned copy) {
        ImportItem item = copy.item();
        if (item.status() != ImportItem.Status.COPIED) {
            return item;
        }
        Path file = target.resolve(item.target().orElseThrow());
        try {
            Files.createDirectories(file.getParent());
            Optional<String> outside = Inside.check(target, file.getParent());
            if (outside.isPresent()) {
                throw new Failure(
                        Failure.Kind.CONFIG,
                        outside.get(),
                        List.of("make " + file.getParent()
                                + " a folder inside the repository, then run wb import again"));
            }
            if (!AtomicFiles.createIfAbsent(file, copy.bytes(), copy.executable())) {
                if (sameBytes(file, copy.bytes())) {
                    return item.withStatus(ImportItem.Status.ALREADY_THERE); // another import got there first
                }
                return new ImportItem(
                        ImportItem.Status.CONFLICT,
                        item.kind(),
                        item.source(),
                        item.target(),
                        Optional.of(
                                item.target().orElseThrow() + " appeared while wb import ran; it was left as it is"),
                        Optional.empty());
            }
            return item;
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write " + file + ": " + e.getMessage(),
                    List.of("check that " + file.getParent() + " is writable and the disk has space, then run wb"
                            + " import again (what was copied stays, and is found already there)"));
        }
    }

    private static boolean sameBytes(Path file, byte[] bytes) throws IOException {
        return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
                && Files.size(file) == bytes.length
                && Arrays.equals(Files.readAllBytes(file), bytes);
    }

    /** Appends each task's new verdicts, a batch at a time; returns the identities appended. */
    private static Set<String> append(Session session, Map<TaskKey, List<ImportedVerdict>> byTask) {
        Set<String> appended = new HashSet<>();
        EventService service = new EventService(session);
        byTask.forEach((task, verdicts) -> {
            List<String> batch;
            do {
                batch = service.decide(
                                StreamId.task(task),
                                ImportedVerdicts.INSTANCE,
                                state -> ImportedVerdicts.decide(state, verdicts))
                        .result();
                appended.addAll(batch);
            } while (!batch.isEmpty());
        });
        return appended;
    }
}
