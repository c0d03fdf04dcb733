package dev.wb.commands.flow;

import com.google.common.collect.ImmutableList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Every word a flow file may use, in one place: the orchestrator's schema (docs/FLOWS.md). The keys of each
 * mapping, the node kinds and the keys each kind takes, the closed value sets, the outcomes each kind's
 * edges carry, the reserved node ids and the prompt tokens. A word not here is a violation, never ignored
 * (fail-closed).
 */
public final class FlowVocabulary {

    private FlowVocabulary() {}

    /** The one key of the file's top level. */
    public static final String ROOT = "flow";

    public static final List<String> FLOW_KEYS = List.of(
            "name",
            "task_type",
            "permission_ceiling",
            "output_policy",
            "publishing",
            "network_policy",
            "defaults",
            "nodes",
            "edges",
            "budgets",
            "decomposition",
            "supervisor");

    public static final List<String> REQUIRED_FLOW_KEYS =
            List.of("name", "task_type", "permission_ceiling", "output_policy", "publishing", "nodes");

    public static final List<String> DEFAULTS_KEYS = List.of("evaluator");

    /** What {@code defaults.evaluator} sets for every evaluator node that does not set it itself. */
    public static final List<String> EVALUATOR_DEFAULT_KEYS =
            List.of("session_scope", "permission_profile", "max_rework_per_stage", "gate_severity");

    public static final List<String> EDGE_KEYS = List.of("from", "to", "outcome", "budget", "loop");

    public static final List<String> WHEN_KEYS = List.of("fact", "equals");

    /** An agent's {@code hitl}: whether it may ask a person a question, or for an approval. */
    public static final List<String> HITL_SETTINGS_KEYS = List.of("allow_question", "allow_approval");

    public static final List<String> DECOMPOSITION_KEYS = List.of("proposed_by", "sub_flow", "shared_budget");

    public static final List<String> SUPERVISOR_KEYS =
            List.of("role_file", "finalize_role_file", "handoff_role_file", "emit_follow_ups", "observe");

    /** The supervisor's prompt files, each a path like a node's role_file. */
    public static final List<String> SUPERVISOR_PROMPTS =
            List.of("role_file", "finalize_role_file", "handoff_role_file");

    public static final List<String> OBSERVE_KEYS = List.of("mode");

    /** The node kinds, each with the keys its nodes take besides {@code id} and {@code kind}. */
    public static final Map<String, List<String>> KIND_KEYS = Map.of(
            "agent",
                    List.of(
                            "role_file",
                            "resume_role_file",
                            "session_scope",
                            "lineage_affinity",
                            "permission_profile",
                            "network_access",
                            "git_evidence",
                            "provider",
                            "model",
                            "reasoning",
                            "timeout_seconds",
                            "output_schema",
                            "output_artifact",
                            "output_file",
                            "best_effort",
                            "hitl",
                            "extra_args",
                            "skills",
                            "when"),
            "evaluator",
                    List.of(
                            "role",
                            "role_file",
                            "resume_role_file",
                            "session_scope",
                            "permission_profile",
                            "network_access",
                            "git_evidence",
                            "blocking",
                            "max_rework_per_stage",
                            "gate_severity",
                            "provider",
                            "model",
                            "reasoning",
                            "when"),
            "checks", List.of("checker", "manifest", "when"),
            "tool", List.of("tool", "args", "timeout_seconds", "when"),
            "hitl", List.of("signal", "timeout_s", "when"),
            "publish", List.of("policy", "when"));

    /** The kinds in the order the documentation and error messages list them. */
    public static final List<String> KINDS = List.of("agent", "evaluator", "checks", "tool", "hitl", "publish");

    /** Keys a node of the kind must have. */
    public static final Map<String, List<String>> KIND_REQUIRED = Map.of(
            "agent",
            List.of("role_file"),
            "evaluator",
            List.of("role", "role_file"),
            "checks",
            List.of("checker"),
            "tool",
            List.of("tool"),
            "hitl",
            List.of("signal"),
            "publish",
            List.of("policy"));

    /** The outcomes a kind's outgoing edges carry; an empty list means its edges carry none. */
    public static final Map<String, List<String>> OUTCOMES = Map.of(
            "agent",
            List.of(),
            "evaluator",
            List.of("accept", "rework"),
            "checks",
            List.of("pass", "fail"),
            "tool",
            List.of("pass", "fail"),
            "hitl",
            List.of(),
            "publish",
            List.of());

    /** An outcome any kind's edge may carry: {@code route:<name>}, explicit routing (hitl: approve/deny). */
    public static final String ROUTE = "route:";

    /** Outcomes that send work back: their edges must be bounded by a budget or a loop. */
    public static final List<String> LOOP_OUTCOMES = List.of("rework", "fail");

    // ------------------------------------------------------------------ closed value sets

    public static final String READ_ONLY = "read-only";
    public static final String WORKSPACE_WRITE = "workspace-write";

    /** {@code permission_ceiling} and a node's {@code permission_profile}, weakest first. */
    public static final List<String> PERMISSIONS = List.of(READ_ONLY, WORKSPACE_WRITE);

    /** What a task of the flow produces. */
    public static final List<String> OUTPUT_POLICIES =
            List.of("code_change", "repository_document", "private_control_workspace_report");

    /** How a task's result is delivered; a {@code publish} node's {@code policy} takes the same values. */
    public static final List<String> PUBLISHING = List.of(
            "pull_request", "documentation_pull_request", "local_artifact", "private_control_workspace_report", "none");

    /** The network a flow's nodes get; absent means none. */
    public static final List<String> NETWORK_POLICIES = List.of("advisories", "research");

    public static final String EDITING_LINEAGE = "editing_lineage";
    public static final String RESUME_OWN_LINEAGE = "resume_own_lineage";

    /** Which provider session a node runs in. */
    public static final List<String> SESSION_SCOPES = List.of("fresh_disposable", EDITING_LINEAGE, RESUME_OWN_LINEAGE);

    /** The lowest finding severity an evaluator's gate stops on (read case-insensitively); default high. */
    public static final List<String> GATE_SEVERITIES = List.of("blocking", "critical", "high", "medium", "low");

    /** The slots an agent may write its output to. */
    public static final List<String> OUTPUT_ARTIFACTS = List.of("enriched_spec", "plan", "summary", "report");

    /** A {@code checks} node's checker. */
    public static final List<String> CHECKERS = List.of("command_profile", "citation", "dependency_scan");

    /** What a {@code hitl} node asks a person for. */
    public static final List<String> HITL_SIGNALS = List.of("question", "approval");

    /** {@code supervisor.observe.mode}, widest first. */
    public static final List<String> OBSERVE_MODES = List.of("all", "selected", "events", "none");

    /** The namespaces a {@code when.fact} starts with. */
    public static final List<String> WHEN_NAMESPACES = List.of("derived.", "config.");

    /** The {@code derived.*} facts {@code wb run} derives (docs/RUNS.md, "Facts"); any other reads as false. */
    public static final List<String> DERIVED_FACTS = List.of("derived.needs_refinement");

    /** The reasoning levels each provider supports (a provider not listed takes none of them). */
    public static final Map<String, List<String>> REASONING = Map.of(
            "claude", List.of("low", "medium", "high", "xhigh", "max"),
            "codex", List.of("minimal", "low", "medium", "high", "xhigh", "max"));

    // ------------------------------------------------------------------ names and tokens

    /** A node id: one lower-case portable path segment, at most 64 characters. */
    public static final Pattern NODE_ID = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");

    /** Names Windows reserves for devices (also with an extension): no node id may be one. */
    public static final Pattern WINDOWS_DEVICE =
            Pattern.compile("(con|prn|aux|nul|com[1-9]|lpt[1-9])(\\..*)?", Pattern.CASE_INSENSITIVE);

    /** Ids an agent or tool node may not take: its {@code {<id>_path}} would shadow a core prompt token. */
    public static final List<String> RESERVED_IDS =
            List.of("task", "plan", "diff", "checks", "review", "repo", "skills", "memory", "stage");

    public static final String RESERVED_PREFIX = "subtask";

    /** A prompt token as the engine renders it, {@code {name}} or the opening {@code {?name}} of a block. */
    public static final Pattern TOKEN = Pattern.compile("\\{\\??([a-z_][a-z0-9_-]*)\\}");

    /**
     * The core tokens a run has no value for yet, rendered empty: the files later stages write, the
     * skills and memory, a subtask's place and what came before it.
     */
    public static final List<String> LATER_TOKENS = List.of(
            "diff_path",
            "checks_path",
            "review_path",
            "skills_path",
            "memory_path",
            "subtask_order",
            "subtask_count",
            "subtask_spec_path",
            "predecessor_context");

    /** The 15 core tokens every role prompt may use; an agent's prompt adds {@code {<id>_path}}. */
    public static final List<String> TOKENS = ImmutableList.<String>builder()
            .add("task_id", "stage", "repo_path", "repo", "task_path", "plan_path")
            .addAll(LATER_TOKENS)
            .build();

    /** A checks node's {@code manifest} when it names none. */
    public static final String DEFAULT_MANIFEST = "sources.json";

    /** An evaluator's {@code max_rework_per_stage} when neither it nor defaults.evaluator sets one. */
    public static final int DEFAULT_MAX_REWORK = 1;

    public static boolean strongerThan(String profile, String ceiling) {
        return PERMISSIONS.indexOf(profile) > PERMISSIONS.indexOf(ceiling);
    }

    /** Whether {@code id} would shadow a core prompt token as an agent's or tool's {@code {<id>_path}}. */
    public static boolean reserved(String id) {
        return RESERVED_IDS.contains(id) || id.startsWith(RESERVED_PREFIX);
    }

    /** The windows-forbidden characters of a portable file name. */
    static final Set<Character> FORBIDDEN_IN_NAME = Set.of('/', '\\', ':', '<', '>', '"', '|', '?', '*');

    /** Whether {@code name} is one file name that is safe on every OS (output_file, manifest). */
    public static boolean portableName(String name) {
        if (name.isEmpty() || name.equals(".") || name.equals("..") || name.endsWith(".") || name.endsWith(" ")) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (FORBIDDEN_IN_NAME.contains(c) || c < 0x20 || c == 0x7F) {
                return false;
            }
        }
        return !WINDOWS_DEVICE.matcher(name).matches();
    }
}
