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
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

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
        return read(workspace, key, PlanFacts.of(plan(workspace, dir, key)));
    }

    /**
     * {@link #read(Workspace, TaskKey)} with the plan's facts already known ({@link PlanFiles} remembers them
     * by the plan's stat): the folder is listed once, and only the files it holds are read.
     */
    static TaskFiles read(Workspace workspace, TaskKey key, PlanFacts plan) {
        Path dir = workspace.workflowDir().resolve(key.value());
        Set<String> held = held(dir);
        String triageType = held.contains("triage.json") ? triageType(dir.resolve("triage.json")) : "";
        String kind = plan.ticketType().orElse(triageType);
        boolean owed = plan.handoverRequired()
                .orElseGet(() -> Plan.HANDOVER_TYPES.contains(kind.strip().toLowerCase(Locale.ROOT))
                        || key.value().toLowerCase(Locale.ROOT).startsWith("incident-"));
        return new TaskFiles(
                intake(dir, held),
                kind,
                owed,
                digest(dir, held, "handover.md"),
                digest(dir, held, "commit.txt"),
                digest(dir, held, "pr.md"));
    }

    /**
     * What the stages read from a plan besides its digest: its {@code ticket_type} and {@code
     * handover_required}; both empty for a plan wb does not read (the audit says why, not the status).
     */
    public record PlanFacts(Optional<String> ticketType, Optional<Boolean> handoverRequired) {
        static final PlanFacts NONE = new PlanFacts(Optional.empty(), Optional.empty());

        static PlanFacts of(Optional<Plan> plan) {
            return plan.map(p -> new PlanFacts(p.ticketType(), p.handoverRequired()))
                    .orElse(NONE);
        }

        /** The facts of a plan's bytes as a parser reads them. */
        static PlanFacts of(byte[] bytes, TaskKey key) {
            try {
                return of(PlanReader.read(bytes, key).plan());
            } catch (Failure e) {
                return NONE;
            }
        }
    }

    /** The names in the task's folder, so that absent files cost nothing; none when it cannot be listed. */
    private static Set<String> held(Path dir) {
        Set<String> names = new HashSet<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                names.add(entry.getFileName().toString());
            }
        } catch (IOException | RuntimeException e) {
            return Set.of(); // no folder (history without a plan folder) or unreadable: nothing held
        }
        return names;
    }

    /** Whether a digest the log recorded is the one a file has now (either spelt with or without {@code sha256:}). */
    public static boolean same(String recorded, Optional<String> now) {
        return now.isPresent() && bare(recorded).equals(bare(now.get()));
    }

    private static String bare(String digest) {
        String lower = digest.strip().toLowerCase(Locale.ROOT);
        return lower.startsWith(Digests.PREFIX) ? lower.substring(Digests.PREFIX.length()) : lower;
    }

    private static Optional<String> intake(Path dir, Set<String> held) {
        if (held.contains("triage.json")
                && Files.isRegularFile(dir.resolve("triage.json"), LinkOption.NOFOLLOW_LINKS)) {
            return Optional.of("triage.json");
        }
        if (held.contains("frame.md") && Files.isRegularFile(dir.resolve("frame.md"), LinkOption.NOFOLLOW_LINKS)) {
            return Optional.of("framed as an idea");
        }
        if (held.contains("task.md") && Files.isRegularFile(dir.resolve("task.md"), LinkOption.NOFOLLOW_LINKS)) {
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

    private static Optional<String> digest(Path dir, Set<String> held, String name) {
        Path file = dir.resolve(name);
        if (!held.contains(name) || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Digests.sha256(Files.readAllBytes(file)));
        } catch (IOException e) {
            return Optional.empty(); // unreadable now: counted as absent, so the stage is not ok
        }
    }
}
