package dev.wb.commands.importer;

import dev.wb.commands.InputFiles;

/**
 * A file of the original's workspace that is brought in unchanged.
 *
 * @param kind what it is, as {@link ImportItem#kind()} says
 * @param source its path in the original's repository
 * @param target its path in this repository
 * @param reads how it is read (its size limit)
 */
record FileCopy(String kind, String source, String target, InputFiles.Kind reads) {

    boolean isPolicy() {
        return kind.equals("policy");
    }
}
