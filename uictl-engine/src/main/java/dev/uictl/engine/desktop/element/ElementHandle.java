package dev.uictl.engine.desktop.element;

/**
 * An accessible element, opaque outside its adapter: {@code app} names the owning application's endpoint (AT-SPI:
 * its unique bus name), {@code path} the element within it (AT-SPI: the object path).
 */
public record ElementHandle(String app, String path) {
    @Override
    public String toString() {
        return app + path;
    }
}
