package dev.uictl.engine.desktop.capture.codec;

import dev.uictl.engine.desktop.capture.RgbImage;
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
public final class JpegEncoder implements ImageEncoder {
    /** The one instance: the encoder keeps no state between images. */
    public static final JpegEncoder INSTANCE = new JpegEncoder();
    private static final int[] RGB_MASKS = {0xFF0000, 0xFF00, 0xFF};

    private JpegEncoder() {
    }

    @Override
    public String name() {
        return "javax.imageio JPEG writer (4:2:0)";
    }

    @Override
    public byte[] encode(RgbImage image, int quality) {
        return encodeWithImageIo(image, quality);
    }

    /** @param quality 1 (smallest) to 100 (best), the scale libjpeg's {@code -quality} uses */
    public static byte[] encodeWithImageIo(RgbImage image, int quality) {
        ImageEncoder.checkQuality(quality);
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
