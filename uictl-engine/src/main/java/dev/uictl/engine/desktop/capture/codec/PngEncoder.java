package dev.uictl.engine.desktop.capture.codec;

import dev.uictl.engine.desktop.capture.RgbImage;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Adler32;
import java.util.zip.Checksum;
import java.util.zip.Deflater;

/**
 * A PNG encoder tuned for screenshots: 8-bit RGB, rows cut into horizontal bands compressed in parallel; each band
 * but the last ends on a sync flush, so their raw deflate streams concatenate into the one zlib stream PNG requires,
 * and the Adler-32 checksums of the bands are combined arithmetically (the pigz technique).
 *
 * <p>Each band picks its treatment from a sample of its rows. Screen-like rows (flat backgrounds, text) take the
 * "up" filter and zlib's fastest level; runs of rows repeating the row above skip zlib as {@link RepeatedRowBlock}s.
 * The last screen-like band may go to libdeflate instead, which has no sync flush but needs none there: its final
 * block ends the stream. Photo-like rows (few pixels equal their left neighbour) take the "sub" filter and Huffman
 * coding only, as a {@link HuffmanOnlyBlock}: string matching finds almost nothing in them (zlib's level 1 cost 2.5x
 * the time of its Huffman-only mode and came out 8% larger), and coding them here rather than through zlib's
 * Huffman-only mode took the daemon's CPU per 1080p photo-like PNG from 76 to 50 ms.
 */
public final class PngEncoder implements ImageEncoder {
    /** Below this many pixels a second band costs more than it saves. */
    private static final int PIXELS_PER_BAND = 1 << 18;
    private static final int MAX_BANDS = 4;
    /**
     * The input zlib may take after a reset before it slides its window, which rescans both hash tables (64 Ki
     * entries): twice its 32 KiB window less its 262-byte lookahead. A screen-like band is fed in chunks of at most
     * this and the deflater reset (after a sync flush) before a chunk that would pass it: on a text-heavy 1080p
     * frame the slides took 14% of the daemon's PNG CPU, and the resets cost ~2.5% in size (each chunk starts
     * without history; on 1920-pixel rows a chunk is 11 rows).
     */
    private static final int BYTES_BEFORE_SLIDE = 2 * 32 * 1024 - 262;
    /** Shorter runs of repeated rows stay with zlib: each switch costs a flush, a reset and zlib's window. */
    private static final int MIN_REPEATED_RUN = 4;
    /** Every this many rows of a band are sampled to tell photo-like from screen-like content. */
    private static final int SAMPLE_EVERY_ROWS = 8;

    /** zlib header: deflate, 32K window, "fastest" level hint; the check bits make 0x7801 a multiple of 31. */
    private static final byte[] ZLIB_HEADER = {0x78, 0x01};
    /** A final block with fixed codes holding only the end-of-block symbol: ends a stream after a byte boundary. */
    private static final byte[] FINAL_EMPTY_BLOCK = {0x03, 0x00};

    private static final PngEncoder PURE_JAVA = new PngEncoder(null);

    /** null: zlib compresses every band. */
    private final LibDeflate lastBandDeflate;

    private PngEncoder(LibDeflate lastBandDeflate) {
        this.lastBandDeflate = lastBandDeflate;
    }

    /** Every band through {@link Deflater}. */
    public static PngEncoder pureJava() {
        return PURE_JAVA;
    }

    /** The last band (the whole image when it is small) through libdeflate, the others through {@link Deflater}. */
    static PngEncoder withLibDeflate(LibDeflate deflate) {
        return new PngEncoder(deflate);
    }

    @Override
    public String name() {
        String photo = "own Huffman-only deflate blocks on photo-like rows, bands in parallel";
        return lastBandDeflate == null ? "java.util.zip.Deflater (level 1) on screen-like rows, " + photo
                : "libdeflate (" + LibDeflate.LIBRARY + ", level " + lastBandDeflate.level() + ") for the last "
                        + "screen-like band, java.util.zip.Deflater (level 1) for the others, " + photo;
    }

    @Override
    public byte[] encode(RgbImage image, int quality) {
        return encodeInBands(image, Math.toIntExact(Math.clamp((long) image.width() * image.height()
                / PIXELS_PER_BAND, 1, Math.min(MAX_BANDS, Runtime.getRuntime().availableProcessors()))));
    }

    /** Encodes with the rows split into {@code bands} bands compressed concurrently. */
    byte[] encodeInBands(RgbImage image, int requestedBands) {
        int bands = Math.min(requestedBands, image.height());
        List<Band> compressed = ParallelBands.encode(bands, band -> compressBand(image,
                (int) ((long) image.height() * band / bands), (int) ((long) image.height() * (band + 1) / bands),
                band == bands - 1), band -> { });

        long adler = compressed.getFirst().adler();
        for (int i = 1; i < compressed.size(); i++) {
            adler = combineAdler32(adler, compressed.get(i).adler(), compressed.get(i).rawLength());
        }
        // One buffer of the final size; each band's data is copied once, into its IDAT chunk.
        byte[] header = PngChunks.header(image.width(), image.height());
        long length = header.length + PngChunks.FRAMING + 4 + PngChunks.IEND.length;
        for (Band band : compressed) {
            length += PngChunks.FRAMING + band.deflated().length;
        }
        byte[] png = new byte[Math.toIntExact(length)];
        System.arraycopy(header, 0, png, 0, header.length);
        int offset = header.length;
        for (Band band : compressed) {
            System.arraycopy(band.deflated(), 0, png, offset + 8, band.deflated().length);
            offset = PngChunks.frame(png, offset, "IDAT", band.deflated().length);
        }
        PngChunks.putInt(png, offset + 8, (int) adler);
        offset = PngChunks.frame(png, offset, "IDAT", 4);
        System.arraycopy(PngChunks.IEND, 0, png, offset, PngChunks.IEND.length);
        return png;
    }

    private record Band(byte[] deflated, long adler, long rawLength) {
    }

    /** How a band's rows are filtered and compressed. */
    enum Content {
        SCREEN(PngFilter.UP), PHOTO(PngFilter.SUB);

        final int filter;

        Content(int filter) {
            this.filter = filter;
        }

        void filter(RgbImage image, int y, byte[] out, int offset) {
            if (filter == PngFilter.SUB) {
                PngFilter.sub(image, y, out, offset);
            } else {
                PngFilter.up(image, y, out, offset);
            }
        }

        /** Photo-like when fewer than half the sampled pixels equal the pixel to their left. */
        static Content of(RgbImage image, int y0, int y1) {
            int[] px = image.pixels();
            int w = image.width();
            long same = 0;
            long sampled = 0;
            for (int y = y0; y < y1; y += SAMPLE_EVERY_ROWS) {
                int row = y * w;
                for (int x = 1; x < w; x++) {
                    if (((px[row + x] ^ px[row + x - 1]) & 0xFFFFFF) == 0) {
                        same++;
                    }
                }
                sampled += w - 1;
            }
            return same * 2 < sampled ? PHOTO : SCREEN;
        }
    }

    private Band compressBand(RgbImage image, int y0, int y1, boolean last) {
        Content content = Content.of(image, y0, y1);
        if (content == Content.PHOTO) {
            return huffmanBand(image, y0, y1, last, adler32());
        }
        return last && lastBandDeflate != null ? libDeflateBand(image, y0, y1)
                : zlibBand(image, y0, y1, last, adler32());
    }

    /** libdeflate's Adler-32 when it is loaded: vectorised, where zlib's (behind {@link Adler32}) is not. */
    private Checksum adler32() {
        return lastBandDeflate != null ? lastBandDeflate.adler32() : new Adler32();
    }

    /** The band's rows through {@code content}'s filter into one buffer. */
    private static byte[] filtered(RgbImage image, int y0, int y1, Content content) {
        int stride = PngFilter.stride(image.width());
        byte[] rows = new byte[Math.multiplyExact(stride, y1 - y0)];
        for (int y = y0; y < y1; y++) {
            content.filter(image, y, rows, (y - y0) * stride);
        }
        return rows;
    }

    /** Photo-like rows "sub"-filtered and written as one {@link HuffmanOnlyBlock}; the last band ends the stream. */
    private static Band huffmanBand(RgbImage image, int y0, int y1, boolean last, Checksum adler) {
        byte[] rows = filtered(image, y0, y1, Content.PHOTO);
        adler.update(rows);
        byte[] out = HuffmanOnlyBlock.write(rows, rows.length, PngFilter.stride(image.width()),
                y0 == 0 ? ZLIB_HEADER : new byte[0], last ? FINAL_EMPTY_BLOCK : new byte[0]);
        return new Band(out, adler.getValue(), rows.length);
    }

    /** Screen-like rows filtered into one buffer and deflated by libdeflate in one call, ending the stream. */
    private Band libDeflateBand(RgbImage image, int y0, int y1) {
        byte[] rows = filtered(image, y0, y1, Content.SCREEN);
        int rawLength = rows.length;
        Checksum adler = adler32();
        adler.update(rows);
        int header = y0 == 0 ? ZLIB_HEADER.length : 0;
        byte[] out = new byte[Math.toIntExact(header + lastBandDeflate.bound(rawLength))];
        System.arraycopy(ZLIB_HEADER, 0, out, 0, header);
        int length = lastBandDeflate.compress(rows, rawLength, out, header);
        return new Band(Arrays.copyOf(out, header + length), adler.getValue(), rawLength);
    }

    /**
     * Filters rows [y0, y1) and deflates them; the first band starts with the zlib header, a band that is not last
     * ends byte-aligned. Runs of rows repeating the row above skip zlib: they go out as a {@link RepeatedRowBlock}
     * between a sync flush and a reset of the deflater (which must not refer back across bytes it did not see).
     */
    private static Band zlibBand(RgbImage image, int y0, int y1, boolean last, Checksum adler) {
        int stride = PngFilter.stride(image.width());
        int rowsPerChunk = Math.max(1, BYTES_BEFORE_SLIDE / stride);
        byte[] rows = new byte[stride * rowsPerChunk];
        byte[] repeatedRow = new byte[stride];
        repeatedRow[0] = PngFilter.UP;
        byte[] buffer = new byte[64 * 1024];
        ByteArrayOutputStream out = new ByteArrayOutputStream(stride * (y1 - y0) / 16 + 64);
        if (y0 == 0) {
            out.writeBytes(ZLIB_HEADER);
        }
        Deflater deflater = new Deflater(Deflater.BEST_SPEED, true);
        int fed = 0; // bytes since the deflater's last reset
        try {
            int y = y0;
            while (y < y1) {
                int repeats = repeatedRun(image, y, y1);
                if (repeats >= MIN_REPEATED_RUN) {
                    if (fed > 0) {
                        syncFlush(deflater, out, buffer);
                        deflater.reset();
                        fed = 0;
                    }
                    RepeatedRowBlock.write(out, repeats, PngFilter.UP, stride - 1);
                    for (int r = 0; r < repeats; r++) {
                        adler.update(repeatedRow);
                    }
                    y += repeats;
                    continue;
                }
                int count = 0;
                while (count < rowsPerChunk && y + count < y1
                        && (count == 0 || repeatedRun(image, y + count, y1) < MIN_REPEATED_RUN)) {
                    PngFilter.up(image, y + count, rows, count * stride);
                    count++;
                }
                int length = count * stride;
                adler.update(rows, 0, length);
                if (fed > 0 && fed + length > BYTES_BEFORE_SLIDE) {
                    syncFlush(deflater, out, buffer);
                    deflater.reset();
                    fed = 0;
                }
                deflater.setInput(rows, 0, length);
                while (!deflater.needsInput()) {
                    out.write(buffer, 0, deflater.deflate(buffer));
                }
                fed += length;
                y += count;
            }
            if (last) {
                deflater.finish();
                while (!deflater.finished()) {
                    out.write(buffer, 0, deflater.deflate(buffer));
                }
            } else if (fed > 0) {
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
            if (Arrays.mismatch(px, row * w, row * w + w, px, (row - 1) * w, row * w) >= 0) {
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
}
