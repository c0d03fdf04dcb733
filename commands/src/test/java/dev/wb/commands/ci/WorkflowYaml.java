package dev.wb.commands.ci;

import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** A generated CI file read back as the CI reads it: YAML's maps, lists and scalars. */
final class WorkflowYaml {

    private WorkflowYaml() {}

    @SuppressWarnings("unchecked") // snakeyaml's safe loader gives maps, lists and scalars
    static Map<Object, Object> load(String text) {
        return (Map<Object, Object>) new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
    }

    @SuppressWarnings("unchecked") // as above
    static Map<Object, Object> map(Object node) {
        return (Map<Object, Object>) node;
    }

    @SuppressWarnings("unchecked") // as above
    static List<Object> list(Object node) {
        return (List<Object>) node;
    }

    static Object at(Object node, Object... path) {
        Object here = node;
        for (Object step : path) {
            here = here instanceof Map<?, ?> m ? m.get(step) : null;
        }
        return here;
    }

    /** The workflow's one job's steps. */
    static List<Map<Object, Object>> steps(Map<Object, Object> workflow) {
        return list(at(workflow, "jobs", "task-gate", "steps")).stream()
                .map(WorkflowYaml::map)
                .toList();
    }
}
