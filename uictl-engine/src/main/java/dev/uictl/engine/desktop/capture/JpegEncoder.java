package dev.uictl.engine.desktop.capture;

import java.awt.Point;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.awt.image.DirectColorModel;
import java.awt.image.Raster;
import java.awt.image.SinglePixelPackedSampleModel;
import java.awt.image.WritableRaster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/** Baseline JPEG through the JDK's ImageIO writer, with an explicit quality; the pixels are wrapped, not copied. */
public final class JpegEncoder {
    private static final int[] RGB_MASKS = {0xFF0000, 0xFF00, 0xFF};

    private JpegEncoder() {
    }

    /** @param quality 1 (smallest) to 100 (best), the scale libjpeg's {@code -quality} uses */
    public static byte[] encode(RgbImage image, int quality) {
        if (quality < 1 || quality > 100) {
            throw new IllegalArgumentException("JPEG quality must be 1..100, got " + quality);
        }
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(image.width() * image.height() / 4);
        try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(quality / 100f);
            writer.setOutput(out);
            writer.write(null, new IIOImage(wrap(image), null, null), param);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }

    /** A BufferedImage view of the pixels; the colour model's masks ignore the undefined top byte. */
    static BufferedImage wrap(RgbImage image) {
        DataBufferInt buffer = new DataBufferInt(image.pixels(), image.width() * image.height());
        SinglePixelPackedSampleModel model = new SinglePixelPackedSampleModel(buffer.getDataType(), image.width(),
                image.height(), RGB_MASKS);
        WritableRaster raster = Raster.createWritableRaster(model, buffer, new Point(0, 0));
        return new BufferedImage(new DirectColorModel(24, RGB_MASKS[0], RGB_MASKS[1], RGB_MASKS[2]), raster, false,
                null);
    }
}
