package dev.wb.cli.sync;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.Specs;
import dev.wb.commands.sync.PushSigning;
import dev.wb.commands.sync.SyncFetch;
import dev.wb.commands.sync.SyncPush;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import java.util.function.Consumer;
import picocli.CommandLine.Model.CommandSpec;

/** How {@code wb sync}, {@code sync push} and {@code sync fetch} show what they did, as text or JSON. */
final class SyncRender {

    static final String DEFAULT_REMOTE = "origin";

    /** What {@code wb sync} and {@code wb sync push} both take: REMOTE and {@code --with-output}. */
    static void pushArguments(CommandSpec spec, Consumer<String> remote, Consumer<Boolean> withOutput) {
        spec.addPositional(Specs.positional("REMOTE", "0..1", "a configured remote (default origin)", remote));
        spec.addOption(Specs.flag(
                "--with-output",
                "also push the stored output the new events name (a verify command's), beside them, each"
                        + " checked by digest on fetch; default: events only",
                withOutput));
    }

    static final Exits EXITS = Exits.of(
            Exit.OK.as("done"),
            Exit.NOT_COMPLETED.as("git could not fetch or push"),
            Exit.USAGE.as("not a configured remote"),
            Exit.CONFIG.as("storage"),
            Exit.CHECK_FAILED.as("a history did not verify (nothing imported or pushed)"));

    private SyncRender() {}

    static ObjectNode json(SyncFetch.Result result) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("remote", result.remote());
        doc.put("refs", result.refs());
        doc.put("changed", result.changed());
        doc.put("events", result.events());
        doc.put("objects", result.objects());
        ArrayNode imported = doc.putArray("imported");
        for (SyncFetch.Imported i : result.imported()) {
            ObjectNode item = imported.addObject();
            item.put("ref", i.ref());
            item.put("replica", i.replica());
            item.put("stream", i.stream());
            item.put("events", i.events());
        }
        result.untrusted().forEach(doc.putArray("untrusted")::add);
        return doc;
    }

    static ObjectNode json(SyncPush.Result result) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("remote", result.remote());
        doc.put("replica", result.replica());
        doc.put("events", result.events());
        doc.put("pushed", result.pushed());
        ArrayNode exported = doc.putArray("exported");
        for (SyncPush.Exported e : result.exported()) {
            ObjectNode item = exported.addObject();
            item.put("ref", e.ref());
            item.put("from", e.from());
            item.put("to", e.to());
        }
        ArrayNode warnings = doc.putArray("warnings");
        result.warnings().forEach(warnings::add);
        return doc;
    }

    static void text(Console console, SyncFetch.Result result) {
        console.line("fetched " + result.remote() + ": " + result.refs() + " ref(s), " + result.changed()
                + " changed, every changed history verified");
        if (result.imported().isEmpty()) {
            console.line("nothing new to import");
        } else {
            console.line("imported " + result.events() + " event(s) into .workflow/local/sync/replicas/:");
            for (SyncFetch.Imported i : result.imported()) {
                console.line("  " + i.ref() + "  +" + i.events());
            }
            if (result.objects() > 0) {
                console.line("stored " + result.objects() + " object(s) of output they name, each checked against"
                        + " its digest, in .workflow/local/objects/");
            }
            console.line("wb status, wb replay and the audit gate now read every replica's history of these tasks,"
                    + " merged (docs/SYNC.md)");
        }
        for (String line : result.untrusted()) {
            console.line("untrusted: " + TerminalText.escape(line)
                    + " (fetched and kept, counted by nothing: docs/SYNC.md, \"Trust\")");
        }
    }

    /**
     * Content {@code --with-output} left out, and an unsigned push to a repository that lists allowed
     * signers: a warning each on stderr, in text and JSON alike.
     */
    static void warnings(Console console, SyncPush.Result result) {
        for (String warning : result.warnings()) {
            console.warning(
                    warning,
                    warning.equals(PushSigning.UNSIGNED)
                            ? PushSigning.UNSIGNED_FIX
                            : "wb replay KEY --output N on this clone shows it; docs/SYNC.md, \"What travels\"");
        }
    }

    static void text(Console console, SyncPush.Result result) {
        if (!result.pushed()) {
            console.line("nothing to push: no event was recorded here yet");
            return;
        }
        if (result.exported().isEmpty()) {
            console.line("nothing new to export since the last push");
        } else {
            console.line("exported " + result.events() + " event(s) of "
                    + result.exported().size() + " stream(s) as commits under refs/wb/ (replica " + result.replica()
                    + ")");
            for (SyncPush.Exported e : result.exported()) {
                console.line("  " + e.ref() + "  " + e.from() + ".." + e.to());
            }
        }
        if (result.gitOutput().isEmpty()) {
            console.line(result.remote() + " already holds every ref: nothing was appended since the last push to it");
            return;
        }
        console.line("pushed refs/wb/* to " + result.remote());
    }
}
