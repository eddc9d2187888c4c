package dev.uictl.engine.desktop.capture;

import dev.uictl.engine.desktop.capture.codec.ImageEncoders;
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
            case PNG -> ImageEncoders.installed().png().encoder().encode(image, quality);
            case JPEG -> ImageEncoders.installed().jpeg().encoder().encode(image, quality);
        };
    }
}
