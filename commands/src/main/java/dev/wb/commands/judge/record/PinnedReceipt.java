package dev.wb.commands.judge.record;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.capsule.ValidationBlock;
import dev.wb.commands.judge.core.ReviewRecord;
import dev.wb.commands.judge.run.Lockfiles;
import dev.wb.commands.judge.run.Receipt;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.engine.Digests;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The receipt a verification pins ({@code --receipt-digest}): found among the snapshot's receipts by its
 * digest, bound to this snapshot, capsule and lockfiles, and read for each command's observed status.
 */
final class PinnedReceipt {

    private PinnedReceipt() {}

    /**
     * Checks the pinned receipt; reasons reject the record, the notice says the receipt's mode. The observed
     * statuses by normalised command, or empty when no receipt has the pinned digest.
     */
    static Optional<Map<String, String>> check(
            Snapshot snapshot,
            String pinned,
            ReviewRecord record,
            ValidationBlock validation,
            List<String> reasons,
            List<String> notices) {
        Optional<JsonNode> receipt = receipt(snapshot, pinned, reasons);
        if (record.receiptDigest().isPresent() && !record.receiptDigest().get().equals(pinned)) {
            reasons.add("the record's receiptDigest " + record.receiptDigest().get() + " is not the pinned " + pinned);
        }
        receipt.ifPresent(r -> bindings(r, snapshot, validation, reasons));
        receipt.ifPresent(r -> notices.add("receipt mode: "
                + (r.path("receiptVersion").asInt() == 1
                        ? "isolated" + " (a version 1 receipt)"
                        : r.path("mode").asText())
                + switch (r.path("mode").asText("isolated")) {
                    case "in-place" ->
                        ": passed in the developer's own environment, which may not match the" + " lockfile";
                    case "isolated" -> ": passed in a disposable copy with dependencies from the lockfile";
                    default -> ": no runtime validation was run";
                }));
        return receipt.map(PinnedReceipt::statuses);
    }

    private static Optional<JsonNode> receipt(Snapshot snapshot, String pinned, List<String> reasons) {
        if (!Digests.isDigest(pinned)) {
            reasons.add("the pinned receipt digest is not sha256:<64 hex>: " + pinned);
            return Optional.empty();
        }
        Path file = snapshot.receipts().resolve(Digests.hex(pinned) + ".json");
        try {
            byte[] bytes = Files.readAllBytes(file);
            if (!Digests.sha256(bytes).equals(pinned)) {
                reasons.add("the receipt's bytes no longer hash to the pinned digest " + pinned);
                return Optional.empty();
            }
            return Optional.of(CanonicalJson.parse(bytes));
        } catch (IOException | RuntimeException e) {
            reasons.add("no receipt of " + snapshot.label() + " has the pinned digest " + pinned);
            return Optional.empty();
        }
    }

    private static void bindings(
            JsonNode receipt, Snapshot snapshot, ValidationBlock validation, List<String> reasons) {
        int version = receipt.path("receiptVersion").asInt(-1);
        String mode = receipt.path("mode").asText("");
        if (version != Receipt.VERSION && version != 1) {
            reasons.add("receipt binding: receipt version " + version + " is not one this wb reads");
        }
        boolean documentation = validation.shape() == ValidationBlock.Shape.DOCUMENTATION;
        if (!Set.of("in-place", "isolated", "documentation").contains(mode) && version == Receipt.VERSION) {
            reasons.add("receipt binding: its mode " + mode + " is unknown");
        }
        String outcome = receipt.path("outcome").asText("");
        if (documentation
                ? !outcome.equals("no-runtime-validation")
                : !outcome.equals("passed") || !receipt.path("passed").asBoolean(false)) {
            reasons.add("receipt binding: the run it records did not pass (outcome " + outcome + ")");
        }
        if (receipt.path("boundaryDrift").size() > 0) {
            reasons.add("receipt binding: the run changed reviewed content: " + receipt.path("boundaryDrift"));
        }
        if (!receipt.path("snapshot").asText().equals(snapshot.id())) {
            reasons.add("receipt binding: it is of snapshot "
                    + receipt.path("snapshot").asText() + ", not " + snapshot.id());
        }
        JsonNode digests = receipt.path("reviewDigests");
        if (!digests.path("scopeDigest").asText().equals(snapshot.scope().scopeDigest())
                || !digests.path("taskDigest").asText().equals(snapshot.scope().taskDigest())
                || !digests.path("contentDigest").asText().equals(snapshot.contentDigest())) {
            reasons.add("receipt binding: its review digests are not the snapshot's");
        }
        List<String> commands = new ArrayList<>();
        receipt.path("commands").forEach(c -> commands.add(c.asText()));
        if (!commands.equals(validation.normalizedCommands())) {
            reasons.add("receipt binding: its command list " + commands + " is not the capsule's "
                    + validation.normalizedCommands());
        }
        if (!receipt.path("lockfileDigest").asText().equals(Lockfiles.digest(snapshot.worktree()))) {
            reasons.add("receipt binding: its lockfile digest is not the snapshot's lockfiles'");
        }
        if (validation.shape() == ValidationBlock.Shape.DOCUMENTATION
                && (!receipt.path("mode").asText().equals("documentation")
                        || !receipt.path("noRuntimeReason")
                                .asText()
                                .equals(validation.noRuntimeReason().orElse("")))) {
            reasons.add("receipt binding: it is not the documentation receipt of this capsule's reason");
        }
    }

    /** Each command's status; a command declared twice counts as passed only if every run of it passed. */
    private static Map<String, String> statuses(JsonNode receipt) {
        Map<String, String> statuses = new HashMap<>();
        receipt.path("results")
                .forEach(r -> statuses.merge(
                        r.path("command").asText(), r.path("status").asText(), (a, b) -> a.equals("passed") ? b : a));
        return statuses;
    }
}
