package dev.wb.commands.status;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.plan.Plan;
import dev.wb.commands.plan.PlanFile;
import dev.wb.commands.plan.PlanReader;
import dev.wb.engine.Digests;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * What a task's folder holds that its stages read besides the plan: how the task was taken in
 * (triage.json from {@code wb task get}, frame.md for a framed idea, task.md from {@code wb task new}),
 * whether its work owes a handover, and the digests of handover.md, commit.txt and pr.md now, which
 * the stages compare with the digests the log recorded. Read, never trusted: a link or a file that
 * cannot be read counts as absent, and nothing here fails a status.
 *
 * @param intake how the task was taken in: {@code triage.json}, {@code framed as an idea}, {@code task.md}
 * @param kind the ticket type: the plan's {@code ticket_type}, else triage.json's {@code type}; empty when unknown
 * @param handoverOwed whether the work owes a handover (the original's rule, below)
 */
public record TaskFiles(
        Optional<String> intake,
        String kind,
        boolean handoverOwed,
        Optional<String> handover,
        Optional<String> commit,
        Optional<String> pr) {

    /** A task whose folder holds none of these. */
    public static final TaskFiles NONE =
            new TaskFiles(Optional.empty(), "", false, Optional.empty(), Optional.empty(), Optional.empty());

    /**
     * The folder of {@code key} as it is now. A handover is owed as the original owes one: the plan's
     * {@code handover_required} when it is a boolean, else a ticket type of bug, support, incident,
     * defect, problem or service request (the plan's, else triage.json's), else a key that starts with
     * {@code incident-}.
     */
    public static TaskFiles read(Workspace workspace, TaskKey key) {
        Path dir = workspace.workflowDir().resolve(key.value());
        Optional<Plan> plan = plan(workspace, dir, key);
        String triageType = triageType(dir.resolve("triage.json"));
        String kind = plan.flatMap(Plan::ticketType).orElse(triageType);
        boolean owed = plan.flatMap(Plan::handoverRequired)
                .orElseGet(() -> Plan.HANDOVER_TYPES.contains(kind.strip().toLowerCase(Locale.ROOT))
                        || key.value().toLowerCase(Locale.ROOT).startsWith("incident-"));
        return new TaskFiles(
                intake(dir),
                kind,
                owed,
                digest(dir.resolve("handover.md")),
                digest(dir.resolve("commit.txt")),
                digest(dir.resolve("pr.md")));
    }

    /** Whether a digest the log recorded is the one a file has now (either spelt with or without {@code sha256:}). */
    public static boolean same(String recorded, Optional<String> now) {
        return now.isPresent() && bare(recorded).equals(bare(now.get()));
    }

    private static String bare(String digest) {
        String lower = digest.strip().toLowerCase(Locale.ROOT);
        return lower.startsWith(Digests.PREFIX) ? lower.substring(Digests.PREFIX.length()) : lower;
    }

    private static Optional<String> intake(Path dir) {
        if (Files.isRegularFile(dir.resolve("triage.json"), LinkOption.NOFOLLOW_LINKS)) {
            return Optional.of("triage.json");
        }
        if (Files.isRegularFile(dir.resolve("frame.md"), LinkOption.NOFOLLOW_LINKS)) {
            return Optional.of("framed as an idea");
        }
        if (Files.isRegularFile(dir.resolve("task.md"), LinkOption.NOFOLLOW_LINKS)) {
            return Optional.of("task.md (wb task new)");
        }
        return Optional.empty();
    }

    private static Optional<Plan> plan(Workspace workspace, Path dir, TaskKey key) {
        try {
            return PlanFile.plan(workspace.root(), dir.resolve("sdd.json"))
                    .flatMap(bytes -> PlanReader.read(bytes, key).plan());
        } catch (Failure e) {
            return Optional.empty(); // a plan wb does not read: the audit says why, not the status
        }
    }

    private static String triageType(Path triage) {
        if (!Files.isRegularFile(triage, LinkOption.NOFOLLOW_LINKS)) {
            return "";
        }
        try {
            JsonNode doc = CanonicalJson.parse(Files.readAllBytes(triage));
            return doc.path("type").asText("");
        } catch (IOException | IllegalArgumentException e) {
            return ""; // an unreadable triage.json reads as no type, as the original reads a corrupt one
        }
    }

    private static Optional<String> digest(Path file) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Digests.sha256(Files.readAllBytes(file)));
        } catch (IOException e) {
            return Optional.empty(); // unreadable now: counted as absent, so the stage is not ok
        }
    }
}
