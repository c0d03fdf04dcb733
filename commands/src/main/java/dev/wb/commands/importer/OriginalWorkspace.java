package dev.wb.commands.importer;

import dev.wb.commands.InputFiles;
import dev.wb.engine.TaskKey;
import dev.wb.projections.events.ImportedKind;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * What the originals left in a repository, found by their own conventions (docs/IMPORT.md): the
 * orchestrator's {@code .worc/flows/} and {@code .worc/tools/}, the judge's {@code .akrctx/} (or
 * {@code .wep/}) capsules, policy and review records, and the workbench's {@code .workflow/<KEY>/}
 * plans and verdict files. It only lists: nothing is read here but folder entries. A folder reached
 * through a link is not followed, a name holding a control character is refused, and a walk stops at
 * {@link #MAX_ENTRIES} entries or {@link #MAX_DEPTH} folders down.
 */
final class OriginalWorkspace {

    static final int MAX_ENTRIES = 10_000;
    static final int MAX_DEPTH = 8;

    /** The workbench's ticket keys (its artifacts.py), lower-case slugs as it writes them: every one a wb key. */
    private static final Pattern WORKBENCH_KEY =
            Pattern.compile("^[A-Za-z][A-Za-z0-9]*-\\d+$|^\\d+$|^(idea|incident)-[a-z0-9][a-z0-9-]{0,40}$");

    private static final Pattern CAPSULE_FOLDER = Pattern.compile("^TASK-[0-9]+(-.*)?$");
    private static final Pattern RECORD_FOLDER = Pattern.compile("^TASK-[0-9]+$|^records$");
    private static final List<String> VERDICT_FILES = List.of("audit.json", "evidence.json", "git.log.json");

    /** What was found: files to copy, verdicts to record, and what was set aside while looking. */
    record Found(List<FileCopy> copies, List<VerdictFile> verdicts, List<ImportItem> items) {}

    private final Path source;
    private final boolean sameRepository;
    private final List<FileCopy> copies = new ArrayList<>();
    private final List<VerdictFile> verdicts = new ArrayList<>();
    private final List<ImportItem> items = new ArrayList<>();
    private int entries;

    private OriginalWorkspace(Path source, boolean sameRepository) {
        this.source = source;
        this.sameRepository = sameRepository;
    }

    /** Everything under {@code source} the originals wrote; {@code sameRepository} when it is this repository. */
    static Found scan(Path source, boolean sameRepository) {
        OriginalWorkspace scan = new OriginalWorkspace(source, sameRepository);
        scan.orchestrator();
        for (String judge : List.of(".akrctx", ".wep")) {
            scan.judge(judge);
        }
        scan.workbench();
        return new Found(List.copyOf(scan.copies), List.copyOf(scan.verdicts), List.copyOf(scan.items));
    }

    private void orchestrator() {
        walk(
                ".worc/flows",
                0,
                (rel, under) ->
                        copies.add(new FileCopy("flow", rel, ".workflow/flows/" + under, InputFiles.Kind.FLOW)));
        for (Entry entry : list(".worc/tools")) {
            if (entry.folder()) {
                items.add(ImportItem.skipped(
                        "folder",
                        entry.path(),
                        "a folder: a tool is a file directly in"
                                + " .worc/tools/ (the orchestrator resolves no other)"));
            } else {
                copies.add(new FileCopy("tool", entry.path(), ".workflow/tools/" + entry.name(), InputFiles.Kind.TOOL));
            }
        }
    }

    private void judge(String base) {
        for (Entry entry : list(base + "/tasks")) {
            if (entry.folder() && CAPSULE_FOLDER.matcher(entry.name()).matches()) {
                walk(
                        entry.path(),
                        1,
                        (rel, under) -> copies.add(new FileCopy(
                                "capsule",
                                rel,
                                ".workflow/tasks/" + entry.name() + "/" + under,
                                InputFiles.Kind.CAPSULE)));
            } else {
                items.add(ImportItem.skipped(
                        entry.folder() ? "folder" : "capsule", entry.path(), "not a TASK-<n>-<slug> capsule folder"));
            }
        }
        if (exists(base + "/policy.json")) {
            copies.add(new FileCopy("policy", base + "/policy.json", ".workflow/policy.json", InputFiles.Kind.POLICY));
        }
        records(base + "/local/judge", true);
    }

    /** Review records: files directly in the judge's folder, and in its {@code TASK-<n>/} and {@code records/}. */
    private void records(String folder, boolean top) {
        for (Entry entry : list(folder)) {
            if (!entry.folder()) {
                record(entry);
            } else if (top && RECORD_FOLDER.matcher(entry.name()).matches()) {
                records(entry.path(), false);
            } else if (top && entry.name().equals("snapshots")) {
                items.add(ImportItem.skipped(
                        "folder",
                        entry.path(),
                        "the judge's snapshots are not carried over:"
                                + " wb captures its own (wb judge snapshot KEY)"));
            } else {
                items.add(ImportItem.skipped(
                        "folder",
                        entry.path(),
                        "not a TASK-<n>/ or records/ folder, where" + " the judge's rounds look for records"));
            }
        }
    }

    private void record(Entry entry) {
        if (!entry.name().endsWith(".json")) {
            items.add(ImportItem.skipped("record", entry.path(), "not a .json file: review records are JSON"));
            return;
        }
        String under = entry.path().substring(entry.path().indexOf("/local/judge/") + "/local/judge/".length());
        copies.add(
                new FileCopy("record", entry.path(), ".workflow/local/judge/" + under, InputFiles.Kind.REVIEW_RECORD));
        verdicts.add(new VerdictFile(ImportedKind.REVIEW, entry.path(), Optional.empty()));
    }

    private void workbench() {
        for (Entry entry : list(".workflow")) {
            if (!entry.folder() || !WORKBENCH_KEY.matcher(entry.name()).matches()) {
                continue; // config.json, tasks/, flows/, local/, .cache: not a ticket folder
            }
            // TaskKey holds all three of the workbench's shapes (ABC-12, 123, idea-…/incident-…).
            Optional<TaskKey> key = TaskKey.parse(entry.name());
            if (key.isEmpty()) {
                continue;
            }
            if (!sameRepository && exists(entry.path() + "/sdd.json")) {
                copies.add(new FileCopy(
                        "plan",
                        entry.path() + "/sdd.json",
                        ".workflow/" + key.get().value() + "/sdd.json",
                        InputFiles.Kind.PLAN));
            }
            for (String file : VERDICT_FILES) {
                if (exists(entry.path() + "/" + file)) {
                    verdicts.add(new VerdictFile(kindOf(file), entry.path() + "/" + file, key));
                }
            }
        }
    }

    private static ImportedKind kindOf(String file) {
        return file.equals("git.log.json")
                ? ImportedKind.GIT_LOG
                : file.equals("audit.json") ? ImportedKind.AUDIT : ImportedKind.EVIDENCE;
    }

    interface FileSink {
        void accept(String relative, String underFolder);
    }

    /** Every file below {@code folder}, with its path under it; folders as deep as {@link #MAX_DEPTH}. */
    private void walk(String folder, int depth, FileSink sink) {
        walk(folder, "", depth, sink);
    }

    private void walk(String folder, String under, int depth, FileSink sink) {
        for (Entry entry : list(folder)) {
            String below = under + entry.name();
            if (!entry.folder()) {
                sink.accept(entry.path(), below);
            } else if (depth >= MAX_DEPTH) {
                items.add(ImportItem.refused(
                        "folder",
                        entry.path(),
                        "lies more than " + MAX_DEPTH + " folders deep; wb import does not go further"));
            } else {
                walk(entry.path(), below + "/", depth + 1, sink);
            }
        }
    }

    private record Entry(String path, String name, boolean folder) {}

    /**
     * A folder's entries, sorted by name. A link to a folder and a name with a control character are
     * refused here; a link to a file is listed (the reader decides where it leads).
     */
    private List<Entry> list(String folder) {
        Path dir = source.resolve(folder);
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            if (Files.isSymbolicLink(dir)) {
                items.add(ImportItem.refused(
                        "folder", folder, "is a symbolic link; wb import does not follow" + " a link to a folder"));
            }
            return List.of();
        }
        TreeMap<String, Path> sorted = new TreeMap<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            for (Path child : stream) {
                if (++entries > MAX_ENTRIES) {
                    items.add(ImportItem.refused(
                            "folder",
                            folder,
                            "holds more than " + MAX_ENTRIES + " entries in all; wb import does not read further"));
                    break;
                }
                sorted.put(child.getFileName().toString(), child);
            }
        } catch (IOException e) {
            items.add(ImportItem.refused("folder", folder, "cannot be listed (" + e.getMessage() + ")"));
            return List.of();
        }
        List<Entry> listed = new ArrayList<>();
        sorted.forEach((name, child) -> entry(folder, name, child).ifPresent(listed::add));
        return listed;
    }

    private Optional<Entry> entry(String folder, String name, Path child) {
        String path = folder + "/" + name;
        if (name.codePoints().anyMatch(OriginalWorkspace::isControl)) {
            items.add(ImportItem.refused("file", path, "its name holds a control character"));
            return Optional.empty();
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            items.add(ImportItem.refused("file", path, "cannot be read (" + e.getMessage() + ")"));
            return Optional.empty();
        }
        if (attributes.isSymbolicLink() && Files.isDirectory(child)) {
            items.add(ImportItem.refused(
                    "folder",
                    path,
                    "is a symbolic link to a folder; wb import does not" + " follow it (make it a folder)"));
            return Optional.empty();
        }
        return Optional.of(new Entry(path, name, attributes.isDirectory()));
    }

    private boolean exists(String relative) {
        return Files.exists(source.resolve(relative), LinkOption.NOFOLLOW_LINKS);
    }

    static boolean isControl(int codePoint) {
        return codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0);
    }
}
