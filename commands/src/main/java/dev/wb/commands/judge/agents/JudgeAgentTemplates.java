package dev.wb.commands.judge.agents;

import dev.wb.commands.config.JudgeAgentTarget;
import dev.wb.commands.schemas.ShippedSchemas;
import dev.wb.engine.Digests;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The judge's agent files, rendered from the templates under {@code agents/}: one contract (what the
 * judge reads, the record it returns, the verdict rules, the review policy's bounds), wrapped in each
 * host's format, with the configured model where the host reads it.
 *
 * <p>Every generated file carries a {@code # wb-generated: sha256:<hex>} line (a YAML comment in the
 * Markdown files' frontmatter, a TOML comment in Codex's file): the SHA-256 of the file's bytes without
 * that line. A file whose line is missing or whose bytes no longer hash to it was edited by hand.
 */
public final class JudgeAgentTemplates {

    /** What the host shows when it chooses an agent. */
    static final String DESCRIPTION = "Independent, read-only reviewer of a wb task's change against its task capsule."
            + " Use after implementation, once the caller has captured a snapshot (wb judge snapshot) and run the"
            + " declared validation (wb judge run): give it the task key, base, SNAPSHOT:<id> and the receipt. It"
            + " returns a schema-6 review record as JSON and never edits files or git state.";

    private static final String MARKER_PREFIX = "# wb-generated: ";
    private static final Pattern MARKER = Pattern.compile("(?m)^# wb-generated: (sha256:[0-9a-f]{64})\\n");
    private static final String MARKER_SLOT = "{{MARKER}}\n";

    private static final String RESOURCES = "/dev/wb/commands/judge/";

    /** Where a file stands against what wb would write. */
    public enum FileState {
        /** No file. */
        ABSENT("absent"),
        /** wb wrote it, and nobody changed it since. */
        GENERATED("present"),
        /** The marker is missing or does not match: changed by hand (or not wb's file at all). */
        EDITED("edited-by-hand");

        private final String label;

        FileState(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private JudgeAgentTemplates() {}

    /** The whole file for a target, with its marker line. */
    public static String render(JudgeAgentTarget target, Optional<String> model) {
        String template = resource("agents/" + templateName(target));
        String modelLine = model.map(m -> switch (target) {
                    case CLAUDE, COPILOT -> "model: " + quoted(m) + "\n";
                    case CODEX -> "model = " + quoted(m) + "\n";
                })
                .orElse("");
        String contract = contract();
        String text = template.replace("{{MODEL}}", modelLine).replace("{{DESCRIPTION}}", quoted(DESCRIPTION));
        int slot = text.indexOf(MARKER_SLOT);
        if (slot < 0 || text.indexOf("{{CONTRACT}}") < 0) {
            throw new IllegalStateException("template " + templateName(target) + " lacks a slot");
        }
        // The contract goes in last, so that nothing in it is read as a slot.
        String before = text.substring(0, slot);
        String after = text.substring(slot + MARKER_SLOT.length()).replace("{{CONTRACT}}", contract);
        String digest = Digests.sha256((before + after).getBytes(StandardCharsets.UTF_8));
        return before + MARKER_PREFIX + digest + "\n" + after;
    }

    /** The contract every target's file carries. */
    public static String contract() {
        return resource("agents/contract.md");
    }

    /** The JSON Schema of review record version 6, as installed in {@code .workflow/judge/schemas/}. */
    public static byte[] schema() {
        return ShippedSchemas.bytes("review");
    }

    /** Whether a file is absent, wb's own unchanged output, or edited by hand. A symbolic link is never wb's. */
    public static FileState state(Path file) {
        if (Files.isSymbolicLink(file)) {
            return FileState.EDITED;
        }
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return FileState.ABSENT;
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return FileState.EDITED;
        }
        try {
            return generated(Files.readString(file, StandardCharsets.UTF_8)) ? FileState.GENERATED : FileState.EDITED;
        } catch (NoSuchFileException e) {
            return FileState.ABSENT;
        } catch (IOException | UncheckedIOException e) {
            return FileState.EDITED;
        }
    }

    /** Whether the text carries a marker its other bytes hash to. */
    static boolean generated(String text) {
        Matcher m = MARKER.matcher(text);
        if (!m.find()) {
            return false;
        }
        String rest = text.substring(0, m.start()) + text.substring(m.end());
        return Digests.sha256(rest.getBytes(StandardCharsets.UTF_8)).equals(m.group(1));
    }

    /**
     * A double-quoted string that YAML and TOML both read back as the value: {@code \} and {@code "}
     * escaped, every control and line-separator character written {@code \\uXXXX}.
     */
    public static String quoted(String value) {
        StringBuilder out = new StringBuilder(value.length() + 2).append('"');
        value.codePoints().forEach(c -> {
            if (c == '\\') {
                out.append("\\\\");
            } else if (c == '"') {
                out.append("\\\"");
            } else if (Character.isISOControl(c) || c == 0x2028 || c == 0x2029 || c == 0xFEFF || c == 0x85) {
                out.append(String.format("\\u%04X", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.append('"').toString();
    }

    private static String templateName(JudgeAgentTarget target) {
        return switch (target) {
            case CLAUDE -> "claude.md";
            case COPILOT -> "copilot.agent.md";
            case CODEX -> "codex.toml";
        };
    }

    private static String resource(String name) {
        try (InputStream in = JudgeAgentTemplates.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                throw new IllegalStateException("wb is missing its resource " + RESOURCES + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
