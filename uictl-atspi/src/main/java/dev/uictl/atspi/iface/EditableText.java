package dev.uictl.atspi.iface;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;

/** {@code org.a11y.atspi.EditableText}. */
@DBusInterfaceName("org.a11y.atspi.EditableText")
public interface EditableText extends DBusInterface {
    String NAME = "org.a11y.atspi.EditableText";

    boolean SetTextContents(String newContents);

    boolean InsertText(int position, String text, int length);

    void CopyText(int startPos, int endPos);

    boolean CutText(int startPos, int endPos);

    boolean DeleteText(int startPos, int endPos);

    boolean PasteText(int position);
}
