package dev.uictl.core.file;

import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The permissions of what uictl creates that may hold what a user typed or saw (artifacts, desktops, sandboxes,
 * cookies): its owner's alone, set when the file or directory is created, never widened in between.
 */
public final class OwnerOnly {
    public static final FileAttribute<Set<PosixFilePermission>> DIRECTORY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
    public static final FileAttribute<Set<PosixFilePermission>> FILE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    private OwnerOnly() {
    }
}
