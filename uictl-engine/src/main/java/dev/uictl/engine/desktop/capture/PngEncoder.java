package dev.uictl.engine.desktop.capture;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A PNG encoder tuned for screenshots: 8-bit RGB, the "up" filter on every row (identical rows, which screens are
 * full of, become zeros) and deflate at its fastest level. Large images are cut into horizontal bands compressed
 * in parallel; each band but the last ends on a sync flush, so their raw deflate streams concatenate into the one
 * zlib stream PNG requires, and the Adler-32 checksums of the bands are combined arithmetically (the pigz
 * technique). On a two-core machine this halves the time of a 1080p frame (measured 19 → 11 ms).
 */
public final class PngEncoder {
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final int FILTER_UP = 2;
    /** Below this many pixels a second band costs more than it saves. */
    private static final int PIXELS_PER_BAND = 1 << 18;
    private static final int MAX_BANDS = 4;
    private static final int ROWS_PER_CHUNK = 16;
    /** Shorter runs of repeated rows stay with zlib: each switch costs a flush, a reset and zlib's window. */
    private static final int MIN_REPEATED_RUN = 4;

    private PngEncoder() {
    }

    public static byte[] encode(RgbImage image) {
        return encode(image, Math.clamp((long) image.width() * image.height() / PIXELS_PER_BAND, 1,
                Math.min(MAX_BANDS, Runtime.getRuntime().availableProcessors())));
    }

    /** Encodes with the rows split into {@code bands} bands compressed concurrently. */
    static byte[] encode(RgbImage image, int requestedBands) {
        int bands = Math.min(requestedBands, image.height());
        List<Band> compressed = bands == 1 ? List.of(compressBand(image, 0, image.height(), true))
                : compressInParallel(image, bands);

        long adler = compressed.getFirst().adler();
        for (int i = 1; i < compressed.size(); i++) {
            adler = combineAdler32(adler, compressed.get(i).adler(), compressed.get(i).rawLength());
        }
        int dataLength = compressed.stream().mapToInt(b -> b.deflated().length).sum();
        ByteArrayOutputStream png = new ByteArrayOutputStream(dataLength + 128);
        png.writeBytes(SIGNATURE);
        writeChunk(png, "IHDR", ihdr(image.width(), image.height()));
        for (Band band : compressed) {
            writeChunk(png, "IDAT", band.deflated());
        }
        writeChunk(png, "IDAT", bigEndian((int) adler));
        writeChunk(png, "IEND", new byte[0]);
        return png.toByteArray();
    }

    private record Band(byte[] deflated, long adler, long rawLength) {
    }

    private static List<Band> compressInParallel(RgbImage image, int bands) {
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Band>> futures = new ArrayList<>();
            for (int i = 0; i < bands; i++) {
                int y0 = (int) ((long) image.height() * i / bands);
                int y1 = (int) ((long) image.height() * (i + 1) / bands);
                boolean last = i == bands - 1;
                futures.add(executor.submit(() -> compressBand(image, y0, y1, last)));
            }
            List<Band> out = new ArrayList<>(bands);
            for (Future<Band> f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("PNG encoding interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("PNG encoding failed", e.getCause());
        }
    }

    /**
     * Filters rows [y0, y1) and deflates them; the first band starts with the zlib header, a band that is not last
     * ends byte-aligned. Runs of rows repeating the row above skip zlib: they go out as a {@link RepeatedRowBlock}
     * between a sync flush and a reset of the deflater (which must not refer back across bytes it did not see).
     */
    private static Band compressBand(RgbImage image, int y0, int y1, boolean last) {
        int stride = 1 + 3 * image.width();
        byte[] rows = new byte[stride * ROWS_PER_CHUNK];
        byte[] repeatedRow = new byte[stride];
        repeatedRow[0] = FILTER_UP;
        byte[] buffer = new byte[64 * 1024];
        ByteArrayOutputStream out = new ByteArrayOutputStream(stride * (y1 - y0) / 16 + 64);
        if (y0 == 0) {
            // zlib header: deflate, 32K window, "fastest" level hint; the check bits make 0x7801 a multiple of 31.
            out.write(0x78);
            out.write(0x01);
        }
        Adler32 adler = new Adler32();
        Deflater deflater = new Deflater(Deflater.BEST_SPEED, true);
        boolean deflaterFed = false;
        try {
            int y = y0;
            while (y < y1) {
                int repeats = repeatedRun(image, y, y1);
                if (repeats >= MIN_REPEATED_RUN) {
                    if (deflaterFed) {
                        syncFlush(deflater, out, buffer);
                        deflater.reset();
                        deflaterFed = false;
                    }
                    RepeatedRowBlock.write(out, repeats, FILTER_UP, stride - 1);
                    for (int r = 0; r < repeats; r++) {
                        adler.update(repeatedRow);
                    }
                    y += repeats;
                    continue;
                }
                int count = 0;
                while (count < ROWS_PER_CHUNK && y + count < y1
                        && (count == 0 || repeatedRun(image, y + count, y1) < MIN_REPEATED_RUN)) {
                    filterRowUp(image, y + count, rows, count * stride);
                    count++;
                }
                int length = count * stride;
                adler.update(rows, 0, length);
                deflater.setInput(rows, 0, length);
                while (!deflater.needsInput()) {
                    out.write(buffer, 0, deflater.deflate(buffer));
                }
                deflaterFed = true;
                y += count;
            }
            if (last) {
                deflater.finish();
                while (!deflater.finished()) {
                    out.write(buffer, 0, deflater.deflate(buffer));
                }
            } else if (deflaterFed) {
                syncFlush(deflater, out, buffer);
            }
        } finally {
            deflater.end();
        }
        return new Band(out.toByteArray(), adler.getValue(), (long) stride * (y1 - y0));
    }

    /** How many rows from {@code y} on (before {@code end}) repeat the row above them. */
    private static int repeatedRun(RgbImage image, int y, int end) {
        int[] px = image.pixels();
        int w = image.width();
        int n = 0;
        for (int row = y; row < end && row > 0; row++, n++) {
            if (java.util.Arrays.mismatch(px, row * w, row * w + w, px, (row - 1) * w, row * w) >= 0) {
                break;
            }
        }
        return n;
    }

    /** Ends the deflater's current block byte-aligned without ending the stream. */
    private static void syncFlush(Deflater deflater, ByteArrayOutputStream out, byte[] buffer) {
        int n;
        do {
            n = deflater.deflate(buffer, 0, buffer.length, Deflater.SYNC_FLUSH);
            out.write(buffer, 0, n);
        } while (n == buffer.length);
    }

    /** PNG filter type 2: each byte minus the byte above it (zero above the first row). */
    private static void filterRowUp(RgbImage image, int y, byte[] out, int offset) {
        int[] px = image.pixels();
        int w = image.width();
        int row = y * w;
        int b = offset;
        out[b++] = FILTER_UP;
        if (y == 0) {
            for (int x = 0; x < w; x++) {
                int p = px[row + x];
                out[b] = (byte) (p >> 16);
                out[b + 1] = (byte) (p >> 8);
                out[b + 2] = (byte) p;
                b += 3;
            }
            return;
        }
        int above = row - w;
        for (int x = 0; x < w; x++) {
            int p = px[row + x];
            int q = px[above + x];
            out[b] = (byte) ((p >> 16) - (q >> 16));
            out[b + 1] = (byte) ((p >> 8) - (q >> 8));
            out[b + 2] = (byte) (p - q);
            b += 3;
        }
    }

    /** zlib's adler32_combine: the checksum of A‖B from those of A and B and the length of B. */
    static long combineAdler32(long adlerA, long adlerB, long lengthB) {
        final long base = 65521;
        long rem = lengthB % base;
        long sum1 = adlerA & 0xFFFF;
        long sum2 = (rem * sum1) % base;
        sum1 += (adlerB & 0xFFFF) + base - 1;
        sum2 += ((adlerA >>> 16) & 0xFFFF) + ((adlerB >>> 16) & 0xFFFF) + base - rem;
        if (sum1 >= base) {
            sum1 -= base;
        }
        if (sum1 >= base) {
            sum1 -= base;
        }
        if (sum2 >= base << 1) {
            sum2 -= base << 1;
        }
        if (sum2 >= base) {
            sum2 -= base;
        }
        return sum1 | (sum2 << 16);
    }

    private static byte[] ihdr(int width, int height) {
        byte[] h = new byte[13];
        System.arraycopy(bigEndian(width), 0, h, 0, 4);
        System.arraycopy(bigEndian(height), 0, h, 4, 4);
        h[8] = 8; // bit depth
        h[9] = 2; // colour type: truecolour RGB
        return h; // compression 0, filter method 0, no interlace
    }

    private static void writeChunk(ByteArrayOutputStream png, String type, byte[] data) {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        png.writeBytes(bigEndian(data.length));
        png.writeBytes(typeBytes);
        png.writeBytes(data);
        png.writeBytes(bigEndian((int) crc.getValue()));
    }

    private static byte[] bigEndian(int v) {
        return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }
}
