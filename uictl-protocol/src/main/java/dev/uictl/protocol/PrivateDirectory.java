package dev.uictl.protocol;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

/**
 * Creates or checks a private directory (the runtime directory) without trusting what it finds. Every component
 * of the path is examined without following symbolic links: an ancestor must belong to root or to us and, if
 * others may write to it, carry the sticky bit (so nobody else can swap what lies beneath); the directory itself
 * must be a real directory of ours, never a symlink. A directory of ours with a wider mode is tightened to 0700
 * through a descriptor opened without following links; anything else is refused with {@link Untrusted}.
 * The C client (client-c/uictl.c, ensure_private_dir) applies the same rules.
 */
public final class PrivateDirectory {
    static final int STICKY = 01000;
    static final String HINT = "Set UICTL_RUNTIME_DIR to a directory of yours (mode 0700, no symbolic link, in "
            + "directories only you or root can change), or fix the directory named in the message.";

    /** The directory or one of its ancestors cannot be trusted; the message says which and why. */
    public static final class Untrusted extends SecurityException {
        public Untrusted(String message) {
            super(message);
        }

        public String hint() {
            return HINT;
        }
    }

    private PrivateDirectory() {
    }

    /** Ensures {@code dir} exists as a private directory of the current user (creating missing components 0700). */
    public static void ensure(Path dir) throws IOException {
        Path abs = dir.toAbsolutePath().normalize();
        int uid = Identity.uid();
        if (abs.getNameCount() == 0) {
            throw new Untrusted(abs + " is the root directory, not a private one");
        }
        Path current = abs.getRoot();
        for (int i = 0; i < abs.getNameCount(); i++) {
            current = current.resolve(abs.getName(i));
            boolean last = i == abs.getNameCount() - 1;
            Map<String, Object> a = attributesOrCreate(current);
            int owner = (Integer) a.get("uid");
            int mode = (Integer) a.get("mode");
            if ((Boolean) a.get("isSymbolicLink")) {
                if (last) {
                    throw new Untrusted(current + " is a symbolic link; the runtime directory must be a real directory");
                }
                if (owner != 0 && owner != uid) {
                    throw new Untrusted(current + " is a symbolic link of uid " + owner + ", not of root or uid " + uid);
                }
                // A link of root or ours, in an ancestor already checked: the directory it leads to must also be
                // safe, as the kernel follows it for every later component.
                checkAncestor(current, Files.readAttributes(current, "unix:uid,mode,isDirectory"), uid);
                continue;
            }
            if (!(Boolean) a.get("isDirectory")) {
                throw new Untrusted(current + " is not a directory");
            }
            if (!last) {
                checkAncestor(current, a, uid);
            } else if (owner != uid) {
                throw new Untrusted(current + " belongs to uid " + owner + ", not to uid " + uid);
            } else if ((mode & 07777) != 0700) {
                Files.getFileAttributeView(current, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                        .setPermissions(PosixFilePermissions.fromString("rwx------"));
                int now = (Integer) Files.getAttribute(current, "unix:mode", LinkOption.NOFOLLOW_LINKS);
                if ((now & 07777) != 0700) {
                    throw new Untrusted(current + " has mode " + Integer.toOctalString(now & 07777)
                            + " and could not be made 0700");
                }
            }
        }
    }

    private static void checkAncestor(Path p, Map<String, Object> a, int uid) {
        int owner = (Integer) a.get("uid");
        int mode = (Integer) a.get("mode");
        if (!(Boolean) a.get("isDirectory")) {
            throw new Untrusted(p + " is not a directory");
        }
        if (owner != 0 && owner != uid) {
            throw new Untrusted(p + " belongs to uid " + owner + ", who could replace what lies beneath it");
        }
        if ((mode & 022) != 0 && (mode & STICKY) == 0) {
            throw new Untrusted(p + " (mode " + Integer.toOctalString(mode & 07777)
                    + ") is writable by other users and not sticky");
        }
    }

    /** The component's own attributes (links not followed), creating it 0700 when it is missing. */
    private static Map<String, Object> attributesOrCreate(Path p) throws IOException {
        try {
            return Files.readAttributes(p, "unix:uid,mode,isDirectory,isSymbolicLink", LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException missing) {
            try {
                Files.createDirectory(p, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwx------")));
            } catch (FileAlreadyExistsException raced) {
                // created meanwhile by someone: examined like any existing component below
            }
            return Files.readAttributes(p, "unix:uid,mode,isDirectory,isSymbolicLink", LinkOption.NOFOLLOW_LINKS);
        }
    }
}
