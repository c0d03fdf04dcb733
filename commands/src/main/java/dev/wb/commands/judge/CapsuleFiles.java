package dev.wb.commands.judge;

import java.util.List;

/** The five capsule documents, in the order the capsule digest lists them (docs/CAPSULE.md). */
final class CapsuleFiles {

    static final List<String> DOCUMENTS = List.of("task.md", "context.md", "plan.md", "acceptance-criteria.md",
            "review-checklist.md");

    private CapsuleFiles() {}
}
