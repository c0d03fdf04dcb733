package dev.wb.cli.ops;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.base.Failure;
import dev.wb.commands.doctor.Doctor;
import dev.wb.commands.doctor.Doctor.Check;
import dev.wb.commands.doctor.Doctor.Level;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb doctor}: whether this machine and checkout are ready, one line a check. Rendering only: {@link Doctor} checks. */
public final class DoctorCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("ready (warnings are said, and do not fail it)"),
            Exit.CONFIG.as("a check failed; its fix: line says what to do"));

    private DoctorCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        DoctorCmd cmd = new DoctorCmd(root);
        CommandSpec spec = cmd.command(
                "doctor",
                "Check that this machine and checkout are ready for wb: Java, git on PATH, a git repository, its"
                        + " author, .workflow/ writable, config.json valid, the log opens, hooks installed, agent CLIs"
                        + " on PATH. Writes nothing and reaches no network.");
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        List<Check> checks =
                Doctor.run(context().cwd(), context().env(), context().clock());
        long failed = checks.stream().filter(c -> c.level() == Level.FAIL).count();
        long warned = checks.stream().filter(c -> c.level() == Level.WARN).count();
        if (json()) {
            console().json(json(checks, failed, warned));
        } else {
            print(console(), checks);
            console().line("");
            console().line(checks.size() + " checks, " + failed + " failed, " + warned + " warning(s)");
        }
        if (failed > 0) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    failed + " of " + checks.size() + " checks failed",
                    List.of("do what each failed check's fix: line says, then: wb doctor"));
        }
        return Exit.OK;
    }

    private static void print(Console console, List<Check> checks) {
        int width = checks.stream().mapToInt(c -> c.name().length()).max().orElse(0);
        for (Check check : checks) {
            console.line(Columns.left(check.level().word(), 4) + " " + Columns.left(check.name(), width) + "  "
                    + check.detail());
            for (String fix : check.fixes()) {
                console.line("       " + " ".repeat(width) + "fix: " + fix);
            }
        }
    }

    private static ObjectNode json(List<Check> checks, long failed, long warned) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("schema", 1);
        doc.put("ready", failed == 0);
        doc.put("failed", failed);
        doc.put("warnings", warned);
        ArrayNode list = doc.putArray("checks");
        for (Check check : checks) {
            ObjectNode o = list.addObject();
            o.put("name", check.name());
            o.put("state", check.level().word());
            o.put("detail", check.detail());
            ArrayNode fixes = o.putArray("fix");
            check.fixes().forEach(fixes::add);
        }
        return doc;
    }
}
