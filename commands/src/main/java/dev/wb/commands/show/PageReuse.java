package dev.wb.commands.show;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.replay.ReplayQuery;
import dev.wb.commands.status.StatusQuery;
import dev.wb.engine.Digests;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.engine.WbVersion;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Which task pages the workspace page may keep as they are: {@code .workflow/local/pages.json} records,
 * for each task's pages wb wrote, the key of everything the pages were made from ({@link PageKey}: the
 * history's head as the log holds it now, where the task stands, its plan, the redaction, wb's version)
 * and a stat of each file written (size, inode, change time, which no ordinary tool sets back). A page is
 * kept only while its key is the key computed now from the log and the checkout, and every file is still
 * the one written; anything else, an unreadable record included, makes the page again. So the record is
 * only ever a reason to skip work that would give the same page, never a source of what a page shows.
 */
public final class PageReuse {

    private static final String FILE = "pages.json";

    private final Path record;
    private final Map<String, JsonNode> entries;

    private PageReuse(Path record, Map<String, JsonNode> entries) {
        this.record = record;
        this.entries = entries;
    }

    /** The workspace's record, empty when there is none or it does not read. */
    public static PageReuse load(Workspace ws) {
        Path record = ws.localDir().resolve(FILE);
        Map<String, JsonNode> entries = new TreeMap<>();
        try {
            if (Files.isRegularFile(record, LinkOption.NOFOLLOW_LINKS) && Files.size(record) < 64L << 20) {
                JsonNode json = CanonicalJson.parse(Files.readAllBytes(record));
                json.path("pages").properties().forEach(e -> entries.put(e.getKey(), e.getValue()));
            }
        } catch (IOException | RuntimeException unreadable) {
            entries.clear(); // every page is made again, and the record written anew
        }
        return new PageReuse(record, entries);
    }

    /** Whether the pages of the task whose last page is {@code page} were made with {@code key} and are as written. */
    public boolean current(Path page, String key) {
        JsonNode entry = entries.get(name(page));
        if (entry == null || !key.equals(entry.path("key").asText())) {
            return false;
        }
        JsonNode files = entry.path("files");
        if (!files.isObject() || files.isEmpty()) {
            return false;
        }
        for (Map.Entry<String, JsonNode> file : files.properties()) {
            Optional<String> now = stat(page.resolveSibling(file.getKey()));
            if (now.isEmpty() || !now.get().equals(file.getValue().asText())) {
                return false;
            }
        }
        return true;
    }

    /** Records the pages just written from {@code key}. */
    public void written(Path page, String key, List<Path> files) {
        ObjectNode entry = CanonicalJson.objectNode().put("key", key);
        ObjectNode stats = entry.putObject("files");
        for (Path file : files) {
            stat(file).ifPresent(s -> stats.put(String.valueOf(file.getFileName()), s));
        }
        entries.put(name(page), entry);
    }

    /** The names of the files of a task's pages as recorded (for a kept page: what it is made of). */
    public List<Path> files(Path page) {
        List<Path> files = new ArrayList<>();
        entries.getOrDefault(name(page), CanonicalJson.objectNode())
                .path("files")
                .properties()
                .forEach(f -> files.add(page.resolveSibling(f.getKey())));
        return files;
    }

    /** Writes the record, whole or not at all; a record that cannot be written only costs the next run time. */
    public void save() {
        ObjectNode json = CanonicalJson.objectNode();
        ObjectNode pages = json.putObject("pages");
        entries.forEach(pages::set);
        try {
            AtomicFiles.write(record, CanonicalJson.bytes(json));
        } catch (IOException | RuntimeException unwritable) {
            // the pages themselves are written; the next run makes them again
        }
    }

    private static String name(Path page) {
        return page.toAbsolutePath().normalize().toString();
    }

    /** Size, inode and change time of a regular file (a link is not followed), or empty. */
    private static Optional<String> stat(Path file) {
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            Map<String, Object> stat = Files.readAttributes(file, "unix:size,ino,ctime", LinkOption.NOFOLLOW_LINKS);
            return Optional.of(stat.get("size") + ":" + stat.get("ino") + ":" + stat.get("ctime"));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * The key of a task's pages: everything they are made from but the events themselves, which the
     * head (version and hash) stands for, each event's hash covering the chain before it: the event the
     * workspace status was folded to (checked against the log's journal and head hints, ADR 15), else the
     * log's head read now. A page written from more events than its key names is only made again next
     * time. Empty for a history that copies of other replicas' chains hold (its merged view is not one
     * chain's head): such pages are always made again.
     *
     * @param redaction {@link #redaction}'s answer, the same for every task
     */
    public static Optional<String> key(Session session, StatusQuery.StreamStatus status, String redaction) {
        StreamId stream = status.stream();
        if (new ReplayQuery(session).merged(stream).isPresent()) {
            return Optional.empty();
        }
        Optional<StreamHead> head = status.foldedTo().or(() -> session.reader().head(stream));
        if (head.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder key = new StringBuilder(512)
                .append("wb ")
                .append(WbVersion.current())
                .append(' ')
                .append(WbVersion.built())
                .append("\nhead ")
                .append(head.get().version())
                .append(' ')
                .append(head.get().hash())
                .append("\nbroken ")
                .append(status.brokenAt().map(String::valueOf).orElse("-"))
                .append("\nplan ")
                .append(stat(session.workspace()
                                .workflowDir()
                                .resolve(stream.name())
                                .resolve("sdd.json"))
                        .orElse("-"))
                .append("\nredaction ")
                .append(redaction);
        status.task()
                .ifPresent(t -> key.append("\nstages ")
                        .append(t.stages())
                        .append("\nnext ")
                        .append(t.next()));
        return Optional.of(Digests.sha256(key.toString().getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * What a page's redaction depends on, as a keyed digest: the redactor's secret values, HMAC-SHA256'd
     * with a random key kept beside the record ({@code .workflow/local/pages.key}, readable by its owner
     * only), so that the record tells nothing of them to one who reads it alone.
     */
    public static String redaction(Session session) {
        return PageRedactor.lenient(session).fingerprint(macKey(session.workspace()));
    }

    private static byte[] macKey(Workspace ws) {
        Path file = ws.localDir().resolve("pages.key");
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                byte[] fresh = new byte[32];
                new SecureRandom().nextBytes(fresh);
                ws.ensureLocalDir();
                AtomicFiles.createIfAbsent(file, fresh);
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            }
            byte[] key = Files.readAllBytes(file);
            if (key.length >= 16) {
                return key;
            }
        } catch (IOException | UnsupportedOperationException unusable) {
            // below: a key of this run's own, so nothing is kept across runs
        }
        byte[] once = new byte[32];
        new SecureRandom().nextBytes(once);
        return once;
    }
}
