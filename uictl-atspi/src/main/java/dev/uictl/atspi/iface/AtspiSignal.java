package dev.uictl.atspi.iface;

import java.util.Map;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.DBusSignal;
import org.freedesktop.dbus.types.Variant;

/** The common {@code (siiva{sv})} body of every AT-SPI event signal. */
public abstract class AtspiSignal extends DBusSignal {
    private final String detail;
    private final int detail1;
    private final int detail2;
    private final Variant<?> data;

    protected AtspiSignal(String path, String detail, int detail1, int detail2, Variant<?> data,
                          Map<String, Variant<?>> properties) throws DBusException {
        super(path, detail, detail1, detail2, data, properties);
        this.detail = detail;
        this.detail1 = detail1;
        this.detail2 = detail2;
        this.data = data;
    }

    public String detail() {
        return detail;
    }

    public int detail1() {
        return detail1;
    }

    public int detail2() {
        return detail2;
    }

    public Variant<?> data() {
        return data;
    }
}
