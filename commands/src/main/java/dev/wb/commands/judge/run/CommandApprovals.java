package dev.wb.commands.judge.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.core.ShellQuote;
import dev.wb.engine.Digests;
import dev.wb.engine.TaskKey;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.judge.CommandsApproval;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Consent to run a task's declared validation commands, which are agent-written and run through a shell:
 * a stored, task-bound preapproval ({@code wb task approve-commands}), one {@code --approve-commands} flag
 * per command in the printed order, or a yes at the terminal. The approval binds the exact ordered list:
 * adding, removing, reordering or editing a command needs consent again. The stored file authenticates
 * neither the project's content nor who wrote it; it only spares asking twice for the same list.
 *
 * <p>A command is normalised by stripping the white space around it, nothing more: inside, every
 * character can matter to the shell, so {@code pnpm  build} and {@code pnpm build} are different lists.
 */
public final class CommandApprovals {

    static final int VERSION = 1;

    /** Asks a person at a terminal; the CLI prints the numbered list and reads y/N. */
    public interface Terminal {
        boolean confirm(List<String> commands);
    }

    public record Approval(CommandsApproval how, String listDigest) {}

    private final Workspace ws;

    public CommandApprovals(Workspace ws) {
        this.ws = ws;
    }

    /** The commands as approved and run: each stripped; a blank one is refused. */
    public static List<String> normalize(List<String> commands) {
        List<String> normal = new ArrayList<>(commands.size());
        for (String command : commands) {
            String stripped = command.strip();
            if (stripped.isEmpty()) {
                throw new IllegalArgumentException("a blank command in " + commands);
            }
            normal.add(stripped);
        }
        return List.copyOf(normal);
    }

    /** {@code sha256:<hex>} of the canonical JSON of the task key and the ordered, normalised commands. */
    public static String listDigest(TaskKey task, List<String> commands) {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("kind", "wb.approved-commands");
        node.put("task", task.value());
        ArrayNode list = node.putArray("commands");
        normalize(commands).forEach(list::add);
        return Digests.sha256(CanonicalJson.bytes(node));
    }

    /** {@code .workflow/local/approved-commands/<KEY>.json}. */
    public Path file(TaskKey task) {
        return ws.localDir().resolve("approved-commands").resolve(task.value() + ".json");
    }

    /** Stores the preapproval of this exact list, replacing the task's earlier one. */
    public Path store(TaskKey task, List<String> commands) {
        List<String> normal = normalize(commands);
        if (normal.isEmpty()) {
            throw new IllegalArgumentException("no commands to approve for " + task);
        }
        ObjectNode node = CanonicalJson.objectNode();
        node.put("version", VERSION);
        node.put("task", task.value());
        ArrayNode list = node.putArray("commands");
        normal.forEach(list::add);
        node.put("listDigest", listDigest(task, normal));
        Path file = file(task);
        try {
            ws.ensureLocalDir();
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, (CanonicalJson.text(node, true) + "\n").getBytes(StandardCharsets.UTF_8));
            return file;
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot store the approval in " + file + ": " + e.getMessage(),
                    List.of("check that " + file.getParent() + " is writable"));
        }
    }

    /** Whether this task's stored approval is of exactly this list. An unreadable file approves nothing. */
    public boolean preapproved(TaskKey task, List<String> commands) {
        Path file = file(task);
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            ObjectNode stored = CanonicalJson.parseObject(Files.readAllBytes(file));
            JsonNode version = stored.path("version");
            return version.isIntegralNumber()
                    && version.intValue() == VERSION
                    && task.value().equals(stored.path("task").textValue())
                    && listDigest(task, commands)
                            .equals(stored.path("listDigest").textValue());
        } catch (IOException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The approval to run {@code declared}: STORED if preapproved (flags are then not looked at); else
     * FLAGS if flags were given and reproduce the list exactly; else TERMINAL if a terminal is there and
     * its person says yes.
     *
     * @throws Mismatch flags were given and differ from the list
     * @throws Missing no approval, or the person declined
     */
    public Approval require(TaskKey task, List<String> declared, List<String> flags, Optional<Terminal> terminal) {
        List<String> list = normalize(declared);
        if (list.isEmpty()) {
            throw new IllegalArgumentException("no commands to approve for " + task);
        }
        String digest = listDigest(task, list);
        if (preapproved(task, list)) {
            return new Approval(CommandsApproval.STORED, digest);
        }
        if (!flags.isEmpty()) {
            Mismatch.check(list, flags.stream().map(String::strip).toList());
            return new Approval(CommandsApproval.FLAGS, digest);
        }
        if (terminal.isPresent()) {
            if (terminal.get().confirm(list)) {
                return new Approval(CommandsApproval.TERMINAL, digest);
            }
            throw new Missing(task, list, true);
        }
        throw new Missing(task, list, false);
    }

    /**
     * The flags that approve this list headless, quoted for a POSIX shell:
     * {@code --approve-commands "pnpm build" --approve-commands "npx vitest run"}.
     */
    public static String flags(List<String> commands) {
        List<String> flags = new ArrayList<>();
        for (String command : commands) {
            flags.add("--approve-commands " + TerminalText.escape(ShellQuote.quote(command)));
        }
        return String.join(" ", flags);
    }

    /** Nothing approved the list, or the person at the terminal declined it: nothing ran. */
    public static final class Missing extends RuntimeException {
        private final List<String> declared;
        private final boolean declined;

        Missing(TaskKey task, List<String> declared, boolean declined) {
            super("the validation commands of " + task + (declined ? " were declined" : " are not approved")
                    + ", so nothing ran:" + numbered(declared) + "\nto approve them headless, pass: "
                    + CommandApprovals.flags(declared));
            this.declared = declared;
            this.declined = declined;
        }

        public List<String> declared() {
            return declared;
        }

        /** A person was asked and said no (rather than nobody being there to ask). */
        public boolean declined() {
            return declined;
        }

        /** The exact flags that approve the declared list. */
        public String flags() {
            return CommandApprovals.flags(declared);
        }
    }

    /** The {@code --approve-commands} flags are not the declared list in its order. Positions count from 1. */
    public static final class Mismatch extends RuntimeException {
        static final String NONE = "(none)";

        private final int position;
        private final String expected;
        private final String received;
        private final List<String> declared;

        private Mismatch(int position, String expected, String received, List<String> declared, String what) {
            super(what + ": at position " + position + " the declared list has " + shown(expected)
                    + " but the flags give " + shown(received) + "; pass the commands in the printed order: "
                    + CommandApprovals.flags(declared));
            this.position = position;
            this.expected = expected;
            this.received = received;
            this.declared = declared;
        }

        static void check(List<String> declared, List<String> flags) {
            int common = Math.min(declared.size(), flags.size());
            for (int i = 0; i < common; i++) {
                if (!declared.get(i).equals(flags.get(i))) {
                    throw new Mismatch(
                            i + 1,
                            declared.get(i),
                            flags.get(i),
                            declared,
                            "--approve-commands does not match the declared commands");
                }
            }
            if (flags.size() < declared.size()) {
                throw new Mismatch(
                        common + 1,
                        declared.get(common),
                        NONE,
                        declared,
                        "too few --approve-commands (" + flags.size() + " given, " + declared.size() + " declared)");
            }
            if (flags.size() > declared.size()) {
                throw new Mismatch(
                        common + 1,
                        NONE,
                        flags.get(common),
                        declared,
                        "too many --approve-commands (" + flags.size() + " given, " + declared.size() + " declared)");
            }
        }

        public int position() {
            return position;
        }

        public String expected() {
            return expected;
        }

        public String received() {
            return received;
        }

        public List<String> declared() {
            return declared;
        }

        private static String shown(String command) {
            return command.equals(NONE) ? NONE : "\"" + TerminalText.escape(command) + "\"";
        }
    }

    private static String numbered(List<String> commands) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < commands.size(); i++) {
            out.append("\n  ").append(i + 1).append(". ").append(TerminalText.escape(commands.get(i)));
        }
        return out.toString();
    }
}
