package dev.wb.commands.sdd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.plan.VerifyEnvNames;
import dev.wb.commands.verify.VerifyPlan;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** verify_env: the names a plan may not set, and those it may (hardened in issue 13). */
class VerifyEnvRefusesCodeLoadingNamesTest {

    // item 8: "verify_env accepts RUSTC_WRAPPER, DOTNET_STARTUP_HOOKS, GCONV_PATH and their kind."
    @ParameterizedTest
    @ValueSource(
            strings = {
                "RUSTC_WRAPPER",
                "RUSTC_WORKSPACE_WRAPPER",
                "DOTNET_STARTUP_HOOKS",
                "GCONV_PATH",
                "CMAKE_CXX_COMPILER_LAUNCHER",
                "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER",
                "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER",
                "MALLOC_PRELOAD",
                "SHELL",
                "CC",
                "RUSTC",
                "EDITOR",
                "GIT_EDITOR",
                "PROMPT_COMMAND",
                "SSH_ASKPASS",
                "JAVA_TOOL_OPTIONS",
                "_JAVA_OPTIONS",
                "JDK_JAVA_OPTIONS",
                "NODE_OPTIONS",
                "PYTHONSTARTUP",
                "PERL5OPT",
                "RUBYOPT",
                "BASH_ENV",
                "ENV",
                "ZDOTDIR",
                "RUSTFLAGS",
                "PYTEST_ADDOPTS",
                "MAVEN_ARGS",
                "PATHEXT",
                "npm_config_script_shell",
                "YARN_YARN_PATH",
                "HOME"
            })
    void item08_names_that_make_a_runner_load_or_run_outside_code_are_refused(String name) {
        VerifyPlan plan = VerifyPlan.of(List.of("make -s ok"), env(name, "x"));

        assertTrue(plan.env().isEmpty(), name + " was merged");
        assertTrue(
                plan.refusedEnv().get(0).reason().startsWith("verify_env." + name + " is forbidden"),
                plan.refusedEnv().get(0).reason());
    }

    // item 11: "verify_env also merges GIT_CONFIG_PARAMETERS, GIT_CONFIG_COUNT (the same git settings as the
    // refused GIT_SSH_COMMAND), MAKEFILES, PYTHONWARNINGS, GOFLAGS, CLASSPATH."
    @ParameterizedTest
    @ValueSource(
            strings = {
                "GIT_CONFIG_PARAMETERS",
                "GIT_CONFIG_COUNT",
                "GIT_CONFIG_KEY_0",
                "GIT_CONFIG_VALUE_0",
                "GIT_CONFIG_GLOBAL",
                "MAKEFILES",
                "PYTHONWARNINGS",
                "GOFLAGS",
                "CLASSPATH",
                "git_config_parameters"
            })
    void item11_git_config_makefiles_pythonwarnings_goflags_and_classpath_are_refused(String name) {
        VerifyPlan plan = VerifyPlan.of(List.of("make -s ok"), env(name, "x"));

        assertTrue(plan.env().isEmpty(), name + " was merged");
        assertEquals(1, plan.refusedEnv().size());
        assertTrue(VerifyEnvNames.problem(name).isPresent());
    }

    // items 8 and 11: the variables verify_env exists for stay allowed.
    @ParameterizedTest
    @ValueSource(
            strings = {
                "PYTHONPATH",
                "NODE_PATH",
                "RUBYLIB",
                "PERL5LIB",
                "GOPATH",
                "JAVA_HOME",
                "DATABASE_URL",
                "CI",
                "TZ",
                "DJANGO_SETTINGS_MODULE",
                "CARGO_TERM_COLOR",
                "GIT_AUTHOR_NAME",
                "GIT_COMMITTER_EMAIL"
            })
    void item08_the_variables_verify_env_exists_for_stay_allowed(String name) {
        assertEquals(Optional.empty(), VerifyEnvNames.problem(name));
    }

    static JsonNode env(String name, String value) {
        ObjectNode env = CanonicalJson.objectNode();
        env.put(name, value);
        return env;
    }
}
