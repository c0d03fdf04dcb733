package dev.wb.commands.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each rule of the orchestrator's flow validator (reference §2: load, graph, ceiling, config; and what is
 * not an error) as a test: a valid flow with one change, and the one violation it then has. The flow is
 * Example A with a review: work → review, accept → out, rework → fixing (loop fix), fixing → review.
 */
class OriginalsFlowRulesTest {

    static final String BASE = """
            flow:
              name: t
              task_type: t
              permission_ceiling: workspace-write
              output_policy: code_change
              publishing: pull_request
              budgets:
                fix: 2
              nodes:
                - id: work
                  kind: agent
                  role_file: roles/work.md
                - id: review
                  kind: evaluator
                  role: review
                  role_file: roles/review.md
                - id: out
                  kind: publish
                  policy: pull_request
                - id: fixing
                  kind: agent
                  role_file: roles/fixing.md
              edges:
                - {from: work, to: review}
                - {from: review, to: out, outcome: accept}
                - {from: review, to: fixing, outcome: rework, loop: fix}
                - {from: fixing, to: review}
            """;

    @TempDir
    Path tmp;

    FlowFixture fx;

    @BeforeEach
    void repository() {
        fx = new FlowFixture(tmp);
    }

    FlowResult variant(String from, String to) {
        String f = from.replace("\\n", "\n");
        assertTrue(BASE.contains(f), "not in the base flow: " + from);
        return fx.validate("t", BASE.replace(f, to.replace("\\n", "\n")));
    }

    @Test
    void the_base_flow_is_ok() {
        assertEquals(List.of("flow t: OK"), fx.validate("t", BASE).lines());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        # load: required fields and closed value sets
        missing name                 |  name: t\\n|  #\\n                            |line 1: flow: missing required key name
        task_type is the stem        |  task_type: t|  task_type: other                |line 3: flow: task_type 'other' must be the file's stem 't' (the engine finds a task's flow by its task_type)
        permission_ceiling           |  permission_ceiling: workspace-write|  permission_ceiling: admin|line 4: flow: permission_ceiling must be one of read-only, workspace-write, not 'admin'
        output_policy                |  output_policy: code_change|  output_policy: diff  |line 5: flow: output_policy must be one of code_change, repository_document, private_control_workspace_report, not 'diff'
        publishing                   |  publishing: pull_request|  publishing: pull-request|line 6: flow: publishing must be one of pull_request, documentation_pull_request, local_artifact, private_control_workspace_report, none, not 'pull-request'
        network_policy               |  budgets:|  network_policy: allow\\n  budgets:          |line 7: flow: network_policy must be one of advisories, research, not 'allow'
        session_scope                |      role_file: roles/work.md|      role_file: roles/work.md\\n      session_scope: task|line 13: node 'work': session_scope must be one of fresh_disposable, editing_lineage, resume_own_lineage, not 'task'
        gate_severity                |      role: review|      role: review\\n      gate_severity: major|line 16: node 'review': gate_severity must be one of blocking, critical, high, medium, low, not 'major'
        output_artifact              |      role_file: roles/work.md|      role_file: roles/work.md\\n      output_artifact: diff|line 13: node 'work': output_artifact must be one of enriched_spec, plan, summary, report, not 'diff'
        publish policy               |      policy: pull_request|      policy: draft        |line 19: node 'out': policy must be one of pull_request, documentation_pull_request, local_artifact, private_control_workspace_report, none, not 'draft'
        checker                      |    - id: out|    - {id: testing, kind: checks, checker: command_sets}\\n    - id: out|line 17: node 'testing': checker must be one of command_profile, citation, dependency_scan, not 'command_sets'
        hitl signal                  |    - id: out|    - {id: ask, kind: hitl, signal: approve}\\n    - id: out|line 17: node 'ask': signal must be one of question, approval, not 'approve'
        observe mode                 |  budgets:|  supervisor: {observe: {mode: some}}\\n  budgets:|line 7: flow.supervisor.observe: mode must be one of all, selected, events, none, not 'some'
        budget a whole number        |    fix: 2|    fix: two                                        |line 8: flow.budgets: fix must be a whole number of at least 0, not the string "two"
        # load: unknown fields, fail-closed, in every mapping
        unknown flow key             |  budgets:|  owner: me\\n  budgets:                          |line 7: flow: unknown key owner; the keys here are: name, task_type, permission_ceiling, output_policy, publishing, network_policy, defaults, nodes, edges, budgets, decomposition, supervisor
        unknown node key             |      role_file: roles/work.md|      rol_file: roles/work.md|line 12: node 'work': unknown key rol_file (did you mean role_file?)
        another kind's key           |      policy: pull_request|      policy: pull_request\\n      provider: claude|line 20: node 'out': unknown key provider; the keys here are: id, kind, policy, when
        unknown edge key             |{from: work, to: review}|{from: work, to: review, weight: 2}|line 24: flow.edges[0]: unknown key weight; the keys here are: from, to, outcome, budget, loop
        unknown when key             |      role_file: roles/work.md|      role_file: roles/work.md\\n      when: {fact: derived.x, is: 1}|line 13: node 'work': when: unknown key is; the keys here are: fact, equals
        unknown hitl key             |      role_file: roles/work.md|      role_file: roles/work.md\\n      hitl: {allow_questions: true}|line 13: node 'work': hitl: unknown key allow_questions (did you mean allow_question?)
        unknown defaults key         |  budgets:|  defaults: {evaluator: {provider: claude}}\\n  budgets:|line 7: flow.defaults.evaluator: unknown key provider; the keys here are: session_scope, permission_profile, max_rework_per_stage, gate_severity
        unknown decomposition key    |  budgets:|  decomposition: {proposed_by: work, sub_flow: [review], budget: fix}\\n  budgets:|line 7: flow.decomposition: unknown key budget; the keys here are: proposed_by, sub_flow, shared_budget
        unknown supervisor key       |  budgets:|  supervisor: {prompt: s.md}\\n  budgets:          |line 7: flow.supervisor: unknown key prompt; the keys here are: role_file, finalize_role_file, handoff_role_file, emit_follow_ups, observe
        # load: node ids
        duplicate node id            |    - id: out\\n      kind: publish|    - id: review\\n      kind: publish|line 17: node 'review': duplicate node id (first on line 13); node ids are unique
        upper-case id                |    - id: out|    - id: Out                                |line 17: flow.nodes[2]: id 'Out' is not a portable identifier: one lower-case segment of at most 64 characters, a letter or digit first, then letters, digits, '_' or '-'
        id with a dot                |    - id: out|    - id: out.v2                             |line 17: flow.nodes[2]: id 'out.v2' is not a portable identifier: one lower-case segment of at most 64 characters, a letter or digit first, then letters, digits, '_' or '-'
        windows device id            |    - id: out|    - id: com1                               |line 17: flow.nodes[2]: id 'com1' is a Windows device name (con, prn, aux, nul, com1-9, lpt1-9); a node id names a folder on every OS
        reserved agent id            |    - id: work|    - id: plan                               |line 10: flow.nodes[0]: id 'plan' is reserved: an agent node's {plan_path} would shadow a core prompt token (reserved: task, plan, diff, checks, review, repo, skills, memory, stage and any id starting with subtask)
        reserved tool id prefix      |    - id: out|    - {id: subtask_lint, kind: tool, tool: lint}\\n    - id: out|line 17: flow.nodes[2]: id 'subtask_lint' is reserved: an tool node's {subtask_lint_path} would shadow a core prompt token (reserved: task, plan, diff, checks, review, repo, skills, memory, stage and any id starting with subtask)
        # load: required keys of a kind, when, output, args
        agent role_file required     |      role_file: roles/work.md\\n    - id: review|#\\n    - id: review|line 10: node 'work': missing required key role_file
        evaluator role required      |      role: review\\n|#\\n                           |line 13: node 'review': missing required key role
        when fact namespaced         |      role_file: roles/work.md|      role_file: roles/work.md\\n      when: {fact: needs_refinement}|line 13: node 'work': when.fact 'needs_refinement' must start with derived. or config. (a bare fact is refused: it would silently read as false)
        when is a mapping            |      role_file: roles/work.md|      role_file: roles/work.md\\n      when: always|line 13: node 'work': when must be a mapping, not the string "always"
        when needs its fact          |      role_file: roles/work.md|      role_file: roles/work.md\\n      when: {equals: false}|line 13: node 'work': when: missing required key fact
        output_file portable         |      role_file: roles/work.md|      role_file: roles/work.md\\n      output_file: ../notes.md|line 13: node 'work': output_file '../notes.md' must be one portable file name (no path separator, no '..', not a reserved name)
        output_file xor artifact     |      role_file: roles/work.md|      role_file: roles/work.md\\n      output_artifact: plan\\n      output_file: plan.md|line 14: node 'work': output_file and output_artifact are exclusive: a node that writes a slot reads its output from the slot, so the file would never be read; keep one
        manifest portable            |    - id: out|    - {id: cite, kind: checks, checker: citation, manifest: a/b.json}\\n    - id: out|line 17: node 'cite': manifest 'a/b.json' must be one portable file name (no path separator, no '..', not a reserved name)
        tool args flat               |    - id: out|    - {id: lint, kind: tool, tool: lint, args: {rules: [a, b]}}\\n    - id: out|line 17: node 'lint': args.rules must be a string, number or true/false (args is a flat map sent to the tool), not a list
        tool args no null            |    - id: out|    - {id: lint, kind: tool, tool: lint, args: {mode: ~}}\\n    - id: out|line 17: node 'lint': args.mode must be a string, number or true/false (args is a flat map sent to the tool), not null
        """)
    void a_load_rule_is_one_violation_with_its_line(String rule, String from, String to, String violation) {
        FlowResult result = variant(from, to == null ? "" : to);

        assertTrue(
                result.violations().contains(violation),
                () -> rule + ": expected «" + violation + "» in " + result.violations());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        # graph
        unknown target               |{from: fixing, to: review}|{from: fixing, to: reveiw}|line 27: edge fixing -> reveiw: edge references unknown target node 'reveiw' (did you mean 'review'?)
        unknown source               |{from: work, to: review}|{from: wrk, to: review}     |line 24: edge wrk -> review: edge references unknown source node 'wrk' (did you mean 'work'?)
        outcome on an agent edge     |{from: work, to: review}|{from: work, to: review, outcome: pass}|line 24: edge work -> review (pass): node 'work' (agent): outcome 'pass' not allowed; an edge from an agent node carries no outcome (or route:<name>)
        outcome of another kind      |{from: review, to: out, outcome: accept}|{from: review, to: out, outcome: pass}|line 25: edge review -> out (pass): node 'review' (evaluator): outcome 'pass' not allowed; an edge from an evaluator node carries accept or rework (or route:<name>)
        evaluator edge needs outcome |{from: review, to: out, outcome: accept}|{from: review, to: out}|line 25: edge review -> out: node 'review' (evaluator): outcome none not allowed; an edge from an evaluator node carries accept or rework (or route:<name>)
        unbounded rework             |{from: review, to: fixing, outcome: rework, loop: fix}|{from: review, to: fixing, outcome: rework}|line 26: edge review -> fixing (rework): unbounded: a rework edge must declare budget: N or a loop: named under flow.budgets
        loop not in budgets          |loop: fix}|loop: fixes}                                    |line 26: edge review -> fixing (rework): edge loop 'fixes' not declared in budgets
        two entry nodes              |  edges:|#\\n    - {id: spare, kind: agent, role_file: s.md}\\n  edges:\\n    - {from: spare, to: out}|line 24: flow: expected exactly one entry node (a node no edge leads to), got 2: 'work', 'spare'
        no entry node                |{from: work, to: review}|{from: work, to: review}\\n    - {from: out, to: work}|line 10: flow: expected exactly one entry node (a node no edge leads to), got none: every node has an incoming edge
        rework into the first node   |{from: review, to: fixing, outcome: rework, loop: fix}|{from: review, to: work, outcome: rework, loop: fix}\\n    - {from: work, to: fixing}|line 10: flow: expected exactly one entry node (a node no edge leads to), got none: every node has an incoming edge
        unreachable nodes            |  edges:|#\\n    - {id: x, kind: agent, role_file: x.md}\\n    - {id: y, kind: agent, role_file: y.md}\\n  edges:\\n    - {from: x, to: y}\\n    - {from: y, to: x}\\n    - {from: x, to: out}|line 24: flow: unreachable nodes: 'x', 'y' (from the entry node 'work')
        nodes cannot reach terminal  |    - {from: fixing, to: review}|    - {from: fixing, to: fixing, outcome: route:again}|line 20: flow: nodes cannot reach any terminal: 'fixing' (a cycle with no way out)
        no terminal                  |{from: review, to: out, outcome: accept}|{from: review, to: out, outcome: accept}\\n    - {from: out, to: out, outcome: route:again}|line 10: flow: no terminal node (every node has at least one outgoing edge), so no path ends
        a cycle without outcomes     |{from: review, to: out, outcome: accept}|{from: review, to: out, outcome: accept}\\n    - {from: fixing, to: fixing}|line 20: flow: node 'fixing' forms a cycle of edges without an outcome: no verdict ever leaves it and no budget bounds it
        lineage not found            |      role_file: roles/fixing.md|      role_file: roles/fixing.md\\n      lineage_affinity: wrok|line 20: node 'fixing': lineage_affinity 'wrok' not found (did you mean 'work'?)
        lineage not editing          |      role_file: roles/fixing.md|      role_file: roles/fixing.md\\n      lineage_affinity: work|line 20: node 'fixing': lineage_affinity 'work' must be an agent with session_scope editing_lineage
        lineage of an evaluator      |      role_file: roles/fixing.md|      role_file: roles/fixing.md\\n      lineage_affinity: review|line 20: node 'fixing': lineage_affinity 'review' must be an agent with session_scope editing_lineage
        lineage on itself            |      role_file: roles/fixing.md|      role_file: roles/fixing.md\\n      session_scope: editing_lineage\\n      lineage_affinity: fixing|line 20: node 'fixing': lineage_affinity 'fixing' must be a lineage owner (a node that does not itself declare lineage_affinity); affinity chains are not allowed
        decomposition proposer       |  budgets:|  decomposition: {proposed_by: plan, sub_flow: [review]}\\n  budgets:|line 7: flow.decomposition: decomposition.proposed_by 'plan' not found
        decomposition sub_flow       |  budgets:|  decomposition: {proposed_by: work, sub_flow: [review, tests]}\\n  budgets:|line 7: flow.decomposition: decomposition.sub_flow 'tests' not found
        decomposition budget         |  budgets:|  decomposition: {proposed_by: work, sub_flow: [review, fixing], shared_budget: total}\\n  budgets:|line 7: flow.decomposition: decomposition.shared_budget 'total' not in budgets
        decomposition not entered    |  budgets:|  decomposition: {proposed_by: work, sub_flow: [fixing]}\\n  budgets:|line 7: flow.decomposition: decomposition: no edge from proposed_by 'work' enters the sub_flow region
        decomposition no exit        |  budgets:|  decomposition: {proposed_by: work, sub_flow: [review, fixing, out]}\\n  budgets:|line 7: flow.decomposition: decomposition: sub_flow region has no forward exit edge to a post node
        # ceiling
        evaluator writes             |      role: review|      role: review\\n      permission_profile: workspace-write|evaluator 'review': permission_profile must be read-only, got 'workspace-write'
        evaluator writes by default  |  budgets:|  defaults: {evaluator: {permission_profile: workspace-write}}\\n  budgets:|evaluator 'review': permission_profile must be read-only, got 'workspace-write'
        evaluator editing lineage    |      role: review|      role: review\\n      session_scope: editing_lineage|evaluator 'review': session_scope editing_lineage is forbidden (an evaluator must not inherit the author's workspace context)
        evaluator resume prompt      |      role: review|      role: review\\n      resume_role_file: roles/again.md|evaluator 'review': resume_role_file requires session_scope resume_own_lineage (nothing resumes a fresh_disposable evaluator, so the second prompt could never be used)
        agent resume prompt          |      role_file: roles/work.md|      role_file: roles/work.md\\n      resume_role_file: roles/again.md|agent 'work': resume_role_file requires session_scope editing_lineage (no other scope resumes a session between node runs, so the second prompt could never be used)
        agent extra_args             |      role_file: roles/work.md|      role_file: roles/work.md\\n      extra_args: [--ignore-rules]|agent 'work': extra_args flag '--ignore-rules' may not disable the sandbox/approvals
        git_evidence on a writer     |      role_file: roles/work.md|      role_file: roles/work.md\\n      git_evidence: true|agent 'work': git_evidence applies only to a read-only node; a workspace-write node already has an unrestricted shell (drop the field, or set permission_profile: read-only)
        role_file traversal          |      role_file: roles/work.md|      role_file: ../secrets.md|node 'work': role_file '../secrets.md' contains path traversal ('..'); prompt paths stay inside the flow file's folder
        role_file absolute           |      role_file: roles/work.md|      role_file: /etc/passwd|node 'work': role_file '/etc/passwd' contains path traversal: it is absolute; prompt paths are relative to the flow file's folder
        supervisor traversal         |  budgets:|  supervisor: {finalize_role_file: ../../x.md}\\n  budgets:|node 'supervisor': finalize_role_file '../../x.md' contains path traversal ('..'); prompt paths stay inside the flow file's folder
        # config (the default config: agents.allowed [claude], strict_isolation false)
        provider not allowed         |      role_file: roles/work.md|      role_file: roles/work.md\\n      provider: codex|node 'work': provider 'codex' not in agents.allowed
        reasoning of the provider    |      role_file: roles/work.md|      role_file: roles/work.md\\n      reasoning: minimal|node 'work': reasoning 'minimal' is not supported by provider 'claude'; expected one of low, medium, high, xhigh, max
        full access                  |      role_file: roles/work.md|      role_file: roles/work.md\\n      extra_args: [--dangerously-skip-permissions]|node 'work': extra_args select full access ('--dangerously-skip-permissions'), refused at every value of security.strict_isolation
        tool not delivered           |    - id: out|    - {id: lint, kind: tool, tool: lint}\\n    - id: out|node 'lint': tool 'lint' not found under '.workflow/tools/': no regular file .workflow/tools/lint inside it (deliver the tool there)
        tool outside its folder      |    - id: out|    - {id: lint, kind: tool, tool: ../flows/t.yaml}\\n    - id: out|node 'lint': tool '../flows/t.yaml' not found under '.workflow/tools/': no regular file .workflow/tools/../flows/t.yaml inside it (deliver the tool there)
        """)
    void a_graph_ceiling_or_config_rule_is_its_violation(String rule, String from, String to, String violation) {
        FlowResult result = variant(from, to);

        assertTrue(
                result.violations().contains(violation),
                () -> rule + ": expected «" + violation + "» in " + result.violations());
    }

    @Test
    void a_tool_that_is_not_executable_is_refused() {
        fx.repo.write(".workflow/tools/lint", "#!/bin/sh\n");
        fx.tool("lint", false);

        FlowResult result = variant("    - id: out", "    - {id: lint, kind: tool, tool: lint}\n    - id: out");

        assertTrue(
                result.violations()
                        .contains(
                                "node 'lint': tool 'lint' is not executable: .workflow/tools/lint" + " (chmod +x it)"),
                result::toString);
    }

    @Test
    void an_agent_above_the_ceiling_is_refused_and_one_without_a_profile_runs_at_the_ceiling() {
        FlowResult result = fx.validate(
                "t",
                BASE.replace("  permission_ceiling: workspace-write", "  permission_ceiling: read-only")
                        .replace(
                                "      role_file: roles/work.md\n",
                                "      role_file: roles/work.md\n      permission_profile: workspace-write\n"));

        assertEquals(
                List.of("agent 'work': permission_profile 'workspace-write' exceeds permission_ceiling"
                        + " 'read-only'"),
                result.violations());
    }

    @Test
    void a_lineage_affinity_chain_is_refused_one_hop_only() {
        FlowResult result = fx.validate(
                "t",
                BASE.replace(
                                "      role_file: roles/work.md\n",
                                "      role_file: roles/work.md\n      session_scope: editing_lineage\n")
                        .replace("      role_file: roles/fixing.md\n", """
                                      role_file: roles/fixing.md
                                      session_scope: editing_lineage
                                      lineage_affinity: work
                                    - {id: polish, kind: agent, role_file: p.md, lineage_affinity: fixing}
                                """)
                        .replace("    - {from: fixing, to: review}\n", """
                                    - {from: fixing, to: polish}
                                    - {from: polish, to: review}
                                """));

        assertEquals(
                List.of("line 26: node 'polish': lineage_affinity 'fixing' must be a lineage owner (a node that"
                        + " does not itself declare lineage_affinity); affinity chains are not allowed"),
                result.violations());
    }

    @Test
    void codex_writing_with_network_access_is_refused_under_strict_isolation_also_through_network_policy() {
        fx.config("{\"agents\": {\"allowed\": [\"codex\"], \"primary\": \"codex\"},"
                + " \"security\": {\"strict_isolation\": true}}");

        FlowResult result = variant("  budgets:", "  network_policy: research\n  budgets:");

        assertEquals(
                List.of(
                        "node 'work': codex cannot run with workspace-write and network_access=true; split"
                                + " network research into a read-only node or set network_access: false",
                        "node 'fixing': codex"
                                + " cannot run with workspace-write and network_access=true; split network research into a"
                                + " read-only node or set network_access: false"),
                result.violations());
    }

    @Test
    void a_lineage_across_two_explicit_providers_is_refused() {
        fx.config("{\"agents\": {\"allowed\": [\"claude\", \"codex\"]}}");

        FlowResult result = variant(
                "      role_file: roles/work.md",
                "      role_file: roles/work.md\n" + "      session_scope: editing_lineage\n      provider: codex");
        FlowResult fixed = fx.validate(
                "t",
                BASE.replace(
                                "      role_file: roles/work.md",
                                "      role_file: roles/work.md\n      session_scope: editing_lineage\n      provider: codex")
                        .replace(
                                "      role_file: roles/fixing.md",
                                "      role_file: roles/fixing.md\n"
                                        + "      lineage_affinity: work\n      provider: claude"));

        assertTrue(result.valid(), result::toString);
        assertEquals(
                List.of("line 22: node 'fixing': provider 'claude' conflicts with lineage_affinity 'work'"
                        + " provider 'codex' (a session cannot be resumed across providers)"),
                fixed.violations());
    }

    // ------------------------------------------------------------------ what is not an error

    @Test
    void route_outcomes_leave_any_kind_and_a_hitl_approval_routes_approve_and_deny() {
        FlowResult result = fx.validate(
                "t", BASE.replace("    - {from: work, to: review}\n", """
                                    - {from: work, to: ask}
                                    - {from: ask, to: review, outcome: route:approve}
                                    - {from: ask, to: out, outcome: route:deny}
                                """).replace("    - id: out\n", """
                                    - {id: ask, kind: hitl, signal: approval, timeout_s: 600}
                                    - id: out
                                """));

        assertEquals(List.of("flow t: OK"), result.lines());
    }

    @Test
    void every_key_of_every_kind_is_accepted_with_its_values() {
        String nodes = """
                    - id: work
                      kind: agent
                      role_file: roles/work.md
                      resume_role_file: roles/work.continue.md
                      session_scope: editing_lineage
                      permission_profile: workspace-write
                      network_access: false
                      git_evidence: false
                      provider: claude
                      model: claude-opus-4-8
                      reasoning: xhigh
                      timeout_seconds: 7200
                      output_schema: {type: object}
                      output_file: notes.md
                      best_effort: true
                      hitl: {allow_question: true, allow_approval: false}
                      extra_args: [--verbose]
                      skills: [writing]
                      when: {fact: config.docs_enabled, equals: false}
                    - id: review
                      kind: evaluator
                      role: review
                      role_file: roles/review.md
                      session_scope: resume_own_lineage
                      resume_role_file: roles/review.again.md
                      permission_profile: read-only
                      network_access: true
                      git_evidence: true
                      blocking: false
                      max_rework_per_stage: 2
                      gate_severity: HIGH
                      provider: claude
                      model: claude-sonnet-5
                      reasoning: low
                      when: {fact: derived.has_diff}
                    - {id: cite, kind: checks, checker: citation, manifest: sources.json, when: {fact: derived.x}}
                    - {id: lint, kind: tool, tool: lint, args: {mode: ru, strict: true, max: 3, ratio: 0.5}, timeout_seconds: 60}
                    - {id: ask, kind: hitl, signal: question, timeout_s: 60, when: {fact: config.telegram}}
                    - {id: out, kind: publish, policy: local_artifact, when: {fact: derived.y, equals: true}}
                    - {id: fixing, kind: agent, role_file: roles/fixing.md, lineage_affinity: work}
                  edges:
                    - {from: work, to: review}
                    - {from: review, to: cite, outcome: accept}
                    - {from: review, to: fixing, outcome: rework, budget: 2}
                    - {from: fixing, to: review}
                    - {from: cite, to: lint, outcome: pass}
                    - {from: cite, to: fixing, outcome: fail, loop: fix}
                    - {from: lint, to: ask, outcome: pass}
                    - {from: lint, to: fixing, outcome: fail, loop: fix}
                    - {from: ask, to: out}
                  budgets: {fix: 40, total: 99}
                  network_policy: advisories
                  defaults:
                    evaluator: {session_scope: fresh_disposable, permission_profile: read-only, max_rework_per_stage: 3, gate_severity: low}
                  decomposition: {proposed_by: work, sub_flow: [review, fixing], shared_budget: total}
                  supervisor:
                    role_file: roles/supervisor.md
                    finalize_role_file: roles/summary.md
                    handoff_role_file: roles/handoff.md
                    emit_follow_ups: true
                    observe: {mode: events}
                """;
        fx.tool("lint", true);

        FlowResult result = fx.validate(
                "t",
                BASE.substring(0, BASE.indexOf("  budgets:"))
                        + nodes.replace("    - id: work", "  nodes:\n    - id: work"));

        assertEquals(List.of(), result.violations());
    }

    @Test
    void reserved_ids_are_free_for_evaluator_checks_hitl_and_publish_nodes() {
        FlowResult result =
                fx.validate("t", BASE.replace("id: out", "id: checks").replace("to: out", "to: checks"));

        assertEquals(List.of("flow t: OK"), result.lines());
    }

    @Test
    void a_key_written_with_no_value_is_left_out_as_the_orchestrator_reads_it() {
        FlowResult result = fx.validate(
                "t",
                BASE.replace("      role: review\n", """
                                      role: review
                                      provider: ~
                                      model: null
                                      blocking:
                                      when: ~
                                """)
                        .replace(
                                "    fix: 2\n",
                                "    fix: 2\n  network_policy: ~\n  decomposition: null\n  defaults:\n"));

        assertEquals(List.of("flow t: OK"), result.lines());
    }

    @Test
    void anchors_aliases_and_merge_keys_are_read_as_pyyaml_reads_them() {
        FlowResult result = fx.validate(
                "t",
                BASE.replace("      role_file: roles/work.md\n", "      role_file: &prompt roles/work.md\n")
                        .replace("      role_file: roles/fixing.md\n", "      role_file: *prompt\n")
                        .replace(
                                "    - id: review\n      kind: evaluator\n",
                                "    - &reviewer\n      id: review\n      kind: evaluator\n")
                        .replace("  edges:\n", "    - <<: *reviewer\n      id: second\n  edges:\n")
                        .replace(
                                "{from: review, to: out, outcome: accept}",
                                "{from: review, to: second, outcome: accept}\n    - {from: second, to: out, outcome: accept}"));

        assertEquals(List.of(), result.violations());
    }

    @Test
    void yes_and_no_are_booleans_as_in_yaml_1_1() {
        assertTrue(variant("      role: review", "      role: review\n      blocking: no")
                .valid());
        assertEquals(
                List.of("line 16: node 'review': blocking must be true or false, not the string \"maybe\""),
                variant("      role: review", "      role: review\n      blocking: maybe")
                        .violations());
    }

    @Test
    void a_billion_laughs_and_a_recursive_alias_are_violations_not_a_hang() {
        StringBuilder laughs = new StringBuilder("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (int i = 1; i < 10; i++) {
            laughs.append("a").append(i).append(": &a").append(i).append(" [");
            for (int j = 0; j < 9; j++) {
                laughs.append(j == 0 ? "" : ", ").append("*a").append(i - 1);
            }
            laughs.append("]\n");
        }

        List<String> bomb = fx.validate("t", laughs + BASE).violations();
        List<String> loop =
                fx.validate("t", "flow: &f\n  name: t\n  self: *f\n").violations();

        assertEquals(1, bomb.size(), bomb::toString);
        assertTrue(bomb.get(0).startsWith("line "), bomb::toString);
        assertTrue(bomb.get(0).contains("not valid YAML: "), bomb::toString);
        assertEquals(1, loop.size(), loop::toString);
        assertTrue(loop.get(0).contains("recursive alias"), loop::toString);
    }

    @Test
    void a_python_object_tag_is_refused_as_safe_load_refuses_it() {
        List<String> violations =
                variant("  name: t", "  name: !!python/object:os.system t").violations();

        assertEquals(1, violations.size(), violations::toString);
        assertTrue(violations.get(0).startsWith("line 2: not valid YAML: "), violations::toString);
    }

    // ------------------------------------------------------------------ the prompt lint

    @Test
    void an_agents_prompt_may_name_every_agent_and_tool_path_an_evaluators_only_the_core_tokens() {
        fx.role(
                        "roles/work.md",
                        "{task_id} {stage} {repo_path} {repo} {task_path} {plan_path} {diff_path}"
                                + " {checks_path} {review_path} {skills_path} {memory_path} {subtask_order} {subtask_count}"
                                + " {subtask_spec_path} {predecessor_context} {fixing_path} {work_path}")
                .role(
                        "roles/review.md",
                        "Read {diff_path}, then {fixing_path}; {?review_path}again{/review_path}"
                                + " {?notes}x{/notes} {\"json\": 1} {Plan}");

        FlowResult result = fx.validate("t", BASE);

        assertEquals(
                List.of(
                        "roles/review.md references unknown {fixing_path} (renders verbatim to the agent)",
                        "roles/review.md references unknown {notes} (renders verbatim to the agent)"),
                result.warnings());
        assertTrue(result.valid());
    }
}
