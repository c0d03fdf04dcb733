package dev.wb.projections.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.projections.events.draft.CommitChecked;
import dev.wb.projections.events.draft.PrChecked;
import java.util.Optional;

/**
 * What the log says about a task's notes: the digest of the latest handover.md {@code wb sdd handover}
 * wrote, and the latest check of its commit message and of its PR draft. Only digests and verdicts: the
 * stage compares them with the files on disk now, so a file edited after its check is not checked.
 *
 * @param handover the sha256 of the latest handover.md written
 * @param commit the latest commit message check
 * @param pr the latest PR description check
 */
public record Drafts(Optional<String> handover, Optional<Checked> commit, Optional<Checked> pr) {

    public static final Drafts NONE = new Drafts(Optional.empty(), Optional.empty(), Optional.empty());

    /**
     * One check of a draft.
     *
     * @param passed whether it passed
     * @param saved whether the message was saved to commit.txt (always false for a PR draft)
     * @param sha256 the digest of the text checked
     */
    public record Checked(boolean passed, boolean saved, String sha256) {}

    Drafts withHandover(String sha256) {
        return new Drafts(Optional.of(sha256), commit, pr);
    }

    /** The state after a {@code commit.checked}. */
    Drafts withCommitChecked(CommitChecked event) {
        return new Drafts(handover, Optional.of(new Checked(event.passed(), event.saved(), event.sha256())), pr);
    }

    /** The state after a {@code pr.checked}: "saved" is commit.txt's alone. */
    Drafts withPrChecked(PrChecked event) {
        return new Drafts(handover, commit, Optional.of(new Checked(event.passed(), false, event.sha256())));
    }

    void write(ObjectNode node) {
        handover.ifPresent(h -> node.put("handover", h));
        commit.ifPresent(c -> checked(node.putObject("commit"), c));
        pr.ifPresent(c -> checked(node.putObject("pr"), c));
    }

    static Drafts read(JsonNode json) {
        if (json == null) {
            return NONE;
        }
        JsonNode handover = json.get("handover");
        return new Drafts(
                handover == null ? Optional.empty() : Optional.of(handover.asText()),
                checked(json.get("commit")),
                checked(json.get("pr")));
    }

    private static void checked(ObjectNode node, Checked checked) {
        node.put("passed", checked.passed()).put("saved", checked.saved()).put("sha256", checked.sha256());
    }

    private static Optional<Checked> checked(JsonNode json) {
        if (json == null) {
            return Optional.empty();
        }
        return Optional.of(new Checked(
                json.required("passed").booleanValue(),
                json.required("saved").booleanValue(),
                json.required("sha256").asText()));
    }
}
