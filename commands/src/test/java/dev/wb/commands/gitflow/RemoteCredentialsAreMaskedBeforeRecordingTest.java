package dev.wb.commands.gitflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.projections.events.GitStepRan;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A remote's credentials never reach what wb prints or records (hardened in issue 13, item 10). */
class RemoteCredentialsAreMaskedBeforeRecordingTest {

    static final TaskKey KEY = new TaskKey("ABC-1");
    static final String TOKEN = "ghp_0123456789abcdefghijklmnopqrstuvwxyz";

    @TempDir
    Path tmp;

    // "mask URL user info everywhere a remote URL is printed or recorded (text, --json, events)"
    @Test
    void item10_a_url_with_credentials_in_gits_output_is_masked_before_it_is_recorded() throws Exception {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        repo.write("a.txt", "a\n");
        repo.commitAll("a");
        repo.git("remote", "add", "origin", "https://x-access-token:" + TOKEN + "@github.com/o/r.git");
        // the user's git, except that its fetch fails the way an older git did: naming the URL in full
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path git = Files.writeString(
                bin.resolve("git"),
                "#!/bin/sh\ncase \" $* \" in *\" fetch \"*)\n"
                        + "  echo \"fatal: unable to access 'https://x-access-token:" + TOKEN
                        + "@github.com/o/r.git/'\" >&2\n"
                        + "  exit 128 ;;\nesac\nexec " + realGit() + " \"$@\"\n");
        Files.setPosixFilePermissions(git, PosixFilePermissions.fromString("rwxr-xr-x"));
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
        env.put("PATH", bin + ":" + System.getenv("PATH"));

        GitFlow.Executed executed;
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            executed = GitFlow.execute(session, GitFlow.start(session, KEY), env);
        }

        assertEquals(
                "fetch", executed.result().failed().orElseThrow().step().argv().get(0));
        String output = executed.result().failed().get().output();
        assertTrue(output.contains("https://********@github.com/o/r.git"), output);
        List<String> recorded = new ArrayList<>();
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            session.reader().forEach(StreamId.task(KEY), 0, (EventEnvelope e) -> {
                if (e.type().equals(GitStepRan.TYPE.name())) {
                    recorded.add(e.payload().json().get("output").asText());
                }
            });
        }
        assertEquals(1, recorded.size());
        assertTrue(recorded.get(0).contains("https://********@github.com/o/r.git"), recorded::toString);
        assertFalse(recorded.get(0).contains(TOKEN), recorded::toString);
        assertFalse(
                Files.readString(repo.resolve(".workflow/ABC-1/git.log.json")).contains(TOKEN));
    }

    private static Path realGit() {
        return Stream.of(System.getenv("PATH").split(":"))
                .map(dir -> Path.of(dir, "git"))
                .filter(Files::isExecutable)
                .findFirst()
                .orElseThrow();
    }
}
