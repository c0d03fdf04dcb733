package dev.wb.commands.judge.lock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * The run lock's JSON: who holds it (the {@link RunLock.Holder}), when that process started (to tell
 * it from a later process given the same pid), and a random token that only the acquiring process
 * knows, so release can tell its own lock from one that replaced it.
 *
 * <p>A file that is not this JSON (hand-written, truncated by a full disk, from a future wb) is read as
 * {@link #readable() unreadable}: held by an unknown process, which nothing can check.
 */
record RunLockFile(RunLock.Holder holder, Optional<Instant> processStarted, String token, boolean readable) {

    static final int VERSION = 1;
    /** Far beyond any lock wb writes; a larger file is not read into memory, and is unreadable. */
    private static final int MAX_BYTES = 64 * 1024;

    byte[] bytes() {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("version", VERSION);
        node.put("pid", holder.pid());
        node.put("host", holder.host());
        node.put("started", holder.started().toString());
        node.put("task", holder.task());
        node.put("snapshot", holder.snapshot());
        processStarted.ifPresent(at -> node.put("processStarted", at.toString()));
        node.put("token", token);
        return (CanonicalJson.text(node, true) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** The lock file's content; empty when there is none. */
    static Optional<RunLockFile> read(Path file) {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            // A symbolic link (refused by NOFOLLOW_LINKS), a folder: there, but not a lock wb wrote.
            return Optional.of(unreadable(file));
        }
        return Optional.of(
                bytes.length > MAX_BYTES ? unreadable(file) : parse(bytes).orElseGet(() -> unreadable(file)));
    }

    private static Optional<RunLockFile> parse(byte[] bytes) {
        try {
            ObjectNode node = CanonicalJson.parseObject(bytes);
            if (!node.path("version").isIntegralNumber() || node.get("version").intValue() != VERSION) {
                return Optional.empty();
            }
            JsonNode pid = node.path("pid");
            Optional<String> host = text(node, "host");
            Optional<String> started = text(node, "started");
            Optional<String> task = text(node, "task");
            Optional<String> snapshot = text(node, "snapshot");
            Optional<String> token = text(node, "token");
            if (!pid.canConvertToLong()
                    || !pid.isIntegralNumber()
                    || pid.longValue() <= 0
                    || host.isEmpty()
                    || started.isEmpty()
                    || task.isEmpty()
                    || snapshot.isEmpty()
                    || token.isEmpty()) {
                return Optional.empty();
            }
            Optional<Instant> processStarted = text(node, "processStarted").map(Instant::parse);
            RunLock.Holder holder = new RunLock.Holder(
                    pid.longValue(), host.get(), Instant.parse(started.get()), task.get(), snapshot.get());
            return Optional.of(new RunLockFile(holder, processStarted, token.get(), true));
        } catch (IllegalArgumentException | DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> text(ObjectNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() && !value.textValue().isBlank()
                ? Optional.of(value.textValue())
                : Optional.empty();
    }

    private static RunLockFile unreadable(Path file) {
        Instant since;
        try {
            since = Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).toInstant();
        } catch (IOException e) {
            since = Instant.EPOCH;
        }
        return new RunLockFile(RunLock.Holder.unknown(since), Optional.empty(), "", false);
    }
}
