package dev.wb.commands.flow;

import static dev.wb.commands.flow.FlowFixture.IMPLEMENT_REVIEW;
import static dev.wb.commands.flow.FlowFixture.flow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.projections.events.FlowValidated;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The service: which flows a request names, its exit code, and the flow.validated event it records. */
class ValidateFlowTest {

    @TempDir
    Path tmp;

    FlowFixture fx;

    @BeforeEach
    void repository() {
        fx = new FlowFixture(tmp);
    }

    List<EventEnvelope> events() {
        try (Session session = fx.session()) {
            return session.reader().read(StreamId.workspace()).stream()
                    .filter(e -> e.type().equals(FlowValidated.TYPE.name()))
                    .toList();
        }
    }

    @Test
    void all_validates_every_yaml_file_sorted_and_one_bad_flow_makes_exit_1() {
        fx.write("zeta", flow("zeta", IMPLEMENT_REVIEW))
                .write(
                        "alpha",
                        flow("alpha", IMPLEMENT_REVIEW).replace("kind: agent", "kind: agent\n      provider: gpt-5.5"));
        fx.repo.write(".workflow/flows/notes.md", "not a flow\n");
        fx.repo.write(".workflow/flows/old.yml", "not read: flows are .yaml\n");

        ValidateFlow.Report report = fx.run(Optional.empty(), true);

        assertEquals(
                List.of("alpha", "zeta"),
                report.flows().stream().map(FlowResult::name).toList());
        assertEquals(
                List.of(false, true),
                report.flows().stream().map(FlowResult::valid).toList());
        assertEquals(1, report.exitCode());
        assertEquals("--all", report.request());
    }

    @Test
    void every_flow_valid_is_exit_0_and_a_name_may_carry_yaml() {
        fx.write("impl", flow("impl", IMPLEMENT_REVIEW));

        assertEquals(0, fx.run(Optional.of("impl"), false).exitCode());
        ValidateFlow.Report report = fx.run(Optional.of("impl.yaml"), false);
        assertEquals(0, report.exitCode());
        assertEquals("impl.yaml", report.request());
        assertEquals("impl", report.flows().get(0).name());
    }

    @Test
    void a_flow_not_in_workflow_flows_is_exit_2_with_the_flows_there_and_is_recorded() {
        fx.write("impl", flow("impl", IMPLEMENT_REVIEW));

        ValidateFlow.Report report = fx.run(Optional.of("implementation"), false);

        assertEquals(2, report.exitCode());
        assertEquals(List.of(), report.flows());
        Failure error = report.error().orElseThrow();
        assertEquals("flow 'implementation' not found in .workflow/flows/", error.getMessage());
        assertEquals(List.of("the flows in .workflow/flows/: impl"), error.fixes());
        assertEquals(1, events().size());
        assertEquals(2, events().get(0).payload().json().get("exitCode").asInt());
    }

    @Test
    void neither_a_name_nor_all_or_both_or_a_path_is_a_usage_error_and_records_nothing() {
        fx.write("impl", flow("impl", IMPLEMENT_REVIEW));

        Failure neither = assertThrows(Failure.class, () -> fx.run(Optional.empty(), false));
        Failure both = assertThrows(Failure.class, () -> fx.run(Optional.of("impl"), true));
        Failure path = assertThrows(Failure.class, () -> fx.run(Optional.of("../flows/impl"), false));

        assertEquals(Failure.Kind.USAGE, neither.kind());
        assertEquals("specify a flow NAME or --all", neither.getMessage());
        assertEquals("pass a flow NAME or --all, not both", both.getMessage());
        assertEquals(Failure.Kind.USAGE, path.kind());
        assertEquals(List.of(), events());
    }

    @Test
    void a_config_that_cannot_be_loaded_is_exit_2_with_its_error_and_fix() {
        fx.write("impl", flow("impl", IMPLEMENT_REVIEW)).config("{\"agents\": {\"alowed\": [\"claude\"]}}");

        ValidateFlow.Report report = fx.run(Optional.of("impl"), false);

        assertEquals(2, report.exitCode());
        Failure error = report.error().orElseThrow();
        assertEquals(Failure.Kind.CONFIG, error.kind());
        assertTrue(
                error.getMessage().startsWith(".workflow/config.json line 1: unknown key agents.alowed"),
                error.getMessage());
        assertEquals(List.of(), report.flows());
        assertEquals(1, events().size());
    }

    @Test
    void all_with_no_flows_checks_nothing_and_is_exit_0() {
        ValidateFlow.Report report = fx.run(Optional.empty(), true);

        assertEquals(0, report.exitCode());
        assertEquals(List.of(), report.flows());
    }

    @Test
    void every_run_appends_one_flow_validated_event_with_the_documented_fields() {
        fx.tool("mdlint", true)
                .write(
                        "impl",
                        flow("impl", IMPLEMENT_REVIEW).replace("kind: agent", "kind: agent\n      provider: gpt-5.5"));

        fx.run(Optional.empty(), true);
        fx.run(Optional.of("impl"), false);

        List<EventEnvelope> events = events();
        assertEquals(2, events.size());
        assertEquals(FlowValidated.TYPE.version(), events.get(0).schemaVersion());
        JsonNode payload = events.get(0).payload().json();
        assertEquals(Set.of("request", "flows", "exitCode"), Set.copyOf(fields(payload)));
        assertEquals("--all", payload.get("request").asText());
        assertEquals(1, payload.get("exitCode").asInt());
        JsonNode flow = payload.get("flows").get(0);
        assertEquals(Set.of("name", "file", "valid", "violations", "warnings"), Set.copyOf(fields(flow)));
        assertEquals(".workflow/flows/impl.yaml", flow.get("file").asText());
        assertEquals(
                "node 'implement': provider 'gpt-5.5' not in agents.allowed",
                flow.get("violations").get(0).asText());
        assertEquals("impl", events.get(1).payload().json().get("request").asText());
    }

    @Test
    void a_flow_file_that_links_out_of_the_flows_folder_is_refused_unread_by_name_and_by_all() throws Exception {
        fx.write("impl", flow("impl", IMPLEMENT_REVIEW));
        fx.repo.write(".workflow/.env", "DEPLOY_PASS=zz-Secret-value\n");
        fx.repo.write("docs/elsewhere.yaml", "flow:\n  name: [not read\n");
        Path flows = fx.repo.root().resolve(".workflow/flows");
        Files.createSymbolicLink(flows.resolve("x.yaml"), Path.of("../.env"));
        Files.createSymbolicLink(flows.resolve("y.yaml"), Path.of("../../docs/elsewhere.yaml"));
        fx.role("kept/same.yaml", flow("same", IMPLEMENT_REVIEW));
        Files.createSymbolicLink(flows.resolve("same.yaml"), Path.of("kept/same.yaml"));
        Path outside = Files.createTempFile(tmp, "outside", ".yaml");
        Files.createSymbolicLink(flows.resolve("z.yaml"), outside);

        FlowResult x = fx.validate("x");
        ValidateFlow.Report all = fx.run(Optional.empty(), true);

        assertEquals(
                List.of("line 1: file: .workflow/flows/x.yaml is a symbolic link that leads out of"
                        + " .workflow/flows/ (to .workflow/.env); refused unread"),
                x.violations());
        assertEquals(
                List.of("impl", "same", "x", "y", "z"),
                all.flows().stream().map(FlowResult::name).toList());
        assertEquals(
                List.of(true, true, false, false, false),
                all.flows().stream().map(FlowResult::valid).toList());
        assertEquals(
                List.of("line 1: file: .workflow/flows/y.yaml is a symbolic link that leads out of"
                        + " .workflow/flows/ (to docs/elsewhere.yaml); refused unread"),
                all.flows().get(3).violations());
        assertEquals(
                List.of("line 1: file: .workflow/flows/z.yaml is a symbolic link that leads out of"
                        + " .workflow/flows/ (to " + outside.toRealPath() + "); refused unread"),
                all.flows().get(4).violations());
        assertEquals(1, all.exitCode());
        for (EventEnvelope event : events()) {
            assertFalse(
                    event.payload().json().toString().contains("zz-Secret"),
                    event.payload().json()::toString);
            assertFalse(
                    event.payload().json().toString().contains("not read"),
                    event.payload().json()::toString);
        }
    }

    @Test
    void secrets_in_violations_and_warnings_are_redacted_before_they_are_returned_or_recorded() {
        fx.repo.write(".workflow/.env", "DEPLOY_PASS=zz-secret-value\n");
        fx.env = Map.of("NPM_TOKEN", "npm-token-value-9");
        fx.role("roles/r.md", "Use {zz-secret-value} and {npm-token-value-9}.\n");
        String yaml = flow("impl", IMPLEMENT_REVIEW)
                .replace(
                        "      permission_profile: workspace-write\n",
                        "      permission_profile: zz-secret-value\n      model: npm-token-value-9\n")
                .replace("roles/implement.md", "roles/r.md");

        FlowResult result = fx.validate("impl", yaml);

        String everything = String.join("\n", result.lines());
        assertFalse(everything.contains("zz-secret"), everything);
        assertFalse(everything.contains("npm-token-value"), everything);
        assertTrue(
                everything.contains(
                        "permission_profile must be one of read-only, workspace-write, not" + " '[redacted]'"),
                everything);
        assertTrue(everything.contains("roles/r.md references unknown {[redacted]}"), everything);
        String recorded = events().get(0).payload().json().toString();
        assertFalse(recorded.contains("zz-secret"), recorded);
        assertFalse(recorded.contains("npm-token-value"), recorded);
    }

    static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
