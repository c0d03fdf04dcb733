package dev.wb.commands.commit;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.wb.commands.Session;
import dev.wb.commands.config.JudgeAgentsConfig;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.git.Repositories;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.projections.events.draft.CommitStyle;
import java.util.List;
import java.util.Optional;

/**
 * {@code wb commit convention}: the repository's commit convention, declared in .workflow/config.json
 * ({@code commit_style}, the original workbench's key) or else read off its latest commits. A declared
 * style wins: a team adopting a style its history does not have yet says so once.
 */
public final class CommitConvention {

    /** The key of .workflow/config.json a declared style is kept under, as the original keeps it. */
    public static final String CONFIG_KEY = "commit_style";

    private CommitConvention() {}

    /** The convention messages are checked against: the declared style, else the detected one. */
    public static Convention resolve(Session session) {
        Optional<CommitStyle> declared = WorkspaceConfig.load(session.workspace())
                .originals()
                .commitStyle()
                .flatMap(CommitStyle::of);
        return declared.map(Convention::declared).orElseGet(() -> CommitRules.detect(subjects(session)));
    }

    /** Records {@code style} in .workflow/config.json as {@code commit_style}, keeping every other key. */
    public static void declare(Session session, CommitStyle style) {
        WorkspaceConfig.load(session.workspace()); // an unusable config.json is refused (exit 3), not overwritten
        ObjectNode before = JudgeAgentsConfig.readRoot(session.workspace());
        ObjectNode after = JudgeAgentsConfig.with(before, List.of(CONFIG_KEY), TextNode.valueOf(style.wireName()));
        JudgeAgentsConfig.write(session.workspace(), after);
    }

    /** The latest subjects, newest first; none on an unborn branch. */
    private static List<String> subjects(Session session) {
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            return git.head()
                    .map(head -> git.log().recentSubjects(head, CommitRules.SAMPLE_SIZE))
                    .orElse(List.of());
        } catch (GitException e) {
            throw Repositories.failure(e);
        }
    }
}
