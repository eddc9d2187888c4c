package dev.uictl.engine.desktop.capture;

import java.util.Map;

/**
 * A 5x7 pixel font covering what marks are labelled with ({@code @w12}, {@code @e7}). Built in so annotating needs
 * no font files and no AWT font subsystem (whose first use costs a fontconfig scan), and renders identically
 * everywhere.
 */
final class BitmapFont {
    static final int WIDTH = 5;
    static final int HEIGHT = 7;

    private static final Map<Character, String[]> GLYPHS = Map.ofEntries(
            Map.entry('0', new String[] {".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."}),
            Map.entry('1', new String[] {"..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."}),
            Map.entry('2', new String[] {".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"}),
            Map.entry('3', new String[] {"#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."}),
            Map.entry('4', new String[] {"...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."}),
            Map.entry('5', new String[] {"#####", "#....", "####.", "....#", "....#", "#...#", ".###."}),
            Map.entry('6', new String[] {"..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."}),
            Map.entry('7', new String[] {"#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."}),
            Map.entry('8', new String[] {".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."}),
            Map.entry('9', new String[] {".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."}),
            Map.entry('@', new String[] {".###.", "#...#", "#.###", "#.#.#", "#.###", "#....", ".###."}),
            Map.entry('w', new String[] {".....", ".....", "#...#", "#...#", "#.#.#", "#.#.#", ".#.#."}),
            Map.entry('e', new String[] {".....", ".....", ".###.", "#...#", "#####", "#....", ".###."}));

    private BitmapFont() {
    }

    /** Whether the glyph of {@code c} has its pixel (column, row) set; unknown characters render as a box. */
    static boolean pixel(char c, int column, int row) {
        String[] glyph = GLYPHS.get(c);
        if (glyph == null) {
            return row == 0 || row == HEIGHT - 1 || column == 0 || column == WIDTH - 1;
        }
        return glyph[row].charAt(column) == '#';
    }
}
