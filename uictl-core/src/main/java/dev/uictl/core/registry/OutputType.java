package dev.uictl.core.registry;

/** A named output type: the JSON Schema id (`uictl schema NAME`) and the record that produces it. */
public record OutputType(String name, Class<?> type, String description) {
}
