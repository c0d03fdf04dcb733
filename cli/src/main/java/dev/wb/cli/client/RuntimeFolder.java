package dev.wb.cli.client;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * The runtime folder of this user's servers, {@code ${XDG_RUNTIME_DIR:-/tmp}/wb-<uid>/}, and each
 * server's folder in it, checked on every use (docs/adr/0013-served-path.md): a real folder, owned by
 * this user, mode 0700. One that is not (another user made it first, a {@code chmod -R}, a copied
 * {@code /tmp}) is never used: anything in it may have been planted. wb then says so on stderr, with the
 * fix, and runs the command without a server.
 */
public final class RuntimeFolder {

    private RuntimeFolder() {}

    /** Whether {@code place}'s folders may be used; makes the user's folder (0700) when it is missing. */
    public static boolean usable(ServerPlace place) {
        Path base = place.base();
        if (!Files.exists(base, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try {
                Files.createDirectory(base);
                Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwx------"));
            } catch (FileAlreadyExistsException raced) {
                // Another wb made it meanwhile: checked below like any other.
            } catch (IOException | UnsupportedOperationException e) {
                return false; // a runtime folder that cannot be written: cold, silently
            }
        }
        if (!Proc.privateFolder(base, place.uid())) {
            refuse(base, place.uid());
            return false;
        }
        Path folder = place.folder();
        if (Files.exists(folder, java.nio.file.LinkOption.NOFOLLOW_LINKS) && !Proc.privateFolder(folder, place.uid())) {
            refuse(folder, place.uid());
            return false;
        }
        return true;
    }

    /** Makes this key's server folder (0700) when it is missing; whether it is there and private. */
    public static boolean make(ServerPlace place) {
        Path folder = place.folder();
        try {
            Files.createDirectory(folder);
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
        } catch (FileAlreadyExistsException exists) {
            // Checked below.
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
        return Proc.privateFolder(folder, place.uid());
    }

    private static void refuse(Path folder, int uid) {
        Optional<int[]> a = Proc.ownerAndMode(folder);
        String what = a.isEmpty()
                ? "cannot be read"
                : a.get()[0] != uid
                        ? "belongs to user " + a.get()[0] + ", not to you (" + uid + ")"
                        : Files.isSymbolicLink(folder)
                                ? "is a symbolic link"
                                : "has mode " + Integer.toOctalString(a.get()[1] & 07777) + ", not 700";
        boolean own = a.isPresent() && a.get()[0] == uid;
        System.err.println("error: wb's server folder " + folder + " " + what
                + ": anything in it may have been planted, so wb runs this command without a server");
        System.err.println("  fix: "
                + (own
                        ? "rm -rf " + folder + "   (wb makes it again, private, on the next command)"
                        : "set XDG_RUNTIME_DIR to a folder only you can write (or have its owner remove " + folder
                                + ")")
                + "; WB_SERVER=off turns the server off");
        System.err.flush();
    }
}
