package dev.wb.cli.mcp;

import dev.wb.cli.mcp.Param.Kind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tools {@code wb mcp} offers (docs/MCP.md): each runs one wb command with {@code --json} and
 * answers its document. {@link Access#READ} tools run no command of the repository and are always
 * offered; {@link Access#RUN} tools run the plan's or a record's commands, and are listed and callable
 * only with {@code mcp.allow_run} in {@code .workflow/config.json}.
 */
enum McpTool {
    STATUS(
            "status",
            Access.READ,
            List.of("status"),
            "The workspace's tasks and where each stands, or one task in detail (wb status [KEY] --json).",
            List.of(Param.key(false, "Only this task, in detail, like ABC-12."))),
    NEXT(
            "next",
            Access.READ,
            List.of("next"),
            "The one step to take now for a task, and the wb command that moves it on (wb next [KEY] --json).",
            List.of(Param.key(false, "This task; omitted: the branch's task, else the one touched last."))),
    SHOW(
            "show",
            Access.READ,
            List.of("show"),
            "A task's history grouped by stage, with the hash chain's state (wb show KEY --json).",
            List.of(new Param("key", Kind.KEY_OR_WORKSPACE, true, null, "The task key, like ABC-12, or 'workspace'."))),
    SDD_AUDIT(
            "sdd_audit",
            Access.READ,
            List.of("sdd", "audit"),
            "Audit the task's plan (.workflow/KEY/sdd.json): citations, planned files, tier and zones; records"
                    + " plan.audited and writes audit.json (wb sdd audit KEY --json). Exit 7: the audit failed.",
            List.of(Param.key(true, "The task key, like ABC-12."))),
    IMPL_CHECK(
            "impl_check",
            Access.READ,
            List.of("impl", "check"),
            "Check the changed files against the audited plan's scope; records scope.checked"
                    + " (wb impl check KEY --json). Exit 7: a file outside the plan changed.",
            List.of(
                    Param.key(true, "The task key, like ABC-12."),
                    new Param("staged", Kind.FLAG, false, "--staged", "Check the index only."),
                    new Param("base", Kind.REF, false, "--base", "Also check every commit since this ref."))),
    JUDGE_SCOPE(
            "judge_scope",
            Access.READ,
            List.of("judge", "scope"),
            "The complete scope block of a review record: the base's commit, changed and excluded paths,"
                    + " digests (wb judge scope KEY --base REF --json).",
            List.of(
                    Param.key(true, "The task key, like TASK-7."),
                    new Param("base", Kind.REF, true, "--base", "The base, resolved once to its commit."),
                    new Param(
                            "candidate",
                            Kind.REF,
                            false,
                            "--candidate",
                            "WORKTREE (the default), SNAPSHOT:<id> or a commit."))),
    IMPL_VERIFY(
            "impl_verify",
            Access.RUN,
            List.of("impl", "verify"),
            "Run the audited plan's verify commands and write the evidence (wb impl verify KEY --json). Runs"
                    + " the repository's commands: offered only with mcp.allow_run.",
            List.of(
                    Param.key(true, "The task key, like ABC-12."),
                    new Param("regression", Kind.FLAG, false, "--regression", "Also run the regression targets."),
                    new Param("base", Kind.REF, false, "--base", "The branch this one started from."))),
    JUDGE_VERIFY(
            "judge_verify",
            Access.RUN,
            List.of("judge", "verify"),
            "Check a review record the judge returned (wb judge verify RECORD --json); with run_tests, re-run"
                    + " its claimed commands. Offered only with mcp.allow_run.",
            List.of(
                    new Param("record", Kind.PATH, true, null, "The record's JSON file, inside the repository."),
                    new Param(
                            "receipt_digest",
                            Kind.DIGEST,
                            false,
                            "--receipt-digest",
                            "The receipt digest wb judge run printed."),
                    new Param("run_tests", Kind.FLAG, false, "--run-tests", "Re-run the declared commands.")));

    /** Whether a tool runs commands of the repository. */
    enum Access {
        READ,
        RUN
    }

    private final String wireName;
    private final Access access;

    @SuppressWarnings("ImmutableEnumChecker") // List.of: unmodifiable, though its type does not say so
    private final List<String> words;

    private final String description;

    @SuppressWarnings("ImmutableEnumChecker") // List.of: unmodifiable, though its type does not say so
    private final List<Param> params;

    McpTool(String wireName, Access access, List<String> words, String description, List<Param> params) {
        this.wireName = wireName;
        this.access = access;
        this.words = words;
        this.description = description;
        this.params = params;
    }

    String wireName() {
        return wireName;
    }

    Access access() {
        return access;
    }

    /** The wb subcommand's words, like {@code sdd audit}. */
    List<String> words() {
        return words;
    }

    String description() {
        return description;
    }

    List<Param> params() {
        return params;
    }

    static Optional<McpTool> named(String name) {
        for (McpTool tool : values()) {
            if (tool.wireName.equals(name)) {
                return Optional.of(tool);
            }
        }
        return Optional.empty();
    }

    /** Its input schema: an object of its arguments, the required ones named, no other property. */
    Map<String, Object> inputSchema() {
        Map<String, Object> properties = new LinkedHashMap<>();
        for (Param p : params) {
            properties.put(p.name(), Map.of("type", p.schemaType(), "description", p.description()));
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put(
                "required",
                params.stream().filter(Param::required).map(Param::name).toList());
        schema.put("additionalProperties", false);
        return schema;
    }
}
