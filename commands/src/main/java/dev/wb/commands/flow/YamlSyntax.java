package dev.wb.commands.flow;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A flow file's YAML syntax, checked token by token before it is read as a tree: the first syntax error
 * as a line and SnakeYAML's words without its source excerpt, and aliases ({@code *name}), which Jackson
 * would read as the alias's name instead of the anchored value: a flow that means something else than it
 * says is refused.
 */
final class YamlSyntax {

    private static final YAMLFactory YAML = new YAMLFactory();
    private static final Pattern MARK = Pattern.compile("line (\\d+), column \\d+");

    private YamlSyntax() {}

    static YAMLFactory factory() {
        return YAML;
    }

    /** The first problem, as {@code line N: …}, or empty when the file is well-formed YAML without aliases. */
    static Optional<String> problem(byte[] content) {
        try (YAMLParser parser = (YAMLParser) YAML.createParser(content)) {
            while (parser.nextToken() != null) {
                if (parser.isCurrentAlias()) {
                    return Optional.of("line " + parser.currentTokenLocation().getLineNr() + ": YAML alias *"
                            + parser.getText() + " is not supported in a flow file; write the value out");
                }
            }
            return Optional.empty();
        } catch (JsonProcessingException e) {
            return Optional.of(describe(e));
        } catch (IOException e) {
            return Optional.of("line 1: cannot read: " + e.getMessage());
        }
    }

    private static String describe(JsonProcessingException e) {
        String message = e.getOriginalMessage() == null ? e.toString() : e.getOriginalMessage();
        int line = e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getLineNr());
        Matcher mark = MARK.matcher(message);
        while (mark.find()) {
            line = Integer.parseInt(mark.group(1));
        }
        List<String> words = new ArrayList<>();
        message.lines().filter(l -> !l.isBlank() && !Character.isWhitespace(l.charAt(0)))
                .forEach(l -> words.add(l.strip()));
        return "line " + line + ": not valid YAML: " + (words.isEmpty() ? message.strip() : String.join("; ", words));
    }
}
