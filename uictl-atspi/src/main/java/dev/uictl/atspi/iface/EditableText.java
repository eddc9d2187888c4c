package dev.uictl.atspi.iface;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;

/** {@code org.a11y.atspi.EditableText}. */
@DBusInterfaceName("org.a11y.atspi.EditableText")
public interface EditableText extends DBusInterface {
    String NAME = "org.a11y.atspi.EditableText";

    boolean SetTextContents(String newContents);

    boolean InsertText(Integer position, String text, Integer length);

    void CopyText(Integer startPos, Integer endPos);

    boolean CutText(Integer startPos, Integer endPos);

    boolean DeleteText(Integer startPos, Integer endPos);

    boolean PasteText(Integer position);
}
