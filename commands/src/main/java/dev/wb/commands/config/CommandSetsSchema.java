package dev.wb.commands.config;

import static dev.wb.commands.config.WorkspaceConfig.MAX_VERIFY_TIMEOUT_SECONDS;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.config.WorkspaceConfig.Checks;
import dev.wb.commands.config.WorkspaceConfig.CommandSet;
import dev.wb.commands.plan.VerifyEnvNames;
import dev.wb.commands.process.SecretNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The {@code checks} block of config.json (docs/CHECKS.md): the time limit and the command sets, each
 * command an argv list, or {@code {"argv": [...], "env": {...}}} when it needs variables of its own, and a
 * set's {@code env} for all its commands. A variable is refused when its name is in a family that would
 * let a command run something its argv does not show ({@link VerifyEnvNames#forbidden}: {@code PATH},
 * {@code LD_PRELOAD}, {@code GIT_*}…), so an env can never carry a command past
 * {@code security.denied_commands} or the repository-write refusal; and when its name is secret-bearing
 * ({@link SecretNames}), since the values are recorded in {@code checks.ran}.
 */
final class CommandSetsSchema {

    private static final Pattern SET_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final List<String> SET_KEYS =
            List.of("commands", "paths", "timeout_seconds", "skip_if_unavailable", "env");
    private static final List<String> COMMAND_KEYS = List.of("argv", "env");

    private CommandSetsSchema() {}

    static Checks checks(ConfigReader r, JsonNode node) {
        r.only(node, "checks", List.of("timeout_seconds", "command_sets"));
        int timeout =
                r.integer(node, "checks", "timeout_seconds", 1, MAX_VERIFY_TIMEOUT_SECONDS, MAX_VERIFY_TIMEOUT_SECONDS);
        List<CommandSet> sets = new ArrayList<>();
        r.object(node, "checks", "command_sets")
                .ifPresent(object -> object.properties().forEach(e -> sets.add(set(r, object, e.getKey()))));
        return new Checks(timeout, List.copyOf(sets));
    }

    private static CommandSet set(ConfigReader r, JsonNode sets, String name) {
        String at = "checks.command_sets." + name;
        if (!SET_NAME.matcher(name).matches()) {
            throw r.error(at, at + ": a set's name is letters, digits, '.', '_' and '-'");
        }
        JsonNode set = r.object(sets, "checks.command_sets", name)
                .orElseThrow(() -> r.error(at, at + " must be an object {\"commands\": [[…]], \"paths\": […]}"));
        r.only(set, at, SET_KEYS);
        JsonNode commands = set.get("commands");
        String cat = at + ".commands";
        if (commands == null || !commands.isArray() || commands.isEmpty()) {
            throw r.error(
                    commands == null ? at : cat,
                    cat + " must be a non-empty list of commands, each an argv list like [\"ruff\", \"check\", \".\"]");
        }
        List<List<String>> argvs = new ArrayList<>();
        List<Map<String, String>> envs = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            String ip = LocatedTree.item(cat, i);
            JsonNode command = commands.get(i);
            if (command.isObject()) {
                r.only(command, ip, COMMAND_KEYS);
                if (command.get("argv") == null) {
                    throw r.error(
                            ip,
                            ip + " needs \"argv\": {\"argv\": [\"python\", \"-m\", \"pytest\"], \"env\":"
                                    + " {\"PYTHONPATH\": \"src\"}}");
                }
                argvs.add(argv(r, command.get("argv"), ip + ".argv", cat));
                envs.add(env(r, command, ip));
            } else {
                argvs.add(argv(r, command, ip, cat));
                envs.add(Map.of());
            }
        }
        List<String> paths = r.strings(set, at, "paths", List.of(), ConfigSchema::globProblem);
        return new CommandSet(
                name,
                List.copyOf(argvs),
                paths,
                r.optionalInteger(set, at, "timeout_seconds", 1, 86_400),
                r.bool(set, at, "skip_if_unavailable", false),
                env(r, set, at),
                envs);
    }

    private static List<String> argv(ConfigReader r, JsonNode argv, String ip, String cat) {
        if (!argv.isArray() || argv.isEmpty()) {
            throw r.error(
                    ip,
                    ip + " must be an argv list like [\"pytest\", \"-q\"], not " + ConfigReader.describe(argv),
                    "wb runs no shell: write each word as its own string");
        }
        List<String> words = new ArrayList<>();
        for (int w = 0; w < argv.size(); w++) {
            String wp = LocatedTree.item(ip, w);
            // An empty word is a real argument (sed -i '', git commit -m ''); only the program needs a name.
            if (!argv.get(w).isTextual() || (w == 0 && argv.get(w).textValue().isBlank())) {
                throw r.error(
                        wp,
                        wp
                                + (w == 0 ? " names the program: a non-empty string, not " : " must be a string, not ")
                                + ConfigReader.describe(argv.get(w)));
            }
            words.add(r.plain(wp, argv.get(w).textValue()));
        }
        RepositoryWrites.match(words).ifPresent(denied -> {
            throw r.error(
                    ip,
                    ip + ": matches denied command '" + denied + "'",
                    "a check must not write to the repository: commits, pushes and pull requests come after the"
                            + " gate; remove the command from " + cat);
        });
        return List.copyOf(words);
    }

    /** The {@code env} object of a set or a command: literal strings, names checked, values never echoed. */
    private static Map<String, String> env(ConfigReader r, JsonNode parent, String path) {
        return r.stringMap(parent, path, "env", (at, name) -> envProblem(at, name));
    }

    /** Why a command set may not set this variable, or empty when it may. */
    static Optional<String> envProblem(String at, String name) {
        if (!ENV_NAME.matcher(name).matches()) {
            return Optional.of(at + ": a variable's name is letters, digits and _, not starting with a digit");
        }
        Optional<String> forbidden = VerifyEnvNames.forbidden(name);
        if (forbidden.isPresent()) {
            return Optional.of(at + " is refused " + forbidden.get() + "; a command set's env says where the"
                    + " project's code and data are, and cannot change which program runs: put the option in the"
                    + " command's argv, where it is seen, or export it in the environment wb runs in");
        }
        if (SecretNames.secret(name)) {
            return Optional.of(at + " is refused: its name is secret-bearing, and a command set's env is recorded"
                    + " with every run (checks.ran); export the secret in the environment wb runs in, which the"
                    + " commands get and the redactor hides");
        }
        return Optional.empty();
    }
}
