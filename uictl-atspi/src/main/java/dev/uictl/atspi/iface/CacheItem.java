package dev.uictl.atspi.iface;

import java.util.List;
import org.freedesktop.dbus.Struct;
import org.freedesktop.dbus.annotations.Position;
import org.freedesktop.dbus.types.UInt32;

/**
 * {@code ((so)(so)(so)iiassusau)}: one accessible as {@code Cache.GetItems} reports it (at-spi2 2.46 layout): itself,
 * its application, its parent, index in parent, child count, interfaces, name, role, description, state words.
 */
public final class CacheItem extends Struct {
    @Position(0)
    public final ObjectRef self;
    @Position(1)
    public final ObjectRef app;
    @Position(2)
    public final ObjectRef parent;
    @Position(3)
    public final int indexInParent;
    @Position(4)
    public final int childCount;
    @Position(5)
    public final List<String> interfaces;
    @Position(6)
    public final String name;
    @Position(7)
    public final UInt32 role;
    @Position(8)
    public final String description;
    @Position(9)
    public final List<UInt32> states;

    public CacheItem(ObjectRef self, ObjectRef app, ObjectRef parent, int indexInParent, int childCount,
                     List<String> interfaces, String name, UInt32 role, String description, List<UInt32> states) {
        this.self = self;
        this.app = app;
        this.parent = parent;
        this.indexInParent = indexInParent;
        this.childCount = childCount;
        this.interfaces = interfaces;
        this.name = name;
        this.role = role;
        this.description = description;
        this.states = states;
    }
}
