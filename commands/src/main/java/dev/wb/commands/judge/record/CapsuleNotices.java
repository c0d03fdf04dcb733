package dev.wb.commands.judge.record;

import dev.wb.commands.capsule.Capsule;
import java.util.List;
import java.util.Locale;

/** Non-blocking notices a capsule gives verification: open questions still written in task.md. */
final class CapsuleNotices {

    private CapsuleNotices() {}

    /**
     * A {@code ## Open questions} section in task.md with anything but blank lines or a "None"
     * placeholder: the review may have approved with a question still open.
     */
    static List<String> openQuestions(Capsule capsule) {
        String body = MarkdownSections.section(capsule.text("task.md"), "Open questions")
                .orElse("");
        String content = body.lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .filter(l -> !l.replaceFirst("^[-*]\\s*", "")
                        .toLowerCase(Locale.ROOT)
                        .matches("none\\.?|n/a"))
                .reduce("", (a, b) -> a + b);
        return content.isEmpty()
                ? List.of()
                : List.of("open questions: task.md still lists open questions; the approval does not answer them");
    }
}
