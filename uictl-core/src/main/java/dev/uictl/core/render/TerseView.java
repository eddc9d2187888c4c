package dev.uictl.core.render;

/**
 * Output records with a shorter form for {@code --terse}: what the caller already knows (echoes of its input, values
 * unchanged since a base the record documents, empty lists, defaults) left out. The terse form must still validate
 * against the record's output schema, so everything it leaves out is optional there. The text format keeps
 * {@link TextView}'s rendering, which is compact already.
 */
public interface TerseView {
    /** The value written in place of this record under {@code --terse} (a record, a map or a JSON tree). */
    Object terse();
}
