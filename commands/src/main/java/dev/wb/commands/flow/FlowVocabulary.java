package dev.wb.commands.flow;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Every word a flow file may use, in one place: the keys of each mapping, the node kinds and the keys
 * each kind takes, the closed value sets, the outcomes each kind's edges carry and the prompt tokens.
 * docs/FLOWS.md documents each of them; a word not here is a violation, never ignored (fail-closed).
 */
public final class FlowVocabulary {

    private FlowVocabulary() {}

    /** The one key of the file's top level. */
    public static final String ROOT = "flow";

    public static final List<String> FLOW_KEYS = List.of("name", "task_type", "permission_ceiling", "output_policy",
            "publishing", "nodes", "edges", "budgets", "network_policy", "defaults");

    public static final List<String> REQUIRED_FLOW_KEYS = List.of("name", "task_type", "permission_ceiling",
            "output_policy", "publishing", "nodes");

    public static final List<String> DEFAULTS_KEYS = List.of("evaluator");

    /** What {@code defaults.evaluator} may set for every evaluator node that does not set it itself. */
    public static final List<String> EVALUATOR_DEFAULT_KEYS = List.of("provider", "model", "reasoning", "blocking",
            "max_rework_per_stage", "gate_severity", "timeout_seconds");

    public static final List<String> EDGE_KEYS = List.of("from", "to", "outcome", "budget", "loop");

    /** The node kinds, each with the keys its nodes take besides {@code id} and {@code kind}. */
    public static final Map<String, List<String>> KIND_KEYS = Map.of(
            "agent", List.of("description", "role_file", "provider", "model", "reasoning", "permission_profile",
                    "session_scope", "lineage_affinity", "network_access", "git_evidence", "timeout_seconds",
                    "extra_args", "when"),
            "evaluator", List.of("description", "role", "role_file", "provider", "model", "reasoning", "blocking",
                    "max_rework_per_stage", "gate_severity", "session_scope", "lineage_affinity",
                    "timeout_seconds", "extra_args"),
            "checks", List.of("description", "checker"),
            "tool", List.of("description", "tool", "args", "timeout_seconds"),
            "hitl", List.of("description", "signal"),
            "publish", List.of("description", "policy"));

    /** The kinds in the order the documentation and error messages list them. */
    public static final List<String> KINDS = List.of("agent", "evaluator", "checks", "tool", "hitl", "publish");

    /** Keys a node of the kind must have. */
    public static final Map<String, List<String>> KIND_REQUIRED = Map.of("agent", List.of(), "evaluator",
            List.of("role"), "checks", List.of(), "tool", List.of("tool"), "hitl", List.of("signal"), "publish",
            List.of("policy"));

    /** The outcomes a kind's outgoing edges carry; an empty list means its edges carry none. */
    public static final Map<String, List<String>> OUTCOMES = Map.of("agent", List.of(), "evaluator",
            List.of("accept", "rework"), "checks", List.of("pass", "fail"), "tool", List.of("pass", "fail"), "hitl",
            List.of(), "publish", List.of());

    /** Outcomes that send work back: their edges must be bounded by a budget. */
    public static final List<String> LOOP_OUTCOMES = List.of("rework", "fail");

    // ------------------------------------------------------------------ closed value sets

    /** The weakest permission: a node that reads and never writes the working tree. */
    public static final String READ_ONLY = "read-only";

    /** {@code permission_ceiling} and a node's {@code permission_profile}, weakest first. */
    public static final List<String> PERMISSIONS = List.of(READ_ONLY, "workspace-write");

    /** What a task of the flow leaves behind: a change on its branch, a report only, or nothing. */
    public static final List<String> OUTPUT_POLICIES = List.of("diff", "report", "none");

    /** How a task's result leaves the machine. */
    public static final List<String> PUBLISHING = List.of("pull-request", "branch", "none");

    /** Whether any node may reach the network. Absent means deny. */
    public static final List<String> NETWORK_POLICIES = List.of("deny", "allow");

    /** Which runs of an agent share one provider session. */
    public static final List<String> SESSION_SCOPES = List.of("attempt", "node", "task");

    /** Which provider family a node must run on relative to the nodes before it (independent review: different). */
    public static final List<String> LINEAGE_AFFINITIES = List.of("any", "same", "different");

    /** The lowest finding severity an evaluator's gate stops on. */
    public static final List<String> GATE_SEVERITIES = List.of("critical", "major", "minor", "info");

    /** When an agent node runs. */
    public static final List<String> WHEN = List.of("always", "has_diff", "on_rework");

    /** What a human gives a {@code hitl} node before the flow goes on. */
    public static final List<String> HITL_SIGNALS = List.of("approve", "input");

    /** How a {@code publish} node opens the task's pull request or branch. */
    public static final List<String> PUBLISH_POLICIES = List.of("draft", "ready", "auto-merge");

    /** A {@code checks} node's checker: every command set the diff selects, unless it names one set. */
    public static final String ALL_COMMAND_SETS = "command_sets";

    // ------------------------------------------------------------------ names and tokens

    public static final Pattern NODE_ID = Pattern.compile("[a-z][a-z0-9_-]*");

    public static final Pattern LOOP_NAME = Pattern.compile("[a-z][a-z0-9_-]*");

    public static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");

    public static final Pattern ARG_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");

    /** A prompt token as the engine renders it; anything else in braces is plain text. */
    public static final Pattern TOKEN = Pattern.compile("\\{([a-z][a-z0-9_-]*)\\}");

    /** Tokens every role prompt may use; agent and tool nodes add {@code {<id>_path}}. */
    public static final List<String> TOKENS = List.of("task_id", "plan_path", "diff_path", "checks_path",
            "review_path");

    /** Budgets and {@code max_rework_per_stage}: whole numbers in this range. */
    public static final int MIN_BUDGET = 1;
    public static final int MAX_BUDGET = 50;

    /** {@code timeout_seconds}: up to a day. */
    public static final int MAX_TIMEOUT_SECONDS = 86_400;

    public static boolean strongerThan(String profile, String ceiling) {
        return PERMISSIONS.indexOf(profile) > PERMISSIONS.indexOf(ceiling);
    }
}
