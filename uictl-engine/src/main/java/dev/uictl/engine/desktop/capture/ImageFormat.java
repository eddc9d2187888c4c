package dev.uictl.engine.desktop.capture;

import dev.uictl.engine.desktop.capture.codec.ImageEncoder;
import dev.uictl.engine.desktop.capture.codec.ImageEncoders;
import dev.uictl.engine.desktop.capture.codec.InPlaceEncoder;
import java.util.Locale;
import java.util.Optional;

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
        return encoder().encode(image, quality);
    }

    /** The installed encoder when it can read pixels in place (native JPEG), so a capture need not be copied. */
    public Optional<InPlaceEncoder> inPlaceEncoder() {
        return encoder() instanceof InPlaceEncoder e ? Optional.of(e) : Optional.empty();
    }

    private ImageEncoder encoder() {
        return switch (this) {
            case PNG -> ImageEncoders.installed().png().encoder();
            case JPEG -> ImageEncoders.installed().jpeg().encoder();
        };
    }
}
