package dev.uictl.engine.system;

import dev.uictl.engine.desktop.capture.codec.ImageEncoders;
import java.util.Map;
import java.util.function.Function;

/** Which encoder screenshots of one format use: the native library, or the pure-Java fallback and why. */
final class EncoderProbe implements BackendProbe {
    private final String name;
    private final String format;
    private final Function<ImageEncoders, ImageEncoders.Choice> choice;

    private EncoderProbe(String name, String format, Function<ImageEncoders, ImageEncoders.Choice> choice) {
        this.name = name;
        this.format = format;
        this.choice = choice;
    }

    static EncoderProbe png() {
        return new EncoderProbe("libdeflate", "PNG", ImageEncoders::png);
    }

    static EncoderProbe jpeg() {
        return new EncoderProbe("libturbojpeg", "JPEG", ImageEncoders::jpeg);
    }

    @Override
    public ToolStatus probe(Map<String, String> env) {
        ImageEncoders.Choice c = choice.apply(ImageEncoders.installed());
        if (c.nativeInUse()) {
            return new ToolStatus(name, "library", true, null, c.library(),
                    format + " screenshots use " + c.encoder().name(), null);
        }
        return new ToolStatus(name, "library", false, null, null, c.fallbackReason() + "; " + format
                + " screenshots use the slower pure-Java " + c.encoder().name(), "apt-get install -y " + c.aptPackage());
    }
}
