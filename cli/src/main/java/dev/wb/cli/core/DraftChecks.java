package dev.wb.cli.core;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.TaskKey;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import picocli.CommandLine.Model.OptionSpec;

/**
 * What the commands that check a drafted file share ({@code wb commit check}, {@code wb pr check}): the draft
 * named by {@code --file} and read only inside the repository, outcomes that differ only in what passes and what
 * breaks, and the refusal of a draft that breaks rules, which saves nothing.
 */
public final class DraftChecks {

    private DraftChecks() {}

    /** The outcomes of a draft check: it passes, it is not read ({@code unread}), or it breaks a rule. */
    public static Exits exits(String passes, String unread, String breaks) {
        return Exits.of(
                Exit.OK.as(passes),
                Exit.USAGE.as(unread),
                Exit.CONFIG.as("unusable config.json"),
                Exit.MISSING.as("no such file"),
                Exit.CHECK_FAILED.as(breaks));
    }

    /** The required {@code --file PATH}: the drafted {@code what}, like {@code example}. */
    public static OptionSpec file(String what, String example, Consumer<String> set) {
        return Specs.required(
                "--file", "PATH", "The drafted " + what + ", a file inside the repository, like " + example + ".", set);
    }

    /** The refusal of a {@code draft} that breaks {@code rules} rules: nothing saved, and {@code fix} to do. */
    public static LeafCmd.Refusal broken(String draft, int rules, String fix) {
        return new LeafCmd.Refusal(
                "the " + draft + " breaks " + Texts.plural(rules, "rule") + "; nothing was saved", List.of(fix));
    }

    /** The command that checks the draft {@code shown} again, for the task when one was named. */
    public static String again(String command, Optional<TaskKey> task, String shown) {
        return command + " " + task.map(k -> k.value() + " ").orElse("") + "--file " + shown;
    }

    /** The end of a draft check's JSON: where the draft was saved ({@code null}: not saved) and the event's id. */
    public static ObjectNode savedAndRecorded(ObjectNode doc, Optional<String> saved, EventEnvelope event) {
        if (saved.isPresent()) {
            doc.put("saved", saved.get());
        } else {
            doc.putNull("saved");
        }
        return doc.put("event", event.eventId());
    }
}
