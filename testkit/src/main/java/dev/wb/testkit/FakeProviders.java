package dev.wb.testkit;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Fake {@code claude}, {@code codex} and {@code gh} executables for tests of {@code wb preflight}: bash
 * scripts written into a folder that a test puts first on the PATH of the environment it hands wb. Each
 * fake's behaviour is fixed when it is written (the mode is part of the script), and every call appends
 * its arguments, one per line after a {@code ---} separator, to {@code <bin>/<name>.calls}.
 *
 * <p>They prove wiring only, never OS enforcement: a fake "sandbox" refuses what its arguments tell it
 * to refuse, so a test that passes shows that wb asked for the right thing and read the answer from the
 * disk, not that any operating system enforced it.
 */
public final class FakeProviders {

    /**
     * What {@code <cli> auth status} / {@code login status} answers. A logged-in answer also carries the
     * value of {@code WB_FAKE_AUTH_ECHO} when its environment has one (a status text quoting a secret).
     */
    public enum Login {
        LOGGED_IN,
        LOGGED_OUT
    }

    /** What the fake {@code codex sandbox -P wb … -- argv} does with the command it is given. */
    public enum Sandbox {
        /**
         * Refuses each probe ({@code r:PATH}, {@code w:PATH}) its {@code permissions.wb.filesystem} table denies
         * (a {@code deny} entry; a write outside a {@code write} entry or under a {@code read} one), a later
         * {@code -c} of a key replacing an earlier one as in Codex; like Codex, it refuses an option
         * {@code codex sandbox} does not take ({@code error: unexpected argument …}).
         */
        ENFORCE,
        /** Runs every command: a sandbox that enforces nothing. */
        LEAK,
        /** Prints "sandbox could not run: missing helper" and fails: the host cannot demonstrate it. */
        CANNOT_RUN,
        /** Refuses the generated profile: its first line is "Error: invalid profile …". */
        REJECT_PROFILE,
        /** Exits 0 having written nothing at all. */
        SILENT
    }

    /** What the fake {@code claude -p …} does with the {@code WRITE <path>} lines of its prompt. */
    public enum PaidProbe {
        /** Writes the paths no {@code Edit(//…)} deny entry of its {@code --settings} file covers. */
        ENFORCE,
        /** Writes every path. */
        LEAK,
        /** Writes nothing. */
        SILENT
    }

    private FakeProviders() {}

    /** A fake {@code claude}: {@code --version}, {@code auth status} and the paid probe's {@code -p}. */
    public static Path claude(Path bin, Login login, PaidProbe probe) {
        String script = header("claude") + "LOGIN=" + login + "\nPROBE=" + probe + "\n" + """
                case "$1" in
                  --version) echo "2.1.210 (Claude Code)"; exit 0 ;;
                  auth)
                    if [ "$LOGIN" = LOGGED_IN ]; then
                      printf '{"loggedIn":true,"authMethod":"claude.ai%s"}\\n' "${WB_FAKE_AUTH_ECHO:+ $WB_FAKE_AUTH_ECHO}"; exit 0
                    fi
                    echo '{"loggedIn":false}'; exit 1 ;;
                  -p)
                    prompt="$2"; shift 2; settings=""
                    while [ $# -gt 0 ]; do
                      if [ "$1" = --settings ]; then settings="$2"; shift; fi
                      shift
                    done
                    denied=()
                    if [ -n "$settings" ]; then
                      while IFS= read -r d; do [ -n "$d" ] && denied+=("$d"); done < <(grep -o 'Edit(//[^)]*)' "$settings" \\
                        | sed -e 's#^Edit(/##' -e 's#)$##' -e 's#/\\*\\*$##')
                    fi
                    wrote=0; refused=0
                    while IFS= read -r line; do
                      case "$line" in
                        "WRITE "*) target="${line#WRITE }" ;;
                        *) continue ;;
                      esac
                      [ "$PROBE" = SILENT ] && continue
                      if [ "$PROBE" = ENFORCE ]; then
                        blocked=0
                        for d in "${denied[@]}"; do
                          case "$target" in "$d"|"$d"/*) blocked=1 ;; esac
                        done
                        if [ $blocked = 1 ]; then refused=$((refused+1)); continue; fi
                      fi
                      mkdir -p "$(dirname "$target")" && echo probe > "$target" && wrote=$((wrote+1))
                    done <<< "$prompt"
                    printf '{"type":"result","subtype":"success","result":"wrote %s file(s), refused %s. %s"}\\n' \\
                      "$wrote" "$refused" "${WB_FAKE_ECHO:-}"
                    exit 0 ;;
                esac
                echo "fake claude: unexpected arguments: $*" >&2; exit 2
                """;
        return write(bin, "claude", script);
    }

    /**
     * The {@code sandbox} branch of a fake Codex's {@code case "$1"}: {@code codex sandbox -P wb -c … -- argv}
     * as {@link Sandbox} says, its {@code SANDBOX} variable set before it.
     */
    private static final String CODEX_SANDBOX = """
                  sandbox)
                    shift
                    declare -A config=()
                    while [ $# -gt 0 ] && [ "$1" != -- ]; do
                      case "$1" in
                        -P|--permission-profile) shift ;;
                        -c|--config) config["${2%%=*}"]="${2#*=}"; shift ;;
                        --config=*) v="${1#--config=}"; config["${v%%=*}"]="${v#*=}" ;;
                        --enable|--disable) shift ;;
                        --enable=*|--disable=*) ;;
                        *) echo "error: unexpected argument '$1' found"; exit 2 ;;
                      esac
                      shift
                    done
                    [ "$1" = -- ] && shift
                    case "$SANDBOX" in
                      CANNOT_RUN) echo "sandbox could not run: missing helper"; exit 1 ;;
                      REJECT_PROFILE) echo "Error: invalid profile: permissions.wb.filesystem is not a known key"; exit 1 ;;
                      SILENT) exit 0 ;;
                      LEAK) exec "$@" ;;
                    esac
                    # the profile's table: "path"="access" pairs, a relative path under the working folder
                    denied=(); readonly_=(); writable=()
                    [ "${config[permissions.wb.extends]}" = '":workspace"' ] && writable+=("$PWD")
                    while IFS= read -r pair; do
                      k="${pair%%\\\"=\\\"*}"; k="${k#\\\"}"; v="${pair##*\\\"=\\\"}"; v="${v%\\\"}"
                      case "$k" in :*) continue ;; /*) ;; .) k="$PWD" ;; *) k="$PWD/$k" ;; esac
                      case "$v" in deny|none) denied+=("$k") ;; read) readonly_+=("$k") ;; write) writable+=("$k") ;; esac
                    done < <(printf '%s\n' "${config[permissions.wb.filesystem]}" | grep -o '"[^"]*"="[^"]*"')
                    under() { local p=$1; shift; for r in "$@"; do r=$(realpath -m "$r"); case "$p" in "$r"|"$r"/*) return 0 ;; esac; done; return 1; }
                    words=()
                    for w in "$@"; do
                      case "$w" in
                        r:/*|w:/*)
                          real=$(realpath -m "${w#?:}")
                          if under "$real" "${denied[@]}"; then w="${w%%:*}:/dev/null/denied"
                          elif [ "${w%%:*}" = w ] && { ! under "$real" "${writable[@]}" || under "$real" "${readonly_[@]}"; }; then w="w:/dev/null/read-only"
                          fi ;;
                      esac
                      words+=("$w")
                    done
                    exec "${words[@]}" ;;
                """;

    /** A fake {@code codex}: {@code --version}, {@code login status}, {@code mcp list} and {@code sandbox}. */
    public static Path codex(Path bin, Login login, Sandbox sandbox) {
        String script = header("codex") + "LOGIN=" + login + "\nSANDBOX=" + sandbox + "\n" + """
                case "$1" in
                  --version) echo "codex-cli 0.144.4"; exit 0 ;;
                  login)
                    if [ "$LOGIN" = LOGGED_IN ]; then echo "Logged in using ChatGPT ${WB_FAKE_AUTH_ECHO:-}"; exit 0; fi
                    echo "Not logged in"; exit 1 ;;
                  mcp) echo "No MCP servers configured yet."; exit 0 ;;
""" + CODEX_SANDBOX + """
                esac
                echo "fake codex: unexpected arguments: $*" >&2; exit 2
                """;
        return write(bin, "codex", script);
    }

    /** A fake {@code gh}: {@code --version} and {@code auth status}. */
    public static Path gh(Path bin, Login login) {
        String script = header("gh") + "LOGIN=" + login + "\n" + """
                case "$1" in
                  --version) echo "gh version 2.62.0 (2024-11-14)"; exit 0 ;;
                  auth)
                    if [ "$LOGIN" = LOGGED_IN ]; then echo "Logged in to github.com account octo"; exit 0; fi
                    echo "You are not logged into any GitHub hosts. To log in, run: gh auth login" >&2; exit 1 ;;
                esac
                echo "fake gh: unexpected arguments: $*" >&2; exit 2
                """;
        return write(bin, "gh", script);
    }

    /**
     * A scripted provider for {@code wb run}'s agent and evaluator nodes, installed as {@code name} ({@code
     * claude} or {@code codex}). wb names the node and its attempt in {@code WB_RUN_NODE} and {@code
     * WB_RUN_ATTEMPT}; the fake runs {@code <script dir>/<node>-<attempt>.sh}, else {@code <node>.sh}, with
     * bash in the repository (so a test makes it write files or print a verdict line), and prints {@code
     * done <node>} when there is neither. Every call is recorded as {@link #calls} reads it, and its
     * environment as it received it (before its own PATH addition) as {@link #environments} reads it; the
     * value of a {@code --settings} argument is also kept in {@code <bin>/<name>-<node>.settings}.
     *
     * <p>It keeps sessions as the real CLIs do, in {@code <bin>/<name>.sessions} ({@link #sessions}), one id a
     * line: Claude's {@code --session-id ID} makes the session {@code ID} (refused when it exists) and {@code
     * --resume ID} continues it; Codex makes a session of its own on every call without {@code resume ID},
     * printing {@code session id: <uuid>} on stderr as {@code codex exec} does, and {@code resume ID} continues
     * one. Continuing a session it does not have fails (exit 1) with the CLI's own words ({@code No
     * conversation found with session ID: …}, {@code … no rollout found for thread id …}). The script sees the
     * session in {@code WB_FAKE_SESSION} and {@code WB_FAKE_RESUMED} (1 when continued, else 0), and its
     * prompt (the last argument) in {@code WB_FAKE_PROMPT}.
     */
    public static Path scriptedAgent(Path bin, String name, Path scripts) {
        String script = "#!/bin/bash\n{ echo ---; /usr/bin/env -0 | /usr/bin/tr '\\0\\n' '\\n '; } >> \"${0%/*}/" + name
                + ".env\"\n" + header(name).substring("#!/bin/bash\n".length()) + "SCRIPTS='" + scripts + "'\nNAME="
                + name + "\n" + """
                prev=""
                for a in "$@"; do
                  if [ "$prev" = --settings ]; then printf '%%s\\n' "$a" > "$(dirname "$0")/%s-$WB_RUN_NODE.settings"; fi
                  prev="$a"
                done
                if [ "$1" = --version ]; then echo "%s 9.9.9 (scripted fake)"; exit 0; fi
                if [ "$1" = login ]; then echo "Logged in using ChatGPT (scripted fake)"; exit 0; fi
                SANDBOX=ENFORCE
                case "$1" in
                """.formatted(name, name)
                + CODEX_SANDBOX
                + """
                esac
                SESSIONS="$(dirname "$0")/$NAME.sessions"
                touch "$SESSIONS"
                args=("$@"); last=$(( ${#args[@]} - 1 )); session=""; resumed=0; made=0
                for (( i = 0; i < last; i++ )); do
                  case "${args[$i]}" in
                    --session-id) [ "$NAME" = claude ] && session="${args[$((i+1))]}" && made=1 ;;
                    --resume) [ "$NAME" = claude ] && session="${args[$((i+1))]}" && resumed=1 ;;
                    resume) if [ "$NAME" = codex ] && [ $((i+1)) -lt $last ]; then session="${args[$((i+1))]}"; resumed=1; fi ;;
                  esac
                done
                if [ $resumed = 1 ] && ! grep -qxF -- "$session" "$SESSIONS"; then
                  if [ "$NAME" = codex ]; then
                    echo "Error: thread/resume: thread/resume failed: no rollout found for thread id $session (code -32600)" >&2
                  else
                    echo "No conversation found with session ID: $session" >&2
                  fi
                  exit 1
                fi
                if [ $made = 1 ] && grep -qxF -- "$session" "$SESSIONS"; then
                  echo "Error: Session ID $session is already in use." >&2; exit 1
                fi
                if [ "$NAME" = codex ] && [ $resumed = 0 ]; then session=$(cat /proc/sys/kernel/random/uuid); made=1; fi
                [ $made = 1 ] && echo "$session" >> "$SESSIONS"
                if [ "$NAME" = codex ]; then
                  printf 'OpenAI Codex v0.144.4 (scripted fake)\\n--------\\nsession id: %s\\n--------\\n' "$session" >&2
                fi
                export WB_FAKE_SESSION="$session" WB_FAKE_RESUMED=$resumed WB_FAKE_PROMPT="${args[$last]}"
                for f in "$SCRIPTS/$WB_RUN_NODE-$WB_RUN_ATTEMPT.sh" "$SCRIPTS/$WB_RUN_NODE.sh"; do
                  if [ -f "$f" ]; then exec /bin/bash "$f" "$@"; fi
                done
                echo "done $WB_RUN_NODE"
                """;
        return write(bin, name, script);
    }

    /** The sessions the scripted fake {@code name} has made, in order (none when it made none). */
    public static List<String> sessions(Path bin, String name) {
        Path file = bin.resolve(name + ".sessions");
        try {
            return Files.exists(file)
                    ? Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                            .filter(l -> !l.isBlank())
                            .toList()
                    : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The script of a fake planning agent for {@link #scriptedAgent}: it prints a short plan and, as its last
     * line, the proposal {@code wb run} reads for a flow's {@code decomposition}: {@code {"decompose": true,
     * "subtasks": [...]}}, one subtask per slug in order, each depending on the one before it.
     */
    public static String planningAgent(String... slugs) {
        StringBuilder json = new StringBuilder("{\"decompose\": true, \"subtasks\": [");
        for (int i = 0; i < slugs.length; i++) {
            int order = i + 1;
            json.append(i == 0 ? "" : ", ")
                    .append("{\"order\": ")
                    .append(order)
                    .append(", \"title\": \"Part ")
                    .append(order)
                    .append(' ')
                    .append(slugs[i])
                    .append("\", \"slug\": \"")
                    .append(slugs[i])
                    .append("\", \"acceptance_criteria\": [\"")
                    .append(slugs[i])
                    .append(" works\"]")
                    .append(", \"depends_on\": [")
                    .append(order == 1 ? "" : Integer.toString(order - 1))
                    .append("]}");
        }
        json.append("]}");
        return "echo 'plan: " + slugs.length + " parts'; echo '" + json + "'";
    }

    /** Do-nothing {@code bwrap} and {@code socat}: a Linux host that has what Claude's Bash sandbox needs. */
    public static void sandboxHelpers(Path bin) {
        write(bin, "bwrap", header("bwrap") + "exit 0\n");
        write(bin, "socat", header("socat") + "exit 0\n");
    }

    /**
     * Links a real program found on {@code path} (a PATH value) into {@code bin}, so a test can hand wb a
     * PATH of {@code bin} alone and still have, say, git.
     */
    public static Path link(Path bin, String program, String path) {
        for (String entry : path.split(File.pathSeparator, 0)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(entry).resolve(program);
            if (Files.isExecutable(candidate)) {
                try {
                    Files.createDirectories(bin);
                    Path link = bin.resolve(program);
                    Files.deleteIfExists(link);
                    return Files.createSymbolicLink(link, candidate.toRealPath());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        throw new IllegalStateException(program + " is not on " + path);
    }

    /** Every call the fake named {@code name} received, its arguments one a line, calls separated by ---. */
    public static Optional<String> calls(Path bin, String name) {
        Path file = bin.resolve(name + ".calls");
        try {
            return Files.exists(file) ? Optional.of(Files.readString(file, StandardCharsets.UTF_8)) : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The environments the fake named {@code name} was started with, one map a call, in order (a value's
     * newlines read as spaces).
     */
    public static List<Map<String, String>> environments(Path bin, String name) {
        Path file = bin.resolve(name + ".env");
        List<Map<String, String>> calls = new ArrayList<>();
        try {
            if (!Files.exists(file)) {
                return calls;
            }
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.equals("---")) {
                    calls.add(new TreeMap<>());
                } else if (!calls.isEmpty() && line.indexOf('=') > 0) {
                    calls.get(calls.size() - 1)
                            .put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
                }
            }
            return calls;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The {@code --settings} value the fake named {@code name} last got for {@code node}, if any. */
    public static Optional<String> settings(Path bin, String name, String node) {
        Path file = bin.resolve(name + "-" + node + ".settings");
        try {
            return Files.exists(file)
                    ? Optional.of(Files.readString(file, StandardCharsets.UTF_8).strip())
                    : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The shebang names bash by absolute path: the test's PATH may hold the fakes alone. */
    private static String header(String name) {
        return "#!/bin/bash\nPATH=\"$PATH:/usr/local/bin:/usr/bin:/bin\"\n"
                + "{ echo ---; printf '%s\\n' \"$@\"; } >> \"$(dirname \"$0\")/" + name + ".calls\"\n";
    }

    private static Path write(Path bin, String name, String script) {
        try {
            Files.createDirectories(bin);
            Path file = bin.resolve(name);
            Files.writeString(file, script, StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
