package dev.wb.commands.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.ContentStore;
import dev.wb.commands.Session;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.flow.FlowForRun;
import dev.wb.commands.process.Redactor;
import dev.wb.engine.TaskKey;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/**
 * What every node of one run works with: the session, the task, the validated flow, the configuration (and
 * its tree, for {@code when: config.…} facts), the environment, the redactor, the content store, and the
 * isolation smoke's verdict once it was asked.
 */
record RunContext(
        Session session,
        TaskKey key,
        FlowForRun.Loaded flow,
        WorkspaceConfig config,
        JsonNode configTree,
        Map<String, String> env,
        Redactor redactor,
        ContentStore store,
        IsolationGate gate) {

    /** The clock the run's events are stamped with: what the run's wall time is counted on. */
    Clock clock() {
        return session.invocation().clock();
    }

    Path root() {
        return session.workspace().root();
    }

    /** Where node processes' output is written while they run (deleted after). */
    Path scratch() {
        return session.workspace().localDir().resolve("tmp").resolve("run");
    }
}
