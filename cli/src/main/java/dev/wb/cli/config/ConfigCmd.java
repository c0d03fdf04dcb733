package dev.wb.cli.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.ExitCodes;
import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Failure;
import dev.wb.commands.Workspace;
import dev.wb.commands.config.JudgeAgentModels;
import dev.wb.commands.config.JudgeAgentTarget;
import dev.wb.commands.config.JudgeAgentsConfig;
import dev.wb.commands.config.OriginalKeys;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.judge.agents.JudgeAgents;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb config …}: the checkout's settings in {@code .workflow/config.json}. {@code wb config set KEY
 * VALUE} sets one of the keys in {@link #KEYS}, each with the parser that turns the command-line text into
 * the JSON value (refusing what is never valid, warning on what merely looks unfamiliar) and what follows
 * the write. A key is added to the table with its own parser; nothing else changes.
 */
public final class ConfigCmd {

    private ConfigCmd() {}

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("show", ShowCmd::spec);
        members.put("set", SetCmd::spec);
        return GroupCmd.spec(root, "config", "The checkout's settings in .workflow/config.json.", members);
    }

    /** A value read from the command line, and what the user should know about it. */
    record Parsed(JsonNode value, List<JudgeAgents.Warning> warnings) {
        static Parsed of(JsonNode value) {
            return new Parsed(value, List.of());
        }
    }

    /** What a key's write leads to: lines for people and the JSON report, and warnings. */
    record After(List<String> lines, List<ObjectNode> regenerated, List<JudgeAgents.Warning> warnings) {
        static final After NOTHING = new After(List.of(), List.of(), List.of());
    }

    /** One key {@code wb config set} can set. */
    record Settable(
            String key,
            String value,
            String description,
            Function<String, Parsed> parse,
            Function<Workspace, After> after) {}

    /** The keys {@code wb config set} sets, in the order help lists them. */
    static final Map<String, Settable> KEYS = keys();

    private static Map<String, Settable> keys() {
        Map<String, Settable> keys = new LinkedHashMap<>();
        add(
                keys,
                new Settable(
                        "agents.judge.enabled",
                        "true|false",
                        "Whether the judge is enabled (wb judge enable"
                                + " and disable also write the agent files and the guard hook).",
                        ConfigCmd::bool,
                        ws -> new After(
                                List.of(
                                        "the agent files and the guard hook follow wb judge enable and wb judge disable"),
                                List.of(),
                                List.of())));
        add(
                keys,
                new Settable(
                        "agents.judge.targets",
                        "claude,copilot,codex",
                        "The hosts the judge's agent file is" + " written for (Pi has no native subagent API).",
                        ConfigCmd::targets,
                        ws -> new After(
                                List.of("wb judge enable writes the agent files of these targets"),
                                List.of(),
                                List.of())));
        add(
                keys,
                new Settable(
                        "identity",
                        "\"Name <email>\"",
                        "Who work commits in this checkout should be by (wb git"
                                + " ctx checks it); both parts at once.",
                        ConfigCmd::identity,
                        ws -> After.NOTHING));
        for (JudgeAgentTarget target : JudgeAgentTarget.values()) {
            add(
                    keys,
                    new Settable(
                            "agents.judge.model." + target.id(),
                            target == JudgeAgentTarget.COPILOT ? "\"<Model Name>\"" : "<model-id>",
                            "The model of the judge in " + target.host() + ", written"
                                    + " where the host reads it; checked by shape only.",
                            value -> model(target, value),
                            ws -> regenerate(ws, target)));
        }
        return keys;
    }

    private static void add(Map<String, Settable> keys, Settable key) {
        keys.put(key.key(), key);
    }

    private static Parsed bool(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> Parsed.of(BooleanNode.TRUE);
            case "false" -> Parsed.of(BooleanNode.FALSE);
            default ->
                throw Failure.usage(
                        "agents.judge.enabled is true or false, not \"" + text + "\"",
                        "wb config set agents.judge.enabled true");
        };
    }

    private static Parsed identity(String text) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\s*(.*?)\\s*<\\s*([^<>\\s]+@[^<>\\s]+)\\s*>\\s*")
                .matcher(text);
        if (!m.matches() || m.group(1).isBlank()) {
            throw Failure.usage(
                    "identity is \"Name <email>\", not \"" + text + "\"",
                    "wb config set identity \"Ada Lovelace <ada@example.com>\"");
        }
        ObjectNode identity = CanonicalJson.objectNode();
        identity.put("name", m.group(1));
        identity.put("email", m.group(2));
        return Parsed.of(identity);
    }

    private static Parsed targets(String text) {
        ArrayNode list = CanonicalJson.objectNode().arrayNode();
        List<String> seen = new ArrayList<>();
        for (String item : text.split(",", -1)) {
            String name = item.trim().toLowerCase(Locale.ROOT);
            if (name.equals(JudgeAgentTarget.PI)) {
                throw Failure.usage(
                        JudgeAgentTarget.PI_NOT_SUPPORTED,
                        "leave pi out: wb config set" + " agents.judge.targets claude,copilot,codex");
            }
            Optional<JudgeAgentTarget> target = JudgeAgentTarget.of(name);
            if (target.isEmpty()) {
                throw Failure.usage(
                        "agents.judge.targets: \"" + item.trim() + "\" is not a target; the targets are"
                                + " claude, copilot and codex",
                        "wb config set agents.judge.targets claude,copilot,codex");
            }
            if (!seen.contains(target.get().id())) {
                seen.add(target.get().id());
                list.add(target.get().id());
            }
        }
        return Parsed.of(list);
    }

    private static Parsed model(JudgeAgentTarget target, String text) {
        String value = JudgeAgentModels.require(target, text);
        List<JudgeAgents.Warning> warnings = new ArrayList<>();
        JudgeAgentModels.unfamiliar(target, value)
                .ifPresent(w -> warnings.add(new JudgeAgents.Warning(
                        w,
                        "check the identifier in " + target.host() + " (for example " + JudgeAgentModels.example(target)
                                + "); wb does not know the provider's catalogue, so it does not refuse it")));
        return new Parsed(TextNode.valueOf(value), warnings);
    }

    private static After regenerate(Workspace ws, JudgeAgentTarget target) {
        List<JudgeAgents.Warning> warnings = new ArrayList<>();
        Optional<JudgeAgents.FileResult> file = JudgeAgents.regenerate(ws, target, warnings);
        if (file.isEmpty()) {
            return new After(
                    List.of("the judge is not enabled for " + target.id() + ", so no agent file was written;"
                            + " wb judge enable writes it with this model"),
                    List.of(),
                    warnings);
        }
        ObjectNode f = CanonicalJson.objectNode();
        f.put("target", target.id());
        f.put("path", file.get().path());
        f.put("action", file.get().action().id());
        return new After(List.of(file.get().path() + ": " + file.get().action().label()), List.of(f), warnings);
    }

    /** {@code wb config show}: the effective configuration, secrets masked. */
    static final class ShowCmd implements Callable<Integer> {
        private final WbCommand root;

        private ShowCmd(WbCommand root) {
            this.root = root;
        }

        static CommandSpec spec(WbCommand root) {
            ShowCmd cmd = new ShowCmd(root);
            CommandSpec spec = Specs.command(
                    cmd,
                    "show",
                    "Every setting in force, from .workflow/config.json or its" + " default, with secrets masked.");
            spec.addOption(Specs.json(root));
            spec.usageMessage()
                    .footer(
                            "",
                            "Every key: docs/CONFIG.md.",
                            "",
                            "Exit codes: 0 shown, 3 config.json unusable (the error names the key and its line).");
            return spec;
        }

        @Override
        public Integer call() {
            Workspace ws = Workspace.require(root.context().cwd());
            Optional<dev.wb.commands.config.LocatedTree> file = WorkspaceConfig.read(ws);
            WorkspaceConfig config = file.map(WorkspaceConfig::of).orElse(WorkspaceConfig.DEFAULTS);
            JudgeAgentsConfig judge = JudgeAgentsConfig.load(ws);
            ObjectNode effective = dev.wb.commands.config.ConfigView.effective(config, judge);
            Console console = root.context().console();
            if (root.json()) {
                ObjectNode doc = CanonicalJson.objectNode();
                doc.put("file", WorkspaceConfig.FILE);
                doc.put("exists", file.isPresent());
                doc.set("config", effective);
                ArrayNode defaults = doc.putArray("defaults");
                dev.wb.commands.config.ConfigView.lines(effective, file.orElse(null)).stream()
                        .filter(l -> l.endsWith("  (default)"))
                        .map(l -> l.substring(0, l.indexOf(" = ")))
                        .forEach(defaults::add);
                ArrayNode original = doc.putArray("original");
                config.originals()
                        .values()
                        .forEach((key, value) -> original.addObject()
                                .put("key", key)
                                .<ObjectNode>set("value", value)
                                .put("note", OriginalKeys.NOTES.get(key)));
                console.json(doc);
                return ExitCodes.OK;
            }
            console.line(WorkspaceConfig.FILE + (file.isPresent() ? "" : " (absent: every value is the default)")
                    + ", secrets masked:");
            dev.wb.commands.config.ConfigView.lines(effective, file.orElse(null))
                    .forEach(l -> console.line("  " + l));
            if (!config.originals().values().isEmpty()) {
                console.line("keys from the original workbench (docs/CONFIG.md, \"Config from the original"
                        + " workbench\"):");
                config.originals()
                        .values()
                        .forEach((key, value) -> console.line("  " + key + " = " + CanonicalJson.text(value, false)
                                + "  — " + OriginalKeys.NOTES.get(key)));
            }
            return ExitCodes.OK;
        }
    }

    /** {@code wb config set KEY VALUE}. */
    static final class SetCmd implements Callable<Integer> {
        private final WbCommand root;
        String key;
        String value;

        private SetCmd(WbCommand root) {
            this.root = root;
        }

        static CommandSpec spec(WbCommand root) {
            SetCmd cmd = new SetCmd(root);
            CommandSpec spec = Specs.command(
                    cmd, "set", "Set one key of .workflow/config.json, keeping every other" + " key as it is.");
            spec.addPositional(picocli.CommandLine.Model.PositionalParamSpec.builder()
                    .index("0")
                    .arity("1")
                    .required(true)
                    .paramLabel("KEY")
                    .type(String.class)
                    .description("The key, dotted: " + String.join(", ", KEYS.keySet()) + ".")
                    .setter(new picocli.CommandLine.Model.ISetter() {
                        @Override
                        public <T> T set(T v) {
                            cmd.key = (String) v;
                            return null;
                        }
                    })
                    .build());
            spec.addPositional(picocli.CommandLine.Model.PositionalParamSpec.builder()
                    .index("1")
                    .arity("1")
                    .required(true)
                    .paramLabel("VALUE")
                    .type(String.class)
                    .description("The value; quote one that" + " holds spaces.")
                    .setter(new picocli.CommandLine.Model.ISetter() {
                        @Override
                        public <T> T set(T v) {
                            cmd.value = (String) v;
                            return null;
                        }
                    })
                    .build());
            spec.addOption(Specs.json(root));
            // A value may look like an option (agents.providers.claude.args --verbose): only wb's own
            // options are options here, anything else is the value.
            spec.parser().unmatchedOptionsArePositionalParams(true);
            List<String> footer = new ArrayList<>(List.of("", "Keys:"));
            KEYS.values().forEach(k -> footer.add("  " + k.key() + " " + k.value() + "  " + k.description()));
            footer.add("  … and every other single value of the schema (wb config show lists them), typed by its"
                    + " default: true|false, a number, text, or a comma-separated list.");
            footer.add("");
            footer.add("Exit codes: 0 set (a warning on stderr when a model's shape is unfamiliar), 2 a key that"
                    + " cannot be set or a value that is never valid, 3 unusable config.json.");
            spec.usageMessage().footer(footer.toArray(new String[0]));
            return spec;
        }

        @Override
        public Integer call() {
            Workspace ws = Workspace.require(root.context().cwd());
            WorkspaceConfig.load(ws);
            if (key.startsWith("identity.")) {
                throw Failure.usage(
                        "identity is set whole: its name and email belong together",
                        "wb config set identity \"Ada Lovelace <ada@example.com>\"");
            }
            Settable settable = KEYS.containsKey(key)
                    ? KEYS.get(key)
                    : SchemaKeys.settable(key)
                            .orElseThrow(
                                    () -> Failure.usage(
                                            "wb config set cannot set " + key
                                                    + ": it is not a single value of the schema",
                                            "wb config show lists every key and its value; lists take comma-separated values",
                                            "command sets and provider blocks are edited in .workflow/config.json (docs/CONFIG.md)"));
            Parsed parsed = settable.parse().apply(value);
            ObjectNode before = JudgeAgentsConfig.readRoot(ws);
            List<String> path = List.of(key.split("\\."));
            ObjectNode after = JudgeAgentsConfig.with(before, path, parsed.value());
            SchemaKeys.check(after);
            JudgeAgentsConfig.write(ws, after);
            After followed = settable.after().apply(ws);

            Console console = root.context().console();
            // A secret is set, never echoed: the terminal, a CI log or a --json consumer sees only the mask.
            JsonNode shown = !parsed.value().isTextual()
                    ? parsed.value()
                    : TextNode.valueOf(
                            dev.wb.commands.process.SecretNames.secret(key.substring(key.lastIndexOf('.') + 1))
                                    ? dev.wb.commands.config.ConfigView.mask(
                                            parsed.value().textValue())
                                    : dev.wb.commands.config.ConfigView.maskUrl(
                                            parsed.value().textValue()));
            parsed.warnings().forEach(w -> console.warning(w.message(), w.fix()));
            followed.warnings().forEach(w -> console.warning(w.message(), w.fix()));
            if (root.json()) {
                ObjectNode doc = CanonicalJson.objectNode();
                doc.put("key", key);
                doc.set("value", shown);
                doc.put("file", ".workflow/config.json");
                doc.put("changed", !after.equals(before));
                ArrayNode warnings = doc.putArray("warnings");
                parsed.warnings()
                        .forEach(w ->
                                warnings.addObject().put("message", w.message()).put("fix", w.fix()));
                followed.warnings()
                        .forEach(w ->
                                warnings.addObject().put("message", w.message()).put("fix", w.fix()));
                ArrayNode files = doc.putArray("regenerated");
                followed.regenerated().forEach(files::add);
                console.json(doc);
                return ExitCodes.OK;
            }
            console.line(key + " = " + CanonicalJson.text(shown, false) + " in .workflow/config.json");
            followed.lines().forEach(line -> console.line("  " + line));
            return ExitCodes.OK;
        }
    }
}
