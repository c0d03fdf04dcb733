package dev.wb.projections.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.status.StageCounters.CommandTally;
import dev.wb.projections.status.StageCounters.GitSteps;
import dev.wb.projections.status.StageCounters.Refusal;
import dev.wb.projections.status.TaskStages.Latest;
import dev.wb.projections.status.TaskStages.State;
import dev.wb.projections.status.TaskStages.VerifiedOn;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The stages state as JSON and back, field for field. Kept compact: it is written for every stream
 * into the checkpoint a {@code wb status} of a thousand tasks reads.
 */
final class StagesJson {

    private StagesJson() {}

    static ObjectNode write(State state) {
        ObjectNode node = CanonicalJson.objectNode();
        latest(node, "audit", state.audit(), "planDigest");
        latest(node, "scope", state.scope(), "planDigest");
        latest(node, "verify", state.verify(), "planDigest");
        latest(node, "git", state.git(), "series");
        StageCounters c = state.counters();
        ObjectNode citations = node.putObject("citations");
        c.citations().forEach(citations::put);
        ObjectNode commands = node.putObject("commands");
        c.commands()
                .forEach((text, t) -> commands.putObject(text)
                        .put("runs", t.runs())
                        .put("failures", t.failures())
                        .put("durationMs", t.durationMs())
                        .put("failsThenPasses", t.failsThenPasses())
                        .put("lastFailed", t.lastFailed()));
        refusals(node.putObject("refusedCommands"), c.refusedCommands());
        refusals(node.putObject("refusedEnv"), c.refusedEnv());
        node.putObject("gitSteps")
                .put("ok", c.gitSteps().ok())
                .put("failed", c.gitSteps().failed())
                .put("refused", c.gitSteps().refused());
        ObjectNode reviews =
                node.putObject("reviews").put("uncountable", state.reviews().uncountable());
        ObjectNode rounds = reviews.putObject("rounds");
        state.reviews()
                .rounds()
                .forEach((key, r) -> rounds.putObject(key)
                        .put("verdict", r.verdict())
                        .put("signature", r.signature())
                        .put("ambiguous", r.ambiguous()));
        state.operations().write(node.putObject("operations"));
        state.runs().write(node.putObject("runs"));
        VerifiedOn on = state.verifiedOn();
        if (!on.equals(VerifiedOn.UNKNOWN)) {
            ObjectNode v = node.putObject("verifiedOn").put("uncommitted", on.uncommitted());
            on.commit().ifPresent(id -> v.put("commit", id));
        }
        if (!state.drafts().equals(Drafts.NONE)) {
            state.drafts().write(node.putObject("drafts"));
        }
        return node;
    }

    static State read(JsonNode json) {
        JsonNode steps = json.required("gitSteps");
        StageCounters counters = new StageCounters(
                map(json.required("citations"), JsonNode::longValue),
                map(
                        json.required("commands"),
                        t -> new CommandTally(
                                t.required("runs").longValue(),
                                t.required("failures").longValue(),
                                t.required("durationMs").longValue(),
                                t.required("failsThenPasses").longValue(),
                                t.required("lastFailed").booleanValue())),
                map(json.required("refusedCommands"), StagesJson::refusal),
                map(json.required("refusedEnv"), StagesJson::refusal),
                new GitSteps(
                        steps.required("ok").longValue(),
                        steps.required("failed").longValue(),
                        steps.required("refused").longValue()));
        JsonNode reviews = json.required("reviews");
        ReviewRounds rounds = new ReviewRounds(
                map(
                        reviews.required("rounds"),
                        r -> new ReviewRounds.Round(
                                r.required("verdict").asText(),
                                r.required("signature").asText(),
                                r.required("ambiguous").booleanValue())),
                reviews.required("uncountable").longValue());
        return new State(
                latest(json, "audit", "planDigest"),
                latest(json, "scope", "planDigest"),
                latest(json, "verify", "planDigest"),
                latest(json, "git", "series"),
                counters,
                rounds,
                Operations.read(json.required("operations")),
                RunTotals.read(json.required("runs")),
                verifiedOn(json.get("verifiedOn")),
                Drafts.read(json.get("drafts")));
    }

    private static VerifiedOn verifiedOn(JsonNode json) {
        if (json == null) {
            return VerifiedOn.UNKNOWN;
        }
        JsonNode commit = json.get("commit");
        return new VerifiedOn(
                commit == null ? Optional.empty() : Optional.of(commit.asText()),
                json.required("uncommitted").intValue());
    }

    private static void latest(ObjectNode node, String stage, Latest latest, String about) {
        ObjectNode l = node.putObject(stage).put("result", latest.result());
        latest.about().ifPresent(a -> l.put(about, a));
    }

    private static Latest latest(JsonNode json, String stage, String about) {
        JsonNode l = json.required(stage);
        JsonNode a = l.get(about);
        return new Latest(l.required("result").asText(), a == null ? Optional.empty() : Optional.of(a.asText()));
    }

    private static void refusals(ObjectNode node, SortedMap<String, Refusal> refusals) {
        refusals.forEach(
                (subject, r) -> node.putObject(subject).put("count", r.count()).put("reason", r.reason()));
    }

    private static Refusal refusal(JsonNode json) {
        return new Refusal(
                json.required("count").longValue(), json.required("reason").asText());
    }

    private static <V> SortedMap<String, V> map(JsonNode object, Function<JsonNode, V> value) {
        if (!object.isObject()) {
            throw new IllegalArgumentException("expected an object, not " + object.getNodeType());
        }
        TreeMap<String, V> map = new TreeMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = object.properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> entry = it.next();
            map.put(entry.getKey(), value.apply(entry.getValue()));
        }
        return map;
    }
}
