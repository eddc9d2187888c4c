package dev.uictl.engine.desktop.capture;

import java.util.Locale;

/** The encodings a screenshot can be written in. */
public enum ImageFormat {
    PNG("png"), JPEG("jpg");

    private final String extension;

    ImageFormat(String extension) {
        this.extension = extension;
    }

    public String extension() {
        return extension;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Encodes the image; {@code quality} (1..100) matters only for JPEG. */
    public byte[] encode(RgbImage image, int quality) {
        return switch (this) {
            case PNG -> PngEncoder.encode(image);
            case JPEG -> JpegEncoder.encode(image, quality);
        };
    }
}
