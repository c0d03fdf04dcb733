package dev.wb.commands.commit;

import dev.wb.projections.events.draft.CommitStyle;
import java.util.List;

/**
 * A repository's commit convention: the style detected from its latest commits, or declared for it in
 * .workflow/config.json ({@code commit_style}).
 *
 * @param style the style messages are checked against
 * @param ticketPrefix most of the history's subjects start with a ticket key, so a message for a task names its key
 * @param sample how many subjects it was read from (0 when declared, or with no history)
 * @param declared it was declared, not detected
 * @param examples the first three subjects of the sample, newest first
 */
public record Convention(CommitStyle style, boolean ticketPrefix, int sample, boolean declared, List<String> examples) {

    public Convention {
        examples = List.copyOf(examples);
    }

    /** The declared style: no sample; a ticket-prefixed one names its key. */
    static Convention declared(CommitStyle style) {
        return new Convention(style, style == CommitStyle.TICKET_PREFIXED, 0, true, List.of());
    }

    /** The style and where it comes from, in a line. */
    public String describe() {
        return style.description()
                + (declared ? "  [declared for this repo]" : "  [from " + sample + " recent commit(s)]");
    }
}
