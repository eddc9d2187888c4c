package dev.uictl.engine.desktop.spi;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;

/** The one failure every port method answers by default: this backend cannot do that on this platform. */
public final class Unsupported {
    private Unsupported() {
    }

    /** {@code PLATFORM_NOT_SUPPORTED}, nothing delivered; {@code port} names the port ("window system", "input"). */
    public static UictlException of(String port, String what) {
        return UictlException.of(ErrorCode.PLATFORM_NOT_SUPPORTED, "this " + port + " backend does not support " + what)
                .withDetail("port", port)
                .withDelivery(Delivery.NOT_DELIVERED)
                .withHint("Run `uictl tools` to see which desktop backends are available.");
    }
}
