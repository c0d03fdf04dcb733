package dev.wb.engine;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Who caused an event: the person (git's author identity, else the OS login name), the host, the
 * process, and the coding agent when the environment tells.
 */
public record Actor(String user, String host, long pid, Optional<String> agent) {

    public Actor {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(agent, "agent");
    }

    /** The actor of this run's process ({@link Caller}), read from the given environment: the login name. */
    public static Actor current(Map<String, String> env) {
        return new Actor(loginName(env), hostName(env), Caller.pid(), AgentDetection.detect(env));
    }

    /**
     * The actor of this run's process as {@code person} ({@code Jane Doe <jane@example.com>}, the git
     * identity the caller read: dev.wb.git.GitIdentity), or the login name when there is none.
     */
    public static Actor current(Map<String, String> env, Optional<String> person) {
        String user = person.filter(p -> !p.isBlank()).orElseGet(() -> loginName(env));
        return new Actor(user, hostName(env), Caller.pid(), AgentDetection.detect(env));
    }

    /**
     * A short form for one-line views: {@code user@host (agent)} for a login name, {@code Jane Doe
     * <jane@example.com> on host (agent)} for a git identity.
     */
    public String describe() {
        boolean person = user.contains(" ") || user.contains("@");
        return user
                + (person ? " on " : "@")
                + host
                + agent.map(a -> " (" + a + ")").orElse("");
    }

    private static String loginName(Map<String, String> env) {
        return firstNonBlank(System.getProperty("user.name"), env.get("USER"), "unknown");
    }

    private static String hostName(Map<String, String> env) {
        String fromEnv = env.get("HOSTNAME");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv.trim();
        }
        try {
            // Cheaper than a resolver look-up and never touches the network.
            Path etcHostname = Path.of("/etc/hostname");
            if (Files.isReadable(etcHostname)) {
                String name = Files.readString(etcHostname).trim();
                if (!name.isEmpty()) {
                    return name;
                }
            }
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String firstNonBlank(String... values) {
        for (String value : values) {
            if (value != null && !value.isBlank()) {
                return value;
            }
        }
        return "unknown";
    }
}
