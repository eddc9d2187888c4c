package dev.uictl.x11.wire;

/** QueryExtension's answer: where an extension's requests, events and errors are numbered on this server. */
public record ExtensionInfo(String name, boolean present, int majorOpcode, int firstEvent, int firstError) {
}
