package dev.uictl.atspi.iface;

import java.util.Map;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.types.Variant;

/**
 * {@code org.a11y.atspi.Event.Object} signals, all {@code (siiva{sv})}: detail, detail1, detail2, any data,
 * properties. Register interest with {@link Registry#RegisterEvent} first (e.g. {@code object:state-changed}).
 */
@DBusInterfaceName("org.a11y.atspi.Event.Object")
public interface ObjectEvents extends DBusInterface {

    /** A state changed: detail names it ({@code checked}, {@code showing}…), detail1 is 1 when it was set. */
    final class StateChanged extends AtspiSignal {
        public StateChanged(String path, String detail, int detail1, int detail2, Variant<?> data,
                            Map<String, Variant<?>> properties) throws DBusException {
            super(path, detail, detail1, detail2, data, properties);
        }
    }

    /** Children added or removed: detail {@code add}/{@code remove}, detail1 the index, data the child (so). */
    final class ChildrenChanged extends AtspiSignal {
        public ChildrenChanged(String path, String detail, int detail1, int detail2, Variant<?> data,
                               Map<String, Variant<?>> properties) throws DBusException {
            super(path, detail, detail1, detail2, data, properties);
        }
    }

    /** A property changed: detail names it ({@code accessible-name}, {@code accessible-value}…). */
    final class PropertyChange extends AtspiSignal {
        public PropertyChange(String path, String detail, int detail1, int detail2, Variant<?> data,
                              Map<String, Variant<?>> properties) throws DBusException {
            super(path, detail, detail1, detail2, data, properties);
        }
    }

    /** Text inserted or deleted. */
    final class TextChanged extends AtspiSignal {
        public TextChanged(String path, String detail, int detail1, int detail2, Variant<?> data,
                           Map<String, Variant<?>> properties) throws DBusException {
            super(path, detail, detail1, detail2, data, properties);
        }
    }

    /** The object moved or was resized ({@code object:bounds-changed}). */
    final class BoundsChanged extends AtspiSignal {
        public BoundsChanged(String path, String detail, int detail1, int detail2, Variant<?> data,
                             Map<String, Variant<?>> properties) throws DBusException {
            super(path, detail, detail1, detail2, data, properties);
        }
    }

    /** Rows were inserted into a table ({@code object:row-inserted}). */
    final class RowInserted extends AtspiSignal {
        public RowInserted(String path, String detail, int detail1, int detail2, Variant<?> data,
                           Map<String, Variant<?>> properties) throws DBusException {
            super(path, detail, detail1, detail2, data, properties);
        }
    }

    /** Rows were deleted from a table ({@code object:row-deleted}). */
    final class RowDeleted extends AtspiSignal {
        public RowDeleted(String path, String detail, int detail1, int detail2, Variant<?> data,
                          Map<String, Variant<?>> properties) throws DBusException {
            super(path, detail, detail1, detail2, data, properties);
        }
    }

    /** A table's rows were reordered ({@code object:row-reordered}). */
    final class RowReordered extends AtspiSignal {
        public RowReordered(String path, String detail, int detail1, int detail2, Variant<?> data,
                            Map<String, Variant<?>> properties) throws DBusException {
            super(path, detail, detail1, detail2, data, properties);
        }
    }

    /** A table's model was replaced ({@code object:model-changed}). */
    final class ModelChanged extends AtspiSignal {
        public ModelChanged(String path, String detail, int detail1, int detail2, Variant<?> data,
                            Map<String, Variant<?>> properties) throws DBusException {
            super(path, detail, detail1, detail2, data, properties);
        }
    }

    /** The object's visible data changed. */
    final class VisibleDataChanged extends AtspiSignal {
        public VisibleDataChanged(String path, String detail, int detail1, int detail2, Variant<?> data,
                                  Map<String, Variant<?>> properties) throws DBusException {
            super(path, detail, detail1, detail2, data, properties);
        }
    }
}
