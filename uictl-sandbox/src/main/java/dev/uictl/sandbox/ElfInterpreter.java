package dev.uictl.sandbox;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * The program interpreter (PT_INTERP, the dynamic loader) of a 64-bit ELF executable. The kernel opens it for
 * execution when it starts the program, so Landlock's execute right must cover it too.
 */
final class ElfInterpreter {
    private static final int PT_INTERP = 3;

    private ElfInterpreter() {
    }

    static Optional<Path> of(Path executable) {
        try (FileChannel ch = FileChannel.open(executable, StandardOpenOption.READ)) {
            ByteBuffer h = ByteBuffer.allocate(64);
            if (ch.read(h, 0) < 64) {
                return Optional.empty();
            }
            if (h.get(0) != 0x7f || h.get(1) != 'E' || h.get(2) != 'L' || h.get(3) != 'F' || h.get(4) != 2) { // ELFCLASS64
                return Optional.empty();
            }
            h.order(h.get(5) == 1 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
            long phoff = h.getLong(32);
            int phentsize = Short.toUnsignedInt(h.getShort(54));
            int phnum = Short.toUnsignedInt(h.getShort(56));
            if (phentsize < 56 || phnum > 256) {
                return Optional.empty();
            }
            ByteBuffer ph = ByteBuffer.allocate(phentsize).order(h.order());
            for (int i = 0; i < phnum; i++) {
                ph.clear();
                ch.read(ph, phoff + (long) i * phentsize);
                if (ph.getInt(0) == PT_INTERP) {
                    long offset = ph.getLong(8);
                    long size = ph.getLong(32);
                    if (size <= 1 || size > 4096) {
                        return Optional.empty();
                    }
                    ByteBuffer name = ByteBuffer.allocate((int) size - 1);
                    ch.read(name, offset);
                    return Optional.of(Path.of(new String(name.array(), StandardCharsets.UTF_8)));
                }
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
