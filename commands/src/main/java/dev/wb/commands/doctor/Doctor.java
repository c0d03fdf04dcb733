package dev.wb.commands.doctor;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.HookHost;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.hooks.AgentHooks;
import dev.wb.commands.process.ExecutableLookup;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb doctor}: whether this machine and checkout are ready for wb, each check saying what it
 * examined, what it found and, when it is wrong, what fixes it. No check stops the others, none
 * writes anything, and nothing reaches the network.
 */
public final class Doctor {

    /** The lowest Java wb runs on. */
    static final int MIN_JAVA = 17;

    /** The agent CLIs {@code wb judge run} and {@code wb run} start. */
    static final List<String> AGENT_CLIS = List.of("claude", "codex");

    /** How a check came out. */
    public enum Level {
        OK,
        WARN,
        FAIL;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One check: its name, how it came out, what it found, and the commands that fix it. */
    public record Check(String name, Level level, String detail, List<String> fixes) {
        public Check {
            fixes = List.copyOf(fixes);
        }
    }

    private final Path cwd;
    private final Map<String, String> env;
    private final Clock clock;
    private final List<Check> checks = new ArrayList<>();

    private Doctor(Path cwd, Map<String, String> env, Clock clock) {
        this.cwd = cwd;
        this.env = env;
        this.clock = clock;
    }

    /** Every check, in order. */
    public static List<Check> run(Path cwd, Map<String, String> env, Clock clock) {
        Doctor doctor = new Doctor(cwd, env, clock);
        doctor.java();
        boolean git = doctor.git();
        Optional<Workspace> workspace = Workspace.locate(cwd);
        if (workspace.isEmpty()) {
            doctor.add("repository", Level.FAIL, cwd + " is not inside a git repository", "git init", "or cd into one");
        } else {
            doctor.add("repository", Level.OK, workspace.get().root().toString());
            doctor.checkout(workspace.get(), git);
        }
        doctor.agents();
        return List.copyOf(doctor.checks);
    }

    private void checkout(Workspace workspace, boolean git) {
        if (git) {
            author(workspace);
        }
        if (workflow(workspace)) {
            config(workspace);
            log(workspace);
        }
        hooks(workspace);
    }

    private void java() {
        Runtime.Version version = Runtime.version();
        if (version.feature() < MIN_JAVA) {
            add(
                    "java",
                    Level.FAIL,
                    version + ", below the supported " + MIN_JAVA,
                    "install Java " + MIN_JAVA + " or newer");
        } else {
            add("java", Level.OK, version.toString());
        }
    }

    private boolean git() {
        Optional<Path> git = ExecutableLookup.find("git", cwd, env);
        if (git.isEmpty()) {
            add("git", Level.FAIL, "not on PATH", "install git (wb's git steps and hooks run it)");
            return false;
        }
        add("git", Level.OK, git.get().toString());
        return true;
    }

    private void author(Workspace workspace) {
        try (GitRepository repo = Repositories.open(workspace, env)) {
            String email = env.getOrDefault("GIT_AUTHOR_EMAIL", "").isBlank()
                    ? repo.config("user.email").orElse("")
                    : env.get("GIT_AUTHOR_EMAIL");
            if (email.isBlank()) {
                add(
                        "git author",
                        Level.FAIL,
                        "this checkout has no user.email",
                        "git config user.email \"you@example.com\"");
            } else {
                add("git author", Level.OK, email);
            }
        } catch (GitException e) {
            add(
                    "git author",
                    Level.FAIL,
                    "git could not read the configuration: " + e.getMessage(),
                    "git config --list");
        }
    }

    /** Whether .workflow/ is there and writable (the config and the log live in it). */
    private boolean workflow(Workspace workspace) {
        Path dir = workspace.workflowDir();
        if (!Files.isDirectory(dir)) {
            add(".workflow", Level.WARN, "absent: this checkout has no wb history yet", "wb init");
            return false;
        }
        if (!Files.isWritable(dir)) {
            add(".workflow", Level.FAIL, dir + " is not writable", "chmod u+w " + dir);
            return false;
        }
        add(".workflow", Level.OK, "writable");
        return true;
    }

    private void config(Workspace workspace) {
        boolean present = Files.exists(workspace.root().resolve(WorkspaceConfig.FILE));
        try {
            WorkspaceConfig.load(workspace);
            add(
                    "config",
                    Level.OK,
                    present ? WorkspaceConfig.FILE + " is valid" : "no config.json: the defaults apply");
        } catch (Failure e) {
            checks.add(new Check("config", Level.FAIL, e.getMessage(), e.fixes()));
        }
    }

    private void log(Workspace workspace) {
        try (Session session = Session.open(workspace, env, clock)) {
            int streams = session.reader().streams().size();
            add("log", Level.OK, "opens: " + streams + " stream(s)");
        } catch (Failure e) {
            checks.add(new Check("log", Level.FAIL, e.getMessage(), e.fixes()));
        } catch (RuntimeException e) {
            add("log", Level.FAIL, "the log does not open: " + e.getMessage(), "wb status");
        }
    }

    private void hooks(Workspace workspace) {
        List<String> installed = new ArrayList<>();
        for (HookHost host : HookHost.values()) {
            AgentHooks.Status status = AgentHooks.status(workspace, host);
            if (status.state() == AgentHooks.State.UNUSABLE) {
                add("hooks", Level.FAIL, host.path() + ": " + status.problem().orElse("unreadable"), "wb hooks status");
                return;
            }
            if (status.state() == AgentHooks.State.INSTALLED) {
                installed.add(host.id());
            } else if (status.state() == AgentHooks.State.PARTIAL) {
                add(
                        "hooks",
                        Level.WARN,
                        host.id() + ": some of wb's entries are missing",
                        "wb hooks install " + host.id());
                return;
            }
        }
        if (installed.isEmpty()) {
            add(
                    "hooks",
                    Level.WARN,
                    "none installed: agents' edits are not checked as they happen",
                    "wb hooks install claude");
        } else {
            add("hooks", Level.OK, "installed for " + String.join(", ", installed));
        }
    }

    private void agents() {
        List<String> found = new ArrayList<>();
        for (String cli : AGENT_CLIS) {
            ExecutableLookup.find(cli, cwd, env).ifPresent(path -> found.add(cli));
        }
        if (found.isEmpty()) {
            add(
                    "agents",
                    Level.WARN,
                    "neither claude nor codex is on PATH: wb judge run and wb run cannot start an agent",
                    "install one (docs/INSTALL.md)");
        } else {
            add("agents", Level.OK, String.join(", ", found));
        }
    }

    private void add(String name, Level level, String detail, String... fixes) {
        checks.add(new Check(name, level, detail, List.of(fixes)));
    }
}
