package dev.uictl.engine.terminal;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

/**
 * Equally styled characters of one width side by side on a row: the compact form of {@code cells} ({@link CellRuns}).
 * Cells no run covers are blank, unstyled and one column wide.
 */
@Describe("A run of equally styled characters of one width, from column col; cells no run covers are default blanks")
public record CellRun(
        @Describe("The column of the run's first cell") int col,
        @Describe("The characters, one cell each (one code point each unless cluster is true)") String text,
        @Nullable @Describe("Columns each character takes: 2 for wide characters (each followed by its continuation "
                + "cell, ch \"\" width 0), 0 for a lone continuation cell (text \"\"); omitted for 1") Integer width,
        @Nullable @Describe("True when text is a single cell of several code points (combining marks, emoji "
                + "sequences)") Boolean cluster,
        @Nullable @Describe("Omitted for the default style") RunStyle style) {

    /** A cell rendition without its defaults: only non-default colours and the attributes that are on. */
    @Describe("A rendition listing only what differs from the default (colours as in cells, attributes that are on)")
    public record RunStyle(@Nullable Object fg, @Nullable Object bg, @Nullable Boolean bold, @Nullable Boolean dim,
                           @Nullable Boolean italic, @Nullable Boolean underline, @Nullable Boolean inverse,
                           @Nullable Boolean strike) {
    }
}
