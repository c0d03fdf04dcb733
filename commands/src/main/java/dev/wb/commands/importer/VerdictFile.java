package dev.wb.commands.importer;

import dev.wb.engine.TaskKey;
import java.util.Optional;

/**
 * A file holding a verdict one of the originals wrote: brought in as an imported, unverified event.
 *
 * @param tool {@code workbench} or {@code judge}
 * @param kind {@code audit}, {@code evidence}, {@code git-log} or {@code review}
 * @param source its path in the original's repository
 * @param task the task its folder names (a workbench ticket folder); a review record names its own
 */
record VerdictFile(String tool, String kind, String source, Optional<TaskKey> task) {}
