package dev.wb.commands.sync.trust;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.commands.merged.Replica;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.SyncSignaturesChecked;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What this clone's own fetches recorded of other replicas' signatures ({@code sync.signatures.checked}
 * in its own chain of the workspace stream, never a copy's), folded. The fold is kept in {@code
 * .workflow/local/sync/signatures-read} beside the head of that chain it was read at, and read back
 * only by a session that shows and decides nothing ({@code wb status}), while the stream's head hint
 * is that same head (version and hash), as the projections' checkpoints are: such a read then opens
 * no log. A stale or torn file costs a read of the stream. Anyone who can write {@code
 * .workflow/local/} can rewrite the file with the real head copied in, so a gate never reads it: every
 * gate's verdict is folded from the log.
 */
final class RecordedSignatures {

    static final String FILE = "signatures-read";

    /** One replica's commits as the fetches found them. */
    static final class Found {
        long commits;
        long unsigned;
        final Set<String> keys = new TreeSet<>();
        final Set<String> bad = new LinkedHashSet<>();
    }

    private RecordedSignatures() {}

    /**
     * The fold, by replica.
     *
     * @param fromCheckpoint whether the kept fold may be read back (a session that only shows)
     */
    static Map<String, Found> read(Session session, boolean fromCheckpoint) {
        StreamId workspace = StreamId.workspace();
        Optional<StreamHead> hint = session.log().headHint(workspace);
        if (hint.isEmpty()) {
            return Map.of(); // no workspace stream: no fetch recorded anything
        }
        Path file = Replica.dir(session.workspace()).resolve(FILE);
        Optional<Map<String, Found>> kept = fromCheckpoint ? load(file, hint.get()) : Optional.empty();
        if (kept.isPresent()) {
            return kept.get();
        }
        Map<String, Found> found = new HashMap<>();
        StreamHead[] last = {null};
        session.log().forEach(workspace, 0, event -> {
            last[0] = new StreamHead(event.version(), event.hash());
            if (!SyncSignaturesChecked.TYPE.matches(event)) {
                return;
            }
            for (SyncSignaturesChecked.Replica r :
                    SyncSignaturesChecked.TYPE.read(event).replicas()) {
                Found f = found.computeIfAbsent(r.replica(), k -> new Found());
                f.commits += r.commits();
                f.unsigned += r.unsigned();
                r.keys().forEach(k -> f.keys.add(k.key()));
                f.bad.addAll(r.bad());
            }
        });
        if (last[0] != null) {
            save(file, last[0], found);
        }
        return found;
    }

    private static Optional<Map<String, Found>> load(Path file, StreamHead head) {
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > 1024 * 1024) {
                return Optional.empty();
            }
            JsonNode doc = CanonicalJson.parse(Files.readAllBytes(file));
            if (doc.path("version").asLong(-1) != head.version()
                    || !doc.path("hash").asText("").equals(head.hash())) {
                return Optional.empty();
            }
            Map<String, Found> found = new HashMap<>();
            doc.path("replicas").properties().forEach(entry -> {
                Found f = new Found();
                JsonNode r = entry.getValue();
                f.commits = r.path("commits").asLong(0);
                f.unsigned = r.path("unsigned").asLong(0);
                r.path("keys").forEach(k -> f.keys.add(k.asText()));
                r.path("bad").forEach(b -> f.bad.add(b.asText()));
                found.put(entry.getKey(), f);
            });
            return Optional.of(found);
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty(); // read the stream instead
        }
    }

    private static void save(Path file, StreamHead head, Map<String, Found> found) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("version", head.version());
        doc.put("hash", head.hash());
        ObjectNode replicas = doc.putObject("replicas");
        found.forEach((replica, f) -> {
            ObjectNode r = replicas.putObject(replica);
            r.put("commits", f.commits);
            r.put("unsigned", f.unsigned);
            f.keys.forEach(r.putArray("keys")::add);
            f.bad.forEach(r.putArray("bad")::add);
        });
        try {
            if (Files.isDirectory(file.getParent(), LinkOption.NOFOLLOW_LINKS)) {
                AtomicFiles.write(file, CanonicalJson.bytes(doc));
            }
        } catch (IOException e) {
            // a record not kept costs the next read a fold, nothing else
        }
    }
}
