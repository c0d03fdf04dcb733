package dev.wb.commands.importer;

import dev.wb.engine.TaskKey;
import dev.wb.projections.events.ImportedKind;
import java.util.Optional;

/**
 * A file holding a verdict one of the originals wrote: brought in as an imported, unverified event.
 *
 * @param kind which of its files (and so which original wrote it)
 * @param source its path in the original's repository
 * @param task the task its folder names (a workbench ticket folder); a review record names its own
 */
record VerdictFile(ImportedKind kind, String source, Optional<TaskKey> task) {}
