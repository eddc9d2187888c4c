package dev.uictl.atspi.iface;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;

/** {@code org.a11y.atspi.Text}. Properties CharacterCount, CaretOffset. An end offset of -1 means the end. */
@DBusInterfaceName("org.a11y.atspi.Text")
public interface Text extends DBusInterface {
    String NAME = "org.a11y.atspi.Text";

    String GetText(Integer startOffset, Integer endOffset);

    boolean SetCaretOffset(Integer offset);

    int GetNSelections();

    boolean AddSelection(Integer startOffset, Integer endOffset);

    boolean SetSelection(Integer selectionNum, Integer startOffset, Integer endOffset);

    boolean RemoveSelection(Integer selectionNum);
}
