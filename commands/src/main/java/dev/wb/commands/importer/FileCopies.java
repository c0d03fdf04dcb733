package dev.wb.commands.importer;

import dev.wb.commands.InputFiles;
import dev.wb.commands.base.Failure;
import dev.wb.commands.policy.ReadPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides, before anything is written, what becomes of each file found: copied (nothing at its
 * target), already there (the same bytes are), a conflict (other bytes, or something that is not a
 * regular file, are), refused (the source cannot be read as its kind), or skipped (a policy wb already
 * has). Every source is read through {@link InputFiles}, inside the original's repository.
 */
final class FileCopies {

    /** A file's fate, with its bytes and mode when it is to be copied. */
    // The bytes to copy, written once; a plan entry is never compared.
    @SuppressWarnings("ArrayRecordComponent")
    record Planned(ImportItem item, byte[] bytes, boolean executable) {}

    private final Path source;
    private final Path target;
    private final Map<String, byte[]> claimed = new HashMap<>();

    FileCopies(Path source, Path target) {
        this.source = source;
        this.target = target;
    }

    List<Planned> plan(List<FileCopy> copies) {
        return copies.stream().map(this::plan).toList();
    }

    private Planned plan(FileCopy copy) {
        InputFiles.Content content;
        try {
            Optional<InputFiles.Content> read = InputFiles.read(source, source.resolve(copy.source()), copy.reads());
            if (read.isEmpty()) {
                return refused(copy, "is gone: it was listed, then removed");
            }
            content = read.get();
        } catch (InputFiles.Unusable e) {
            return refused(copy, e.problem() + " (" + e.fix() + ")");
        }
        if (copy.isPolicy()) {
            try {
                ReadPolicy.parse(content.textBytes());
            } catch (Failure e) {
                return refused(copy, "wb cannot use it: " + e.getMessage());
            }
        }
        return against(copy, content.bytes(), executable(copy));
    }

    /** The file set against what is at its target already, and against another source for the same target. */
    private Planned against(FileCopy copy, byte[] bytes, boolean executable) {
        byte[] earlier = claimed.putIfAbsent(copy.target(), bytes);
        if (earlier != null) {
            return Arrays.equals(earlier, bytes)
                    ? planned(copy, ImportItem.Status.ALREADY_THERE, Optional.empty(), bytes, executable)
                    : conflict(copy, "another file found for the same place differs from it");
        }
        Path file = target.resolve(copy.target());
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            Optional<String> outside = Inside.check(target, file.getParent());
            return outside.map(reason -> refused(copy, reason))
                    .orElseGet(() -> planned(copy, ImportItem.Status.COPIED, Optional.empty(), bytes, executable));
        }
        try {
            Optional<InputFiles.Content> there = InputFiles.read(target, file, copy.reads());
            if (there.isPresent() && Arrays.equals(there.get().bytes(), bytes)) {
                return planned(copy, ImportItem.Status.ALREADY_THERE, Optional.empty(), bytes, executable);
            }
        } catch (InputFiles.Unusable e) {
            return conflict(copy, copy.target() + " exists and " + e.problem());
        }
        if (copy.isPolicy()) {
            return planned(
                    copy,
                    ImportItem.Status.SKIPPED,
                    Optional.of("wb's own " + copy.target()
                            + " differs and is kept: compare the two, and add to it the blockedReadPatterns you still"
                            + " want withheld"),
                    bytes,
                    executable);
        }
        return conflict(copy, copy.target() + " exists with other content");
    }

    private boolean executable(FileCopy copy) {
        if (!copy.kind().equals("tool")) {
            return false;
        }
        try {
            return Files.getPosixFilePermissions(source.resolve(copy.source()).toRealPath())
                    .contains(PosixFilePermission.OWNER_EXECUTE);
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    private static Planned planned(
            FileCopy copy, ImportItem.Status status, Optional<String> reason, byte[] bytes, boolean executable) {
        return new Planned(ImportItem.file(status, copy, reason), bytes, executable);
    }

    private static Planned refused(FileCopy copy, String reason) {
        return new Planned(ImportItem.file(ImportItem.Status.REFUSED, copy, Optional.of(reason)), new byte[0], false);
    }

    private static Planned conflict(FileCopy copy, String reason) {
        return new Planned(ImportItem.file(ImportItem.Status.CONFLICT, copy, Optional.of(reason)), new byte[0], false);
    }
}
