package dev.wb.cli.mcp;

/**
 * One argument of a tool: its name in the call, the kind of value it takes, whether the call must give
 * it, and the command-line option it becomes ({@code null}: a positional argument, in order).
 */
record Param(String name, Kind kind, boolean required, String option, String description) {

    /** The kinds of value, each checked before any command runs ({@link CallArguments}). */
    enum Kind {
        /** A task key, like ABC-12. */
        KEY,
        /** A task key, or {@code workspace} for the workspace's own stream. */
        KEY_OR_WORKSPACE,
        /** A git revision: a branch, tag or commit; never an option. */
        REF,
        /** A file inside the repository. */
        PATH,
        /** {@code sha256:} and 64 hex digits. */
        DIGEST,
        /** A boolean: true adds the option. */
        FLAG
    }

    static Param key(boolean required, String description) {
        return new Param("key", Kind.KEY, required, null, description);
    }

    /** The JSON schema type of its value. */
    String schemaType() {
        return kind == Kind.FLAG ? "boolean" : "string";
    }
}
