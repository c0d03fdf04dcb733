package dev.wb.commands.impl;

import dev.wb.commands.config.AgentSkill;
import dev.wb.commands.config.HookHost;
import dev.wb.commands.config.JudgeAgentTarget;
import java.util.Locale;
import java.util.Set;

/**
 * Paths no plan has to account for: wb's own files ({@code .workflow/}, and the judge's agent files
 * {@code wb judge enable} writes and regenerates, and the hook settings {@code wb hooks install} writes,
 * by their exact paths: nothing else under
 * {@code .claude/}, {@code .codex/} or {@code .github/}, where a project's own agents and workflows
 * live) and generated output. A checkout
 * without a proper .gitignore otherwise reports {@code __pycache__/*.pyc} as scope creep, and as
 * touching a critical zone. Matched by whole path segment, so {@code src/distance.py} and
 * {@code src/rebuild/x.py} stay in and {@code src/build/x.py} stays out: the original workbench matches
 * a folder name anywhere in the path, which would let real source under {@code src/rebuild/} escape
 * the check (docs/PLAN.md, "wb impl check").
 */
public final class ScopeExclusions {

    /** Folders that hold only what a build, a package manager or a test run generated. */
    static final Set<String> GENERATED_FOLDERS = Set.of(
            "node_modules",
            "dist",
            "build",
            "target",
            "coverage",
            "htmlcov",
            "__pycache__",
            ".pytest_cache",
            ".mypy_cache",
            ".ruff_cache",
            ".tox",
            ".nox",
            ".venv",
            "venv",
            ".gradle",
            ".next",
            ".nuxt",
            ".parcel-cache",
            ".nyc_output",
            ".turbo",
            ".svelte-kit",
            ".dart_tool",
            "obj");

    /** The workflow {@code wb ci init} writes (the ci package's {@code CiWorkflow.PATH}; impl may not import ci). */
    static final String CI_WORKFLOW = ".github/workflows/wb.yml";

    /** The GitLab job {@code wb ci init --provider gitlab} writes (the ci package's {@code CiProvider.GITLAB}). */
    static final String CI_GITLAB = ".gitlab/wb-ci.yml";

    /** Compiled files, shared objects, source maps and lock leftovers, wherever they are. */
    static final Set<String> GENERATED_SUFFIXES =
            Set.of(".pyc", ".pyo", ".class", ".o", ".obj", ".so", ".map", ".lock.tmp");

    private ScopeExclusions() {}

    /** Why a path is left out of the comparison, or null when it is compared. */
    public static String reason(String path) {
        if (path.equals(".workflow") || path.startsWith(".workflow/")) {
            return "wb's own files";
        }
        if (path.equals(CI_WORKFLOW) || path.equals(CI_GITLAB)) {
            return "wb's own files (the CI workflow wb ci init writes)";
        }
        for (JudgeAgentTarget target : JudgeAgentTarget.values()) {
            if (path.equals(target.path())) {
                return "wb's own files (the judge's agent file for " + target.host() + ")";
            }
        }
        for (HookHost host : HookHost.values()) {
            if (path.equals(host.path())) {
                return "wb's own files (the hook settings for " + host.host() + ")";
            }
        }
        for (HookHost host : HookHost.values()) {
            if (AgentSkill.paths(host).contains(path)) {
                return "wb's own files (the skills wb hooks install writes for " + host.host() + ")";
            }
        }
        int start = 0;
        while (true) {
            int slash = path.indexOf('/', start);
            if (slash < 0) {
                break;
            }
            String folder = path.substring(start, slash);
            if (GENERATED_FOLDERS.contains(folder) || folder.endsWith(".egg-info")) {
                return "generated output (" + folder + "/)";
            }
            start = slash + 1;
        }
        String name = path.substring(start).toLowerCase(Locale.ROOT);
        for (String suffix : GENERATED_SUFFIXES) {
            if (name.endsWith(suffix)) {
                return "generated output (*" + suffix + ")";
            }
        }
        return null;
    }
}
