package dev.uictl.vt.parser;

/**
 * Receives what the {@link Parser} recognised, without meaning attached (alacritty/vte's {@code Perform}).
 *
 * <p>{@code collected} packs the intermediate and private-marker bytes in arrival order, one byte per 8 bits,
 * the first byte highest: {@code CSI ? 1 2 $ p} arrives with {@code collected == ('?' << 8 | '$')}. Dispatchers
 * switch on {@link Parser#key(int, int)} to match a whole sequence with one constant.
 */
public interface Performer {

    /** A printable code point (already UTF-8 decoded; invalid input arrives as U+FFFD). */
    void print(int codePoint);

    /**
     * A run of printable ASCII (0x20–0x7E), the fast path of the ground state. The default prints one by one;
     * implementations override it to write a whole run at once.
     */
    default void printAscii(byte[] data, int from, int to) {
        for (int i = from; i < to; i++) print(data[i]);
    }

    /** A C0 control character (0x00–0x1F). */
    void execute(int control);

    void csiDispatch(Params params, int collected, int finalByte);

    void escDispatch(int collected, int finalByte);

    /** An OSC string, raw bytes without the terminator; {@code data} is borrowed. */
    void oscDispatch(byte[] data, int length);

    /** Start of a DCS string; {@link #put} follows for each data byte, then {@link #unhook}. */
    default void hook(Params params, int collected, int finalByte) {}

    default void put(int b) {}

    default void unhook() {}

    /** A sequence the parser had to drop (too many intermediates, CSI ignore state, SOS/PM/APC strings). */
    default void ignored(String description) {}
}
