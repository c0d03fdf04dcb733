package dev.wb.cli.testing;

import dev.wb.testkit.SamplePlan;

/** Inputs several packages' tests share: a plan and a flow, written once so they cannot drift apart. */
public final class Fixtures {

    /** ABC-1's sample plan, verified by {@code make -s ok}: what {@code wb checks} and a run's checks read. */
    public static final String ABC_1_PLAN =
            SamplePlan.of("ABC-1").verify("make -s ok").json();

    /** ABC-12's sample plan, verified by {@code pytest -q}: what {@code wb sdd audit} and the judge read. */
    public static final String ABC_12_PLAN =
            SamplePlan.of("ABC-12").verify("pytest -q").json();

    /** A flow whose implementation is published as a pull request: {@code wb run}'s publish node. */
    public static final String SHIPPING_FLOW = """
            flow:
              name: shipping
              task_type: shipping
              permission_ceiling: workspace-write
              output_policy: code_change
              publishing: pull_request
              nodes:
                - {id: implementation, kind: agent, role_file: roles/implementation.md, permission_profile: workspace-write}
                - {id: publish, kind: publish, policy: pull_request}
              edges:
                - {from: implementation, to: publish}
            """;

    private Fixtures() {}
}
