package dev.uictl.vt.keys;

import dev.uictl.vt.KeyModes;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * Turns tmux/ht style key names into the bytes an xterm-256color terminal sends, following the program's current
 * modes (DECCKM for cursor keys, DECKPAM for the keypad, 2004 for paste). Modified special keys use the xterm form
 * {@code CSI 1;m X} / {@code CSI n;m ~} with m = 1 + Shift + 2·Alt + 4·Ctrl.
 */
public final class KeyEncoder {

    private static final byte ESC = 0x1B;
    private static final String PASTE_START = "\033[200~";
    private static final String PASTE_END = "\033[201~";

    private static final int SHIFT = 1;
    private static final int ALT = 2;
    private static final int CTRL = 4;

    /** A special key: {@code letter} keys use SS3/CSI + letter, {@code tilde} keys use CSI n ~. */
    private record Special(char letter, int tilde, boolean cursor) {}

    private static final Map<String, Special> SPECIALS = Map.ofEntries(
            Map.entry("up", new Special('A', 0, true)),
            Map.entry("down", new Special('B', 0, true)),
            Map.entry("right", new Special('C', 0, true)),
            Map.entry("left", new Special('D', 0, true)),
            Map.entry("home", new Special('H', 0, true)),
            Map.entry("end", new Special('F', 0, true)),
            Map.entry("f1", new Special('P', 0, false)),
            Map.entry("f2", new Special('Q', 0, false)),
            Map.entry("f3", new Special('R', 0, false)),
            Map.entry("f4", new Special('S', 0, false)),
            Map.entry("ic", new Special('~', 2, false)),
            Map.entry("insert", new Special('~', 2, false)),
            Map.entry("dc", new Special('~', 3, false)),
            Map.entry("delete", new Special('~', 3, false)),
            Map.entry("pgup", new Special('~', 5, false)),
            Map.entry("pageup", new Special('~', 5, false)),
            Map.entry("ppage", new Special('~', 5, false)),
            Map.entry("pgdn", new Special('~', 6, false)),
            Map.entry("pagedown", new Special('~', 6, false)),
            Map.entry("npage", new Special('~', 6, false)),
            Map.entry("f5", new Special('~', 15, false)),
            Map.entry("f6", new Special('~', 17, false)),
            Map.entry("f7", new Special('~', 18, false)),
            Map.entry("f8", new Special('~', 19, false)),
            Map.entry("f9", new Special('~', 20, false)),
            Map.entry("f10", new Special('~', 21, false)),
            Map.entry("f11", new Special('~', 23, false)),
            Map.entry("f12", new Special('~', 24, false)));

    /** Keypad keys: the character in numeric mode, SS3 + letter in application keypad mode. */
    private static final Map<String, String> KEYPAD = Map.ofEntries(
            Map.entry("kp0", "0p"), Map.entry("kp1", "1q"), Map.entry("kp2", "2r"), Map.entry("kp3", "3s"),
            Map.entry("kp4", "4t"), Map.entry("kp5", "5u"), Map.entry("kp6", "6v"), Map.entry("kp7", "7w"),
            Map.entry("kp8", "8x"), Map.entry("kp9", "9y"), Map.entry("kp/", "/o"), Map.entry("kp*", "*j"),
            Map.entry("kp-", "-m"), Map.entry("kp+", "+k"), Map.entry("kp.", ".n"), Map.entry("kpenter", "\rM"));

    private KeyEncoder() {}

    /** Bytes for one key such as {@code Enter}, {@code C-c}, {@code M-Up} or {@code x}. */
    public static byte[] encode(String key, KeyModes modes) {
        if (key == null || key.isEmpty()) throw new KeySyntaxException(String.valueOf(key), "empty key");
        int mods = 0;
        String rest = key;
        while (true) {
            if (rest.length() > 2 && rest.charAt(1) == '-') {
                int mod = switch (rest.charAt(0)) {
                    case 'C', 'c' -> CTRL;
                    case 'M', 'm' -> ALT;
                    case 'S', 's' -> SHIFT;
                    default -> 0;
                };
                if (mod == 0) break;
                mods |= mod;
                rest = rest.substring(2);
            } else if (rest.length() == 2 && rest.charAt(0) == '^') {
                mods |= CTRL;
                rest = rest.substring(1);
            } else {
                break;
            }
        }
        var out = new ByteArrayOutputStream(8);
        if (rest.codePointCount(0, rest.length()) == 1) {
            character(key, rest.codePointAt(0), mods, out);
        } else {
            named(key, rest.toLowerCase(Locale.ROOT), mods, modes, out);
        }
        return out.toByteArray();
    }

    /** Text to paste: wrapped in ESC[200~ … ESC[201~ when the program enabled bracketed paste (end markers inside are removed). */
    public static byte[] paste(String text, KeyModes modes) {
        if (!modes.bracketedPaste()) return text.getBytes(StandardCharsets.UTF_8);
        String body = text.replace(PASTE_END, "");
        return (PASTE_START + body + PASTE_END).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Shift only makes a letter upper case, and Ctrl only exists for the characters with a C0 code: xterm sends
     * any other combination as the bare character, which would be a different key, so those are refused.
     */
    private static void character(String key, int cp, int mods, ByteArrayOutputStream out) {
        boolean letter = (cp | 0x20) >= 'a' && (cp | 0x20) <= 'z';
        if ((mods & SHIFT) != 0) {
            if (!letter || (mods & CTRL) != 0) throw unencodable(key, mods & (SHIFT | CTRL), Character.toString(cp));
            cp &= ~0x20;
        }
        if ((mods & CTRL) != 0) {
            int code = control(cp);
            if (code < 0) throw unencodable(key, CTRL, Character.toString(cp));
            cp = code;
        }
        if ((mods & ALT) != 0) out.write(ESC);
        out.writeBytes(Character.toString(cp).getBytes(StandardCharsets.UTF_8));
    }

    /** The C0 code xterm sends for Ctrl + the key, or -1 when it has none (xterm then sends the key unchanged). */
    private static int control(int cp) {
        if (cp >= 'a' && cp <= 'z') return cp - 'a' + 1;
        if (cp >= '@' && cp <= '_') return cp - '@';   // @ A-Z [ \ ] ^ _
        return switch (cp) {
            case ' ', '2' -> 0;
            case '3' -> 0x1B;
            case '4' -> 0x1C;
            case '5' -> 0x1D;
            case '6', '~' -> 0x1E;
            case '7', '/' -> 0x1F;
            case '8', '?' -> 0x7F;
            default -> -1;
        };
    }

    /** A chord whose modifiers the xterm keyboard encoding cannot carry: sending it would send another key. */
    private static KeySyntaxException unencodable(String key, int mods, String name) {
        var chord = new StringBuilder();
        if ((mods & CTRL) != 0) chord.append("Ctrl+");
        if ((mods & ALT) != 0) chord.append("Alt+");
        if ((mods & SHIFT) != 0) chord.append("Shift+");
        return new KeySyntaxException(key, chord + name + " has no encoding in the terminal's keyboard mode (the "
                + "program would receive " + name + " without the modifier)");
    }

    /** Refuses the modifiers of {@code mods} that {@code allowed} does not include. */
    private static void only(int allowed, String key, int mods, String name) {
        if ((mods & ~allowed) != 0) throw unencodable(key, mods & ~allowed, name);
    }

    private static void named(String key, String name, int mods, KeyModes modes, ByteArrayOutputStream out) {
        switch (name) {
            case "enter" -> {
                only(ALT, key, mods, "Enter");
                simple('\r', mods, out);
            }
            case "tab" -> {
                only(ALT | SHIFT, key, mods, "Tab");
                if ((mods & SHIFT) != 0) csiModified('Z', 0, mods & ~SHIFT, out);
                else simple('\t', mods, out);
            }
            case "btab" -> {
                only(ALT | SHIFT, key, mods, "BTab");
                csiModified('Z', 0, mods & ~SHIFT, out);
            }
            case "escape", "esc" -> {
                only(ALT, key, mods, "Escape");
                simple(ESC, mods, out);
            }
            case "bspace", "backspace" -> {
                only(ALT | CTRL, key, mods, "BSpace");
                if ((mods & CTRL) != 0) simple(0x08, mods & ~CTRL, out);
                else simple(0x7F, mods, out);
            }
            case "space" -> {
                only(ALT | CTRL, key, mods, "Space");
                if ((mods & CTRL) != 0) simple(0, mods & ~CTRL, out);
                else simple(' ', mods, out);
            }
            default -> {
                Special special = SPECIALS.get(name);
                String keypad = KEYPAD.get(name);
                if (special != null) special(special, mods, modes, out);
                else if (keypad != null) {
                    only(ALT, key, mods, name.toUpperCase(Locale.ROOT));
                    keypad(keypad, mods, modes, out);
                }
                else throw new KeySyntaxException(key, "unknown key name '" + name + "'");
            }
        }
    }

    private static void simple(int b, int mods, ByteArrayOutputStream out) {
        if ((mods & ALT) != 0) out.write(ESC);
        out.write(b);
    }

    private static void special(Special k, int mods, KeyModes modes, ByteArrayOutputStream out) {
        if (k.tilde() != 0) {
            csiModified('~', k.tilde(), mods, out);
        } else if (mods != 0) {
            csiModified(k.letter(), 1, mods, out);
        } else if (!k.cursor() || modes.applicationCursor()) {
            out.writeBytes(new byte[]{ESC, 'O', (byte) k.letter()});
        } else {
            out.writeBytes(new byte[]{ESC, '[', (byte) k.letter()});
        }
    }

    private static void keypad(String entry, int mods, KeyModes modes, ByteArrayOutputStream out) {
        if ((mods & ALT) != 0) out.write(ESC);
        if (modes.applicationKeypad()) out.writeBytes(new byte[]{ESC, 'O', (byte) entry.charAt(1)});
        else out.write(entry.charAt(0));
    }

    /** CSI [n][;m] final, where m is sent only with modifiers (n defaults to 1 then). */
    private static void csiModified(char finalByte, int n, int mods, ByteArrayOutputStream out) {
        var sb = new StringBuilder("\033[");
        if (mods != 0) sb.append(n == 0 ? 1 : n).append(';').append(1 + mods);
        else if (n != 0) sb.append(n);
        sb.append(finalByte);
        out.writeBytes(sb.toString().getBytes(StandardCharsets.US_ASCII));
    }
}
