package dev.uictl.engine.desktop.capture;

/**
 * Resizes by area averaging: each output pixel is the coverage-weighted mean of the source pixels under it, done as a
 * horizontal then a vertical pass with fixed-point weights. Downscaled text stays legible (no aliasing as with
 * nearest neighbour) at a cost of a few milliseconds for a 1080p frame; upscaling degenerates to pixel replication.
 */
public final class ImageScaler {
    private static final int SHIFT = 14;
    private static final int ONE = 1 << SHIFT;

    private ImageScaler() {
    }

    /** The size an image of {@code size} pixels has after scaling by {@code factor} (at least one pixel). */
    public static int scaledSize(int size, double factor) {
        return Math.max(1, (int) Math.round(size * factor));
    }

    public static RgbImage scale(RgbImage src, double factor) {
        int w = scaledSize(src.width(), factor);
        int h = scaledSize(src.height(), factor);
        if (w == src.width() && h == src.height()) {
            return src;
        }
        Kernel horizontal = Kernel.of(src.width(), w);
        int[] across = new int[w * src.height()];
        for (int y = 0; y < src.height(); y++) {
            int row = y * src.width();
            for (int o = 0; o < w; o++) {
                int[] weights = horizontal.weights()[o];
                int s = row + horizontal.first()[o];
                int r = ONE / 2;
                int g = ONE / 2;
                int b = ONE / 2;
                for (int k = 0; k < weights.length; k++) {
                    int p = src.pixels()[s + k];
                    r += ((p >> 16) & 0xFF) * weights[k];
                    g += ((p >> 8) & 0xFF) * weights[k];
                    b += (p & 0xFF) * weights[k];
                }
                across[y * w + o] = (r >> SHIFT) << 16 | (g >> SHIFT) << 8 | (b >> SHIFT);
            }
        }
        // The vertical pass walks whole rows so memory is read in order.
        Kernel vertical = Kernel.of(src.height(), h);
        int[] out = new int[w * h];
        int[] r = new int[w];
        int[] g = new int[w];
        int[] b = new int[w];
        for (int o = 0; o < h; o++) {
            java.util.Arrays.fill(r, ONE / 2);
            java.util.Arrays.fill(g, ONE / 2);
            java.util.Arrays.fill(b, ONE / 2);
            int[] weights = vertical.weights()[o];
            for (int k = 0; k < weights.length; k++) {
                int row = (vertical.first()[o] + k) * w;
                int weight = weights[k];
                for (int x = 0; x < w; x++) {
                    int p = across[row + x];
                    r[x] += ((p >> 16) & 0xFF) * weight;
                    g[x] += ((p >> 8) & 0xFF) * weight;
                    b[x] += (p & 0xFF) * weight;
                }
            }
            for (int x = 0; x < w; x++) {
                out[o * w + x] = (r[x] >> SHIFT) << 16 | (g[x] >> SHIFT) << 8 | (b[x] >> SHIFT);
            }
        }
        return new RgbImage(w, h, out);
    }

    /** For each output index: the first source index it covers and the weights of the sources (summing to ONE). */
    private record Kernel(int[] first, int[][] weights) {
        static Kernel of(int srcSize, int dstSize) {
            double span = (double) srcSize / dstSize;
            int[] first = new int[dstSize];
            int[][] weights = new int[dstSize][];
            for (int o = 0; o < dstSize; o++) {
                double lo = o * span;
                double hi = Math.min(srcSize, (o + 1) * span);
                int i0 = Math.min(srcSize - 1, (int) Math.floor(lo));
                int i1 = Math.max(i0 + 1, Math.min(srcSize, (int) Math.ceil(hi)));
                int[] w = new int[i1 - i0];
                int total = 0;
                for (int i = i0; i < i1; i++) {
                    double cover = Math.min(hi, i + 1) - Math.max(lo, i);
                    w[i - i0] = (int) Math.round(Math.max(0, cover) / (hi - lo) * ONE);
                    total += w[i - i0];
                }
                w[largest(w)] += ONE - total; // rounding leftovers go where they distort least
                first[o] = i0;
                weights[o] = w;
            }
            return new Kernel(first, weights);
        }

        private static int largest(int[] w) {
            int best = 0;
            for (int i = 1; i < w.length; i++) {
                if (w[i] > w[best]) {
                    best = i;
                }
            }
            return best;
        }
    }
}
