package dev.uictl.atspi.iface;

import org.freedesktop.dbus.Struct;
import org.freedesktop.dbus.annotations.Position;

/** {@code (sss)}: one entry of {@code Action.GetActions}: name, localized description, key binding. */
public final class ActionInfo extends Struct {
    @Position(0)
    public final String name;
    @Position(1)
    public final String description;
    @Position(2)
    public final String keyBinding;

    public ActionInfo(String name, String description, String keyBinding) {
        this.name = name;
        this.description = description;
        this.keyBinding = keyBinding;
    }
}
