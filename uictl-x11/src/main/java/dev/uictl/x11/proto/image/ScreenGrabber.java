package dev.uictl.x11.proto.image;

import dev.uictl.x11.io.Cookie;
import dev.uictl.x11.io.X11Connection;
import dev.uictl.x11.wire.X11Exception;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Reads a rectangle of the root window. On a local server with MIT-SHM the server writes the image into shared
 * memory (one round trip, no pixel data on the socket). Otherwise the rectangle is fetched with GetImage as
 * horizontal strips whose replies stay small (so no reply nears the server's limits and no single buffer is huge),
 * all requested at once: the server answers strip after strip while the reader thread decodes the previous one.
 */
public final class ScreenGrabber implements AutoCloseable {
    /** Reply payload per strip; 1 MiB keeps a 1080p frame at eight pipelined strips. */
    static final int STRIP_BYTES = 1 << 20;

    private static final ValueLayout.OfInt LITTLE_ENDIAN_INT = ValueLayout.JAVA_INT_UNALIGNED
            .withOrder(ByteOrder.LITTLE_ENDIAN);

    private final X11Connection connection;
    private final PixelLayout layout;
    private final ReentrantLock sharedLock = new ReentrantLock();
    /** Null until first use; empty when shared memory is off or unavailable. */
    private Optional<SharedImageBuffer> shared;

    /** A grabber that uses shared memory when the server offers it. */
    public ScreenGrabber(X11Connection connection) {
        this(connection, true);
    }

    /** {@code sharedMemory} false always reads pixels over the socket (GetImage). */
    public ScreenGrabber(X11Connection connection, boolean sharedMemory) {
        this.connection = connection;
        this.layout = PixelLayout.ofRoot(connection.setup(), connection.screen());
        this.shared = sharedMemory ? null : Optional.empty();
    }

    /** Whether captures go through MIT-SHM (decided on first use). */
    public boolean usesSharedMemory() {
        sharedLock.lock();
        try {
            return shared().isPresent();
        } finally {
            sharedLock.unlock();
        }
    }

    /** An RGB capture: {@code pixels[row * width + column]} holds {@code 0x??RRGGBB} (top byte undefined). */
    public record Capture(int x, int y, int width, int height, int[] pixels) {
    }

    /**
     * The pixels of the root window's rectangle, which must lie inside the screen (X answers BadMatch otherwise).
     *
     * @throws IllegalArgumentException when the rectangle is empty or leaves the screen
     */
    public Capture grab(int x, int y, int width, int height) {
        return grab(x, y, width, height, null);
    }

    /**
     * Like {@link #grab(int, int, int, int)}, into {@code into} when it holds exactly {@code width * height} pixels
     * (a caller's reused buffer: a full screen is 8 MB that would otherwise be allocated per capture).
     */
    public Capture grab(int x, int y, int width, int height, int[] into) {
        checkOnScreen(x, y, width, height);
        int[] pixels = pixels(width, height, into);
        return inSegment(x, y, width, height, image -> copyOut(image, x, y, width, height, pixels))
                .orElseGet(() -> grabStrips(x, y, width, height, pixels));
    }

    /** Reads pixels where they lie; see {@link #readShared}. */
    @FunctionalInterface
    public interface PixelReader<T> {
        /**
         * @param pixels {@code height} rows of {@code width} pixels, each a {@code 0x??RRGGBB} int in the native byte
         *               order (top byte undefined), as in a {@link Capture}; valid only until this returns
         */
        T read(MemorySegment pixels, int width, int height);
    }

    /**
     * Hands the rectangle's pixels to {@code reader} right where the server wrote them (MIT-SHM), sparing the copy
     * of the whole image out of the segment (8 MB for 1080p). Empty when the pixels cannot be read in place (no
     * shared memory, or a layout other than {@link Capture}'s); the caller then uses {@link #grab}. The segment is
     * this grabber's only one, so other captures wait until {@code reader} returns.
     *
     * @throws IllegalArgumentException when the rectangle is empty or leaves the screen
     */
    public <T> Optional<T> readShared(int x, int y, int width, int height, PixelReader<T> reader) {
        checkOnScreen(x, y, width, height);
        if (!layout.isDirectRgb32() || layout.bytesPerLine(width) != width * 4
                || ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
            return Optional.empty();
        }
        return inSegment(x, y, width, height, image -> reader.read(image.asSlice(0, width * 4L * height), width,
                height));
    }

    /**
     * Has the server write the rectangle's image to the start of the shared segment and applies {@code then} to the
     * segment while no other capture can overwrite it; empty without shared memory, or when the server stopped
     * honouring the segment (it is dropped then; the socket path still works).
     */
    private <T> Optional<T> inSegment(int x, int y, int width, int height, Function<MemorySegment, T> then) {
        sharedLock.lock();
        try {
            Optional<SharedImageBuffer> buffer = shared();
            if (buffer.isEmpty()) {
                return Optional.empty();
            }
            try {
                int depth = connection.call(new ShmRequests.GetImage(connection.root(), x, y, width, height,
                        buffer.get().segment(), 0));
                if (depth != layout.depth()) {
                    throw new IllegalStateException("ShmGetImage returned depth " + depth + ", expected "
                            + layout.depth());
                }
            } catch (X11Exception.Protocol refused) {
                buffer.get().close();
                shared = Optional.empty();
                return Optional.empty();
            }
            return Optional.of(then.apply(buffer.get().mapping()));
        } finally {
            sharedLock.unlock();
        }
    }

    private void checkOnScreen(int x, int y, int width, int height) {
        int screenWidth = connection.screen().widthPx();
        int screenHeight = connection.screen().heightPx();
        if (width <= 0 || height <= 0 || x < 0 || y < 0 || x + width > screenWidth || y + height > screenHeight) {
            throw new IllegalArgumentException("rectangle " + width + "x" + height + "+" + x + "+" + y
                    + " is not inside the " + screenWidth + "x" + screenHeight + " screen");
        }
    }

    private static int[] pixels(int width, int height, int[] into) {
        return into != null && into.length == width * height ? into : new int[width * height];
    }

    private Optional<SharedImageBuffer> shared() {
        if (shared == null) {
            long size = (long) layout.bytesPerLine(screenWidth()) * screenHeight();
            shared = SharedImageBuffer.open(connection, size);
        }
        return shared;
    }

    /** The image the server wrote to the segment, as {@link Capture} pixels. */
    private Capture copyOut(MemorySegment image, int x, int y, int width, int height, int[] pixels) {
        if (layout.isDirectRgb32() && layout.bytesPerLine(width) == width * 4) {
            MemorySegment.copy(image, LITTLE_ENDIAN_INT, 0, pixels, 0, pixels.length);
        } else {
            layout.decode(image.asSlice(0, (long) layout.bytesPerLine(width) * height).asByteBuffer(), width,
                    height, pixels, 0);
        }
        return new Capture(x, y, width, height, pixels);
    }

    private Capture grabStrips(int x, int y, int width, int height, int[] pixels) {
        int rowsPerStrip = Math.max(1, STRIP_BYTES / layout.bytesPerLine(width));
        List<Cookie<GetImage.Reply>> strips = new ArrayList<>();
        for (int top = 0; top < height; top += rowsPerStrip) {
            int rows = Math.min(rowsPerStrip, height - top);
            strips.add(connection.send(new GetImage(connection.root(), x, y + top, width, rows, layout, pixels,
                    top * width)));
        }
        for (Cookie<GetImage.Reply> strip : strips) {
            strip.reply();
        }
        return new Capture(x, y, width, height, pixels);
    }

    public int screenWidth() {
        return connection.screen().widthPx();
    }

    public int screenHeight() {
        return connection.screen().heightPx();
    }

    /** Releases the shared memory (the connection stays open; it belongs to the caller). */
    @Override
    public void close() {
        sharedLock.lock();
        try {
            if (shared != null) {
                shared.ifPresent(SharedImageBuffer::close);
            }
            shared = Optional.empty();
        } finally {
            sharedLock.unlock();
        }
    }
}
