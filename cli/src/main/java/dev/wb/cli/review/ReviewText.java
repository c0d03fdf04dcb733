package dev.wb.cli.review;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Texts;
import dev.wb.commands.review.ReviewDiff;
import dev.wb.engine.text.TerminalText;

/** The lines and fields both review commands show about the diff they read. */
final class ReviewText {

    private ReviewText() {}

    /** What was read: the index, or the branch since its base. */
    static String diffLine(ReviewDiff diff) {
        String what;
        if (diff.staged()) {
            what = "the index against HEAD";
        } else if (diff.baseCommit().isEmpty()) {
            what = "the working tree of an unborn branch";
        } else if (diff.base().equals("HEAD")) {
            what = "the working tree against HEAD (no base branch found)";
        } else {
            what = "the working tree against the merge base with " + TerminalText.escape(diff.base()) + " ("
                    + Texts.abbrev(diff.baseCommit()) + ")";
        }
        return "diff      " + what + ": " + Texts.plural(diff.changed().size(), "changed file") + ", "
                + Texts.plural(diff.added().size(), "added line");
    }

    static void diffJson(ObjectNode doc, ReviewDiff diff) {
        doc.put("mode", diff.staged() ? "staged" : "branch");
        doc.put("base", diff.base());
        doc.put("base_commit", diff.baseCommit());
        doc.put("added_lines", diff.added().size());
        diff.skipped().forEach(doc.putArray("not_read")::add);
    }
}
