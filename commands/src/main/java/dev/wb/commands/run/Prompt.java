package dev.wb.commands.run;

import dev.wb.commands.InputFiles;
import dev.wb.commands.flow.ValidateFlow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A role prompt rendered for one node (docs/FLOWS.md, "Prompt tokens"): each known {@code {token}} replaced
 * by its value (empty when wb has none), {@code {?x}…{/x}} kept only when {@code x} is not empty, and every
 * other {@code {name}} left verbatim.
 */
final class Prompt {

    private static final Pattern CONDITIONAL = Pattern.compile("\\{\\?([a-z_]+)\\}(.*?)\\{/\\1\\}", Pattern.DOTALL);
    private static final Pattern TOKEN = Pattern.compile("\\{([a-z_]+)\\}");

    private Prompt() {}

    static String render(String template, Map<String, String> values) {
        Matcher c = CONDITIONAL.matcher(template);
        StringBuilder kept = new StringBuilder();
        while (c.find()) {
            String value = values.get(c.group(1));
            c.appendReplacement(kept, Matcher.quoteReplacement(value == null || value.isEmpty() ? "" : c.group(2)));
        }
        c.appendTail(kept);
        Matcher t = TOKEN.matcher(kept.toString());
        StringBuilder out = new StringBuilder();
        while (t.find()) {
            String value = values.get(t.group(1));
            t.appendReplacement(out, Matcher.quoteReplacement(value == null ? t.group() : value));
        }
        t.appendTail(out);
        return out.toString();
    }

    /** The role file's text (its real path inside the flows folder); empty when there is none. */
    static Optional<String> roleFile(Path root, String relative) {
        Path flowsDir = root.resolve(ValidateFlow.FLOWS);
        Path file = flowsDir.resolve(relative).normalize();
        try {
            if (!Files.isRegularFile(file) || !file.toRealPath().startsWith(flowsDir.toRealPath())) {
                return Optional.empty();
            }
            return InputFiles.read(flowsDir, file, InputFiles.Kind.FLOW).map(InputFiles.Content::text);
        } catch (InputFiles.Unusable | IOException e) {
            return Optional.empty();
        }
    }
}
