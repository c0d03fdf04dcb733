package dev.wb.commands.config;

import dev.wb.projections.events.AgentHost;
import java.util.Locale;
import java.util.Optional;

/**
 * A file wb writes for one agent host ({@link HookHost}'s hook settings, {@link JudgeAgentTarget}'s agent
 * file). Such an enum names each constant after its {@link AgentHost} and gives only the file's path: the
 * host, its name and its title follow from the constant's name.
 */
public interface HostFile {

    /** The enum constant's name, which is its host's ({@code CLAUDE}, {@code CODEX}, {@code COPILOT}). */
    String name();

    /** The file wb writes, relative to the repository's top. */
    String path();

    /** The host this is for. */
    default AgentHost agent() {
        return AgentHost.valueOf(name());
    }

    /** The name on the command line and in configuration: {@code claude}, {@code codex}, {@code copilot}. */
    default String id() {
        return agent().wireName();
    }

    /** The host, for people. */
    default String host() {
        return agent().host();
    }

    /** The member of VALUES whose host is named ID (any case, blanks around it ignored). */
    static <E extends HostFile> Optional<E> named(E[] values, String id) {
        String wanted = id.trim().toLowerCase(Locale.ROOT);
        for (E value : values) {
            if (value.id().equals(wanted)) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }
}
