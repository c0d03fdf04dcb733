package dev.wb.cli.workspace;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.plan.CriticalZones;
import dev.wb.commands.plan.PlanPaths;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code wb repo zones [PATH…]}: the critical zones, built-in and configured, with their patterns; or,
 * given paths, which zones they touch (the original's {@code wb repo zones PATH…}, whose output a
 * plan's {@code zones} is copied from).
 */
public final class RepoZonesCmd extends LeafCmd {

    private static final Exits EXITS =
            Exits.of(Exit.OK.as("done"), Exit.USAGE.as("outside a repository"), Exit.CONFIG.as("unusable config.json"));

    final List<String> paths = new ArrayList<>();

    private RepoZonesCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        RepoZonesCmd cmd = new RepoZonesCmd(root);
        CommandSpec spec = cmd.command(
                "zones",
                "Without paths: every critical zone and its patterns, the"
                        + " built-in ones and those .workflow/config.json adds (critical_zones). With paths: the zones they"
                        + " touch, as a plan's zones lists them.");
        spec.addPositional(PositionalParamSpec.builder()
                .index("0..*")
                .arity("0..*")
                .required(false)
                .paramLabel("PATH")
                .type(List.class)
                .auxiliaryTypes(String.class)
                .description("Paths relative to the repository root.")
                .setter(new ISetter() {
                    @Override
                    @SuppressWarnings("unchecked")
                    public <T> T set(T value) {
                        if (value != null) {
                            cmd.paths.addAll((List<String>) value);
                        }
                        return null;
                    }
                })
                .build());
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        CriticalZones zones = CriticalZones.with(
                WorkspaceConfig.load(Workspace.require(root.context().cwd())).criticalZones());
        if (paths.isEmpty()) {
            list(zones);
        } else {
            touched(zones.touched(paths.stream()
                    .map(p -> PlanPaths.normalize(p.replace('\\', '/')).orElse(p))
                    .toList()));
        }
        return Exit.OK;
    }

    private void list(CriticalZones zones) {
        Console console = root.context().console();
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            ArrayNode all = doc.putArray("zones");
            zones.patterns()
                    .forEach(p -> all.addObject()
                            .put("zone", p.zone())
                            .put("pattern", p.pattern())
                            .put("kind", p.kind())
                            .put("source", p.source()));
            console.json(doc);
            return;
        }
        console.line("critical zones (a plan touching one is standard tier; built-in patterns are searched for in the"
                + " path, ignoring case):");
        for (CriticalZones.ZonePattern p : zones.patterns()) {
            console.line(
                    "  " + Columns.left(p.zone(), 12) + Columns.left(p.source() + " " + p.kind(), 17) + p.pattern());
        }
    }

    private void touched(SortedMap<String, SortedSet<String>> hits) {
        Console console = root.context().console();
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            ObjectNode zones = doc.putObject("zones");
            hits.forEach((zone, paths) -> paths.forEach(zones.putArray(zone)::add));
            console.json(doc);
            return;
        }
        if (hits.isEmpty()) {
            console.line("no critical zones touched");
            return;
        }
        console.line("critical zones touched -- the bar rises here regardless of preset:");
        hits.forEach((zone, paths) -> console.line("  " + zone + ": " + String.join(", ", paths)));
    }
}
