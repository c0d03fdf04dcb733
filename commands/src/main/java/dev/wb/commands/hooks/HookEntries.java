package dev.wb.commands.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.config.HookHost;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * wb's entries in a host's hook settings, and merging them in and out, pure (JSON in, JSON out).
 *
 * <p>Two shapes. Claude Code and Codex share one: {@code hooks.<Event>} is an array of matcher groups,
 * each {@code {"matcher": …, "hooks": [{"type": "command", "command": …, "timeout": …}]}} (Claude Code
 * hooks reference, https://code.claude.com/docs/en/hooks "Configuration"; Codex,
 * https://developers.openai.com/codex/hooks). GitHub Copilot's is flat: {@code {"version": 1, "hooks":
 * {"<event>": [{"type": "command", "bash": …, "timeoutSec": …, "comment": …}]}}}
 * (https://docs.github.com/en/copilot/reference/hooks-reference "Hook configuration format").
 *
 * <p>wb's entry is recognised by its command alone: it starts with {@value #PREFIX} (no host accepts a
 * marker field in every version, so the command is the mark). Everything else (other hooks, groups,
 * events and settings) is kept as it was, in its order.
 */
public final class HookEntries {

    /** Every command wb writes starts with this; nothing else is wb's. */
    public static final String PREFIX = "wb hooks run ";

    /** One hook wb writes: the event, the tool matcher (empty: every occurrence), the command, its timeout. */
    public record Entry(String event, Optional<String> matcher, String command, int timeoutSeconds) {}

    private HookEntries() {}

    /** Whether a command is one of wb's hook commands. */
    public static boolean ours(String command) {
        return command != null && command.strip().startsWith(PREFIX);
    }

    /** wb's entries now in the settings, in file order. */
    public static List<Entry> found(HookHost host, ObjectNode settings) {
        List<Entry> found = new ArrayList<>();
        JsonNode hooks = settings.path("hooks");
        if (!hooks.isObject()) {
            return found;
        }
        for (Map.Entry<String, JsonNode> event : hooks.properties()) {
            for (JsonNode item : event.getValue()) {
                if (host == HookHost.COPILOT) {
                    if (item.isObject() && ours(item.path("bash").asText(null))) {
                        found.add(new Entry(
                                event.getKey(),
                                Optional.empty(),
                                item.get("bash").asText(),
                                item.path("timeoutSec").asInt(0)));
                    }
                    continue;
                }
                Optional<String> matcher = item.path("matcher").isTextual()
                        ? Optional.of(item.get("matcher").asText())
                        : Optional.empty();
                for (JsonNode hook : item.path("hooks")) {
                    if (hook.isObject() && ours(hook.path("command").asText(null))) {
                        found.add(new Entry(
                                event.getKey(),
                                matcher,
                                hook.get("command").asText(),
                                hook.path("timeout").asInt(0)));
                    }
                }
            }
        }
        return found;
    }

    /** The settings with exactly these wb entries: wb's others taken out, every other setting kept. */
    public static ObjectNode with(HookHost host, ObjectNode settings, List<Entry> entries) {
        ObjectNode merged = without(host, settings);
        if (host == HookHost.COPILOT && !merged.has("version")) {
            merged.put("version", 1);
        }
        ObjectNode hooks = merged.has("hooks") ? (ObjectNode) merged.get("hooks") : merged.putObject("hooks");
        for (Entry entry : entries) {
            ArrayNode list =
                    hooks.has(entry.event()) ? (ArrayNode) hooks.get(entry.event()) : hooks.putArray(entry.event());
            if (host == HookHost.COPILOT) {
                ObjectNode hook = list.addObject();
                hook.put("type", "command");
                hook.put("bash", entry.command());
                hook.put("timeoutSec", entry.timeoutSeconds());
                hook.put("comment", "written by wb hooks install; wb hooks uninstall copilot removes it");
                continue;
            }
            ObjectNode group = list.addObject();
            entry.matcher().ifPresent(m -> group.put("matcher", m));
            ObjectNode hook = group.putArray("hooks").addObject();
            hook.put("type", "command");
            hook.put("command", entry.command());
            hook.put("timeout", entry.timeoutSeconds());
        }
        return merged;
    }

    /**
     * The settings without wb's entries: a matcher group left with no hook goes, and so do an event and a
     * {@code hooks} left empty by that (and Copilot's {@code version}, once nothing else is left).
     */
    public static ObjectNode without(HookHost host, ObjectNode settings) {
        ObjectNode copy = settings.deepCopy();
        JsonNode hooksNode = copy.get("hooks");
        if (hooksNode == null || !hooksNode.isObject()) {
            return copy;
        }
        ObjectNode hooks = (ObjectNode) hooksNode;
        boolean removedAny = false;
        for (String event : new ArrayList<>(iterable(hooks))) {
            JsonNode listNode = hooks.get(event);
            if (!listNode.isArray()) {
                continue;
            }
            ArrayNode list = (ArrayNode) listNode;
            boolean removedHere = false;
            for (int i = list.size() - 1; i >= 0; i--) {
                JsonNode item = list.get(i);
                if (host == HookHost.COPILOT) {
                    if (item.isObject() && ours(item.path("bash").asText(null))) {
                        list.remove(i);
                        removedHere = true;
                    }
                    continue;
                }
                JsonNode inner = item.get("hooks");
                if (inner == null || !inner.isArray()) {
                    continue;
                }
                ArrayNode innerList = (ArrayNode) inner;
                boolean removedInner = false;
                for (int h = innerList.size() - 1; h >= 0; h--) {
                    if (innerList.get(h).isObject()
                            && ours(innerList.get(h).path("command").asText(null))) {
                        innerList.remove(h);
                        removedInner = true;
                    }
                }
                if (removedInner && innerList.isEmpty()) {
                    list.remove(i);
                }
                removedHere |= removedInner;
            }
            if (removedHere && list.isEmpty()) {
                hooks.remove(event);
            }
            removedAny |= removedHere;
        }
        if (removedAny && hooks.isEmpty()) {
            copy.remove("hooks");
            if (host == HookHost.COPILOT
                    && copy.size() == 1
                    && copy.path("version").asInt(0) == 1) {
                copy.remove("version");
            }
        }
        return copy;
    }

    private static List<String> iterable(ObjectNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
