package dev.uictl.core.registry;

/** Value types a parameter can take; drives parsing, completion, capabilities and MCP input schemas. */
public enum ParamType {
    STRING("string"), INTEGER("integer"), NUMBER("number"), BOOLEAN("boolean"), ENUM("string"),
    /** Repeatable option or variadic positional: a list of strings. */
    STRING_LIST("array"),
    PATH("string");

    private final String jsonType;

    ParamType(String jsonType) {
        this.jsonType = jsonType;
    }

    public String jsonType() {
        return jsonType;
    }

    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
