package dev.wb.commands.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.process.NodeProcess;
import dev.wb.projections.events.run.NodeFinished;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a provider's CLI said, read from the stream where it says it and in its own words: the model's
 * text (what is stored and where an evaluator's verdict line is looked for), the usage it reported, and
 * why it failed.
 *
 * <ul>
 *   <li>Claude runs with {@code --output-format json}: stdout is one {@code {"type":"result", …}} object
 *       whose {@code result} is the text, {@code is_error} says whether it failed (with {@code result}
 *       the CLI's reason, such as {@code Not logged in · Please run /login}, which it prints on stdout),
 *       {@code usage} the tokens and {@code total_cost_usd} the cost. Its refusals to start (the sandbox
 *       required but unavailable) are on stderr.
 *   <li>Codex prints the model's text on stdout and everything else on stderr: a header, {@code WARNING:}
 *       and {@code warning:} lines that are not the failure, then the failure ({@code ERROR: …}, an
 *       {@code Error: …} of its configuration, {@code bwrap: …} of its sandbox).
 * </ul>
 *
 * @param text the model's text, as wb stores it
 * @param usage the tokens and cost the provider reported
 * @param failure the provider's own reason for failing, when it gave one
 */
record ProviderOutput(String text, Optional<NodeFinished.Usage> usage, Optional<String> failure) {

    /** The kinds of failure a provider names, each with the words that show it, in the CLI's own text. */
    enum Failure {
        NOT_LOGGED_IN(
                "not logged in",
                "(?i)\\bnot logged in\\b|please run /login|invalid api key|authentication_error|401 unauthorized"),
        SANDBOX_UNAVAILABLE("sandbox unavailable", "(?i)sandbox required but unavailable|^bwrap: .*"),
        NO_NETWORK(
                "no network",
                "(?i)waiting for network|failed to lookup address|failed to connect to|network is unreachable|stream disconnected"),
        SESSION_NOT_FOUND(
                "session not found",
                "(?i)no conversation found with session id|no rollout found|no saved session found|session not found");

        private final String words;
        private final Pattern pattern;

        Failure(String words, String regex) {
            this.words = words;
            this.pattern = Pattern.compile(regex, Pattern.MULTILINE);
        }

        /** The line of {@code text} that shows this failure, when one does. */
        Optional<String> line(String text) {
            for (String line : text.lines().map(String::strip).toList()) {
                if (pattern.matcher(line).find()) {
                    return Optional.of(line);
                }
            }
            return Optional.empty();
        }

        String words() {
            return words;
        }
    }

    private static final Pattern NOISE = Pattern.compile("(?i)^(warning:|⚠|reading additional input|workdir:|model:"
            + "|provider:|approval:|sandbox:|reasoning|session id:|--------|openai codex|\\[\\d{4}-)");
    /** Codex's own retry line, not a command's output it echoes: only this says the CLI itself is offline. */
    private static final Pattern OFFLINE = Pattern.compile("(?im)^ERROR: Reconnecting\\b.*waiting for network");

    private static final Pattern USD = Pattern.compile("^\\d+(\\.\\d+)?(E-?\\d+)?$", Pattern.CASE_INSENSITIVE);

    static ProviderOutput of(String provider, NodeProcess.Ended ended) {
        if (provider.equals("claude")) {
            Optional<JsonNode> result = ToolNode.lastJson(ended.stdout())
                    .filter(j -> j.path("type").asText("").equals("result"));
            if (result.isPresent()) {
                return claude(result.get(), ended);
            }
        }
        // a CLI that exited 0 in time did its work, whatever it echoed on stderr (Codex echoes the prompt
        // and the transcript there); its stdout is the model's text, never read for a failure
        boolean failed = ended.timedOut() || ended.exitCode() != 0;
        return new ProviderOutput(
                ended.stdout(), Optional.empty(), failed ? reason(ended.stderr(), "") : Optional.empty());
    }

    private static ProviderOutput claude(JsonNode result, NodeProcess.Ended ended) {
        String text = result.path("result").asText("");
        JsonNode u = result.path("usage");
        Optional<NodeFinished.Usage> usage = Optional.empty();
        if (u.isObject()) {
            long tokens = 0;
            for (String field : List.of(
                    "input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")) {
                tokens += u.path(field).asLong(0);
            }
            usage = Optional.of(new NodeFinished.Usage(tokens, cost(result.path("total_cost_usd"))));
        }
        Optional<String> failure = Optional.empty();
        if (result.path("is_error").asBoolean(false) || ended.exitCode() != 0) {
            failure = reason(ended.stderr(), text)
                    .or(() -> Optional.of(ToolNode.firstLine(text)))
                    .filter(s -> !s.isEmpty());
        }
        return new ProviderOutput(text, usage, failure);
    }

    /** The cost as an exact decimal string, {@code "0"} when the CLI gave none that reads as one. */
    private static String cost(JsonNode node) {
        String text = node.isNumber() ? node.decimalValue().toPlainString() : node.asText("0");
        return USD.matcher(text).matches()
                ? new BigDecimal(text).stripTrailingZeros().toPlainString()
                : "0";
    }

    /**
     * Why the provider failed, in its words: the first line naming a failure {@link Failure} knows, on
     * stderr then stdout, prefixed with that failure's name; else the first line of stderr that is not its
     * header or a warning; else nothing.
     */
    static Optional<String> reason(String stderr, String stdout) {
        for (Failure failure : Failure.values()) {
            for (String text : List.of(stderr, stdout)) {
                Optional<String> line = failure.line(text);
                if (line.isPresent()) {
                    return Optional.of(failure.words() + ": " + clip(line.get()));
                }
            }
        }
        return stderr.lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !NOISE.matcher(l).find())
                .findFirst()
                .map(ProviderOutput::clip);
    }

    /**
     * The first line of a provider's answer that is not its header or a warning (Codex prints a
     * {@code WARNING:} line first when its home is under a temporary folder), else its first line.
     */
    static String firstSaid(String text) {
        return text.lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !NOISE.matcher(l).find())
                .findFirst()
                .map(ProviderOutput::clip)
                .orElseGet(() -> ToolNode.firstLine(text));
    }

    /** Whether the text shows the provider has no network (it retries instead of failing). */
    static boolean offline(String text) {
        Matcher m = OFFLINE.matcher(text);
        return m.find();
    }

    /**
     * The last line that shows the provider has no network, as {@code no network: <line>}: the line the
     * watch stopped it on (Codex's {@code ERROR: Reconnecting... waiting for network}), not an earlier
     * line of its log that names a failure too.
     */
    static Optional<String> offlineReason(String text) {
        return text.lines()
                .map(String::strip)
                .filter(l -> OFFLINE.matcher(l).find())
                .reduce((first, second) -> second)
                .map(l -> Failure.NO_NETWORK.words() + ": " + clip(l));
    }

    private static String clip(String line) {
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }
}
