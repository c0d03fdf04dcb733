package dev.wb.commands.pr;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.EventService;
import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.engine.Digests;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.draft.HandoverState;
import dev.wb.projections.events.draft.PrChecked;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb pr check} on a real repository: the prose rules, the handover incident work owes, pr.md saved. */
class PrCheckTest {

    static final String GOOD = "Fix the cart total\n\nThe total is rounded once, at checkout.\n";

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "value = 1\n");
        repo.commitAll("app");
    }

    PrCheck.Result check(String key, String draft) {
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            return PrCheck.run(
                    session, repo.resolve(draft), Optional.of(TaskKey.parse(key).orElseThrow()), Optional.empty());
        }
    }

    PrChecked lastEvent(String key) {
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            List<EventEnvelope> events =
                    session.reader().read(StreamId.task(TaskKey.parse(key).orElseThrow()));
            return PrChecked.TYPE.read(events.get(events.size() - 1));
        }
    }

    @Test
    void a_passing_draft_is_saved_as_pr_md_and_recorded_with_its_digest() throws IOException {
        repo.write("drafts/pr.md", GOOD);

        PrCheck.Result result = check("ABC-1", "drafts/pr.md");

        assertTrue(result.passed(), result.reasons()::toString);
        assertEquals(HandoverState.NOT_OWED, result.handover());
        Path saved = repo.resolve(".workflow/ABC-1/pr.md");
        assertEquals(GOOD, Files.readString(saved));
        PrChecked event = lastEvent("ABC-1");
        assertTrue(event.passed() && event.saved());
        assertEquals(HandoverState.NOT_OWED, event.handover());
        assertEquals(Digests.hex(Digests.sha256(Files.readAllBytes(saved))), event.sha256());
    }

    @Test
    void a_failing_draft_saves_nothing_and_records_its_reasons() {
        repo.write("drafts/pr.md", "## What\n\nHope this helps\n## Why\n");

        PrCheck.Result result = check("ABC-1", "drafts/pr.md");

        assertEquals(
                List.of(
                        "section 'Why' has no content: delete the heading or fill it",
                        "remove filler: 'Hope this helps'"),
                result.reasons());
        assertFalse(Files.exists(repo.resolve(".workflow/ABC-1/pr.md")));
        assertEquals(result.reasons(), lastEvent("ABC-1").reasons());
    }

    @Test
    void an_incident_without_its_handover_fails_and_passes_once_the_handover_is_written() throws IOException {
        repo.write("drafts/pr.md", GOOD);

        PrCheck.Result missing = check("incident-cart-down", "drafts/pr.md");

        assertEquals(HandoverState.MISSING, missing.handover());
        assertEquals(
                List.of("the handover is not ready: incident work owes one, and"
                        + " .workflow/incident-cart-down/handover.md does not exist"),
                missing.reasons());
        assertEquals(HandoverState.MISSING, lastEvent("incident-cart-down").handover());
        assertFalse(Files.exists(repo.resolve(".workflow/incident-cart-down/pr.md")));

        repo.write(".workflow/incident-cart-down/handover.md", "# Handover\n\nThe cart is back.\n");
        PrCheck.Result ready = check("incident-cart-down", "drafts/pr.md");
        assertTrue(ready.passed(), ready.reasons()::toString);
        assertEquals(HandoverState.READY, ready.handover());
    }

    @Test
    void the_plans_ticket_type_or_triage_decides_whether_a_handover_is_owed() {
        repo.write("drafts/pr.md", GOOD);
        plan("BUG-1").set("ticket_type", "bug").writeTo(repo);
        plan("STORY-1").set("ticket_type", "story").writeTo(repo);
        repo.write(".workflow/SUP-1/triage.json", "{\"type\": \"Support\"}\n");

        assertEquals(HandoverState.MISSING, check("BUG-1", "drafts/pr.md").handover());
        assertEquals(HandoverState.NOT_OWED, check("STORY-1", "drafts/pr.md").handover());
        PrCheck.Result support = check("SUP-1", "drafts/pr.md");
        assertEquals(HandoverState.MISSING, support.handover());
        assertTrue(support.reasons().get(0).contains("Support work owes one"), support.reasons()::toString);
    }

    @Test
    void a_missing_draft_is_exit_6_and_a_link_out_of_the_repository_is_refused() throws IOException {
        Failure missing = assertThrows(Failure.class, () -> check("ABC-1", "drafts/none.md"));
        assertEquals(Failure.Kind.MISSING, missing.kind());
        assertEquals(
                List.of(
                        "write the drafted description to drafts/none.md first, then: wb pr check ABC-1 --file drafts/none.md"),
                missing.fixes());

        Files.writeString(tmp.resolve("outside.md"), GOOD);
        Files.createSymbolicLink(repo.resolve("link.md"), tmp.resolve("outside.md"));
        Failure link = assertThrows(Failure.class, () -> check("ABC-1", "link.md"));
        assertEquals(Failure.Kind.USAGE, link.kind());
        assertTrue(link.getMessage().contains("outside the repository"), link.getMessage());
    }

    /** A {@code handover.written} as {@code wb sdd handover} records it: the sha256 of the file it wrote. */
    record HandoverWritten(String sha256) implements WbEvent {
        static final EventType<HandoverWritten> TYPE = EventType.of(
                "handover.written",
                List.of("sha256", "path"),
                p -> new HandoverWritten(p.path("sha256").asText()));

        @Override
        public EventType<HandoverWritten> eventType() {
            return TYPE;
        }

        @Override
        public ObjectNode payload() {
            return CanonicalJson.objectNode()
                    .put("sha256", sha256)
                    .put("path", ".workflow/incident-cart-down/handover.md");
        }
    }

    @Test
    void a_handover_edited_after_the_log_recorded_it_is_stale_and_fails() throws IOException {
        repo.write("drafts/pr.md", GOOD);
        String written = "# Handover\n\nThe cart is back.\n";
        repo.write(".workflow/incident-cart-down/handover.md", written);
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            new EventService(session)
                    .record(
                            StreamId.task(TaskKey.parse("incident-cart-down").orElseThrow()),
                            new HandoverWritten(Digests.sha256(written.getBytes(StandardCharsets.UTF_8))));
        }
        assertEquals(
                HandoverState.READY, check("incident-cart-down", "drafts/pr.md").handover());

        repo.write(".workflow/incident-cart-down/handover.md", written + "Edited later.\n");
        PrCheck.Result stale = check("incident-cart-down", "drafts/pr.md");

        assertEquals(HandoverState.STALE, stale.handover());
        assertEquals(
                List.of("the handover changed since it was written: .workflow/incident-cart-down/handover.md is not"
                        + " the file the log recorded"),
                stale.reasons());
    }
}
