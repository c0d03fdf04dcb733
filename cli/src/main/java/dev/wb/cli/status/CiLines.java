package dev.wb.cli.status;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.commands.Session;
import dev.wb.commands.ci.CiCheck;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import java.util.List;
import java.util.Optional;

/**
 * What {@code wb ci check} would say of HEAD, in {@code wb status KEY} (docs/CI.md, "Local and CI"): the
 * plan as committed and whether the latest verify run counts for this commit, read without recording.
 */
final class CiLines {

    private CiLines() {}

    static List<CiCheck.Check> checks(Session session, StreamId stream) {
        Optional<TaskKey> key = stream.isWorkspace() ? Optional.empty() : TaskKey.parse(stream.name());
        return key.map(k -> CiCheck.outlook(session, k)).orElse(List.of());
    }

    static void print(Console console, List<CiCheck.Check> checks) {
        for (CiCheck.Check check : checks) {
            console.line("  ci " + Columns.left(check.name(), 7) + " " + Columns.left(check.passed() ? "ok" : "fail", 6)
                    + " " + TerminalText.escape(check.detail()));
            check.fix().ifPresent(fix -> console.line("                   fix: " + TerminalText.escape(fix)));
        }
    }

    /** {@code [{"check", "passed", "detail", "fix"?}]}. */
    static ArrayNode json(List<CiCheck.Check> checks) {
        ArrayNode list = CanonicalJson.objectNode().arrayNode();
        for (CiCheck.Check check : checks) {
            ObjectNode entry = list.addObject()
                    .put("check", check.name())
                    .put("passed", check.passed())
                    .put("detail", check.detail());
            check.fix().ifPresent(fix -> entry.put("fix", fix));
        }
        return list;
    }
}
