package dev.uictl.engine.desktop.capture.codec;

import dev.uictl.engine.desktop.capture.RgbImage;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import javax.imageio.ImageIO;

/** How far an encoded image decodes (ImageIO) from the pixels it was made of, over the three colour channels. */
record ImageDifference(double meanAbsolute, double psnrDb) {
    static ImageDifference of(RgbImage expected, byte[] encoded) throws IOException {
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(encoded));
        long absolute = 0;
        double squares = 0;
        for (int y = 0; y < expected.height(); y++) {
            for (int x = 0; x < expected.width(); x++) {
                int a = decoded.getRGB(x, y);
                int b = expected.rgb(x, y);
                for (int shift = 0; shift <= 16; shift += 8) {
                    int d = ((a >> shift) & 0xFF) - ((b >> shift) & 0xFF);
                    absolute += Math.abs(d);
                    squares += d * d;
                }
            }
        }
        double samples = (double) expected.width() * expected.height() * 3;
        return new ImageDifference(absolute / samples, 10 * Math.log10(255.0 * 255.0 / (squares / samples)));
    }
}
