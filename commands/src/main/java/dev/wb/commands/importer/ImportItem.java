package dev.wb.commands.importer;

import java.util.Optional;

/**
 * What {@code wb import} did, or would do, with one thing it found in the original's workspace.
 *
 * @param kind what the thing is: {@code flow}, {@code tool}, {@code capsule}, {@code policy}, {@code plan},
 *     {@code record} (a review record's file), {@code audit}, {@code evidence}, {@code git-log}, {@code review}
 *     (a verdict), or {@code folder}
 * @param source its path in the original's repository, with {@code /}
 * @param target where a file goes in this repository, or the task a verdict is recorded for
 * @param reason why it was skipped or refused, or what the conflict is
 * @param verdict the verdict as the original wrote it, for a verdict
 */
public record ImportItem(
        Status status,
        String kind,
        String source,
        Optional<String> target,
        Optional<String> reason,
        Optional<String> verdict) {

    /** The outcome, as a line of text and a JSON word. */
    public enum Status {
        COPIED("copied", "would copy"),
        ALREADY_THERE("already there", "already there"),
        CONFLICT("conflict", "conflict"),
        RECORDED("recorded", "would record"),
        ALREADY_RECORDED("already recorded", "already recorded"),
        SKIPPED("skipped", "skipped"),
        REFUSED("refused", "refused");

        private final String word;
        private final String dryRunWord;

        Status(String word, String dryRunWord) {
            this.word = word;
            this.dryRunWord = dryRunWord;
        }

        /** The line's first words: what happened, or under {@code --dry-run} what would. */
        public String word(boolean dryRun) {
            return dryRun ? dryRunWord : word;
        }

        /** The status in {@code --json}: the word with dashes. */
        public String jsonName() {
            return word.replace(' ', '-');
        }

        /** Whether this keeps the import from being done: nothing is written when any item is. */
        public boolean blocks() {
            return this == CONFLICT || this == REFUSED;
        }
    }

    static ImportItem skipped(String kind, String source, String reason) {
        return new ImportItem(Status.SKIPPED, kind, source, Optional.empty(), Optional.of(reason), Optional.empty());
    }

    static ImportItem refused(String kind, String source, String reason) {
        return new ImportItem(Status.REFUSED, kind, source, Optional.empty(), Optional.of(reason), Optional.empty());
    }

    static ImportItem file(Status status, FileCopy copy, Optional<String> reason) {
        return new ImportItem(status, copy.kind(), copy.source(), Optional.of(copy.target()), reason, Optional.empty());
    }

    ImportItem withStatus(Status next) {
        return new ImportItem(next, kind, source, target, reason, verdict);
    }
}
