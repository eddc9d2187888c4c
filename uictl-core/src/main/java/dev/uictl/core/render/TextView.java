package dev.uictl.core.render;

/** Output records that know a better human/`--format text` rendering than the generic one. */
public interface TextView {
    String toText();
}
