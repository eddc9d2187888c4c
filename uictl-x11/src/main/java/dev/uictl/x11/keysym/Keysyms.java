package dev.uictl.x11.keysym;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Keysym names and values (X11 keysymdef.h spelling) and the Unicode mapping: Latin-1 characters are their own
 * keysym, every other code point is {@code 0x01000000 + cp}. Lookups by name are case-insensitive and accept the
 * aliases people and agents type ("ctrl", "enter", "pgdn", "win").
 */
public final class Keysyms {
    public static final int NO_SYMBOL = 0;
    private static final int UNICODE_OFFSET = 0x01000000;

    /** Canonical X name → keysym, in a stable order (also the reverse table's source). */
    private static final Map<String, Integer> CANONICAL = new LinkedHashMap<>();
    /** Lower-case name or alias → keysym. */
    private static final Map<String, Integer> BY_NAME = new HashMap<>();
    private static final Map<Integer, String> BY_VALUE = new HashMap<>();

    static {
        String[] latin1 = {"space", "exclam", "quotedbl", "numbersign", "dollar", "percent", "ampersand",
                "apostrophe", "parenleft", "parenright", "asterisk", "plus", "comma", "minus", "period", "slash"};
        for (int i = 0; i < latin1.length; i++) {
            canonical(latin1[i], 0x20 + i);
        }
        for (char c = '0'; c <= '9'; c++) {
            canonical(String.valueOf(c), c);
        }
        String[] more = {"colon", "semicolon", "less", "equal", "greater", "question", "at"};
        for (int i = 0; i < more.length; i++) {
            canonical(more[i], 0x3a + i);
        }
        for (char c = 'A'; c <= 'Z'; c++) {
            canonical(String.valueOf(c), c);
        }
        String[] brackets = {"bracketleft", "backslash", "bracketright", "asciicircum", "underscore", "grave"};
        for (int i = 0; i < brackets.length; i++) {
            canonical(brackets[i], 0x5b + i);
        }
        for (char c = 'a'; c <= 'z'; c++) {
            canonical(String.valueOf(c), c);
        }
        canonical("braceleft", 0x7b);
        canonical("bar", 0x7c);
        canonical("braceright", 0x7d);
        canonical("asciitilde", 0x7e);

        // Latin-1 upper half, 0xa0..0xff, in keysymdef.h order.
        String[] latin1Upper = {"nobreakspace", "exclamdown", "cent", "sterling", "currency", "yen", "brokenbar", "section",
                "diaeresis", "copyright", "ordfeminine", "guillemotleft", "notsign", "hyphen", "registered",
                "macron", "degree", "plusminus", "twosuperior", "threesuperior", "acute", "mu", "paragraph",
                "periodcentered", "cedilla", "onesuperior", "masculine", "guillemotright", "onequarter", "onehalf",
                "threequarters", "questiondown", "Agrave", "Aacute", "Acircumflex", "Atilde", "Adiaeresis", "Aring",
                "AE", "Ccedilla", "Egrave", "Eacute", "Ecircumflex", "Ediaeresis", "Igrave", "Iacute",
                "Icircumflex", "Idiaeresis", "ETH", "Ntilde", "Ograve", "Oacute", "Ocircumflex", "Otilde",
                "Odiaeresis", "multiply", "Oslash", "Ugrave", "Uacute", "Ucircumflex", "Udiaeresis", "Yacute",
                "THORN", "ssharp", "agrave", "aacute", "acircumflex", "atilde", "adiaeresis", "aring", "ae",
                "ccedilla", "egrave", "eacute", "ecircumflex", "ediaeresis", "igrave", "iacute", "icircumflex",
                "idiaeresis", "eth", "ntilde", "ograve", "oacute", "ocircumflex", "otilde", "odiaeresis",
                "division", "oslash", "ugrave", "uacute", "ucircumflex", "udiaeresis", "yacute", "thorn",
                "ydiaeresis"};
        for (int i = 0; i < latin1Upper.length; i++) {
            canonical(latin1Upper[i], 0xa0 + i);
        }

        canonical("BackSpace", 0xff08);
        canonical("Tab", 0xff09);
        canonical("Linefeed", 0xff0a);
        canonical("Clear", 0xff0b);
        canonical("Return", 0xff0d);
        canonical("Pause", 0xff13);
        canonical("Scroll_Lock", 0xff14);
        canonical("Sys_Req", 0xff15);
        canonical("Escape", 0xff1b);
        canonical("Delete", 0xffff);
        canonical("Home", 0xff50);
        canonical("Left", 0xff51);
        canonical("Up", 0xff52);
        canonical("Right", 0xff53);
        canonical("Down", 0xff54);
        canonical("Prior", 0xff55);
        canonical("Next", 0xff56);
        canonical("End", 0xff57);
        canonical("Begin", 0xff58);
        canonical("Select", 0xff60);
        canonical("Print", 0xff61);
        canonical("Execute", 0xff62);
        canonical("Insert", 0xff63);
        canonical("Undo", 0xff65);
        canonical("Redo", 0xff66);
        canonical("Menu", 0xff67);
        canonical("Find", 0xff68);
        canonical("Cancel", 0xff69);
        canonical("Help", 0xff6a);
        canonical("Break", 0xff6b);
        canonical("Num_Lock", 0xff7f);
        canonical("KP_Space", 0xff80);
        canonical("KP_Tab", 0xff89);
        canonical("KP_Enter", 0xff8d);
        canonical("KP_Home", 0xff95);
        canonical("KP_Left", 0xff96);
        canonical("KP_Up", 0xff97);
        canonical("KP_Right", 0xff98);
        canonical("KP_Down", 0xff99);
        canonical("KP_Prior", 0xff9a);
        canonical("KP_Next", 0xff9b);
        canonical("KP_End", 0xff9c);
        canonical("KP_Begin", 0xff9d);
        canonical("KP_Insert", 0xff9e);
        canonical("KP_Delete", 0xff9f);
        canonical("KP_Equal", 0xffbd);
        canonical("KP_Multiply", 0xffaa);
        canonical("KP_Add", 0xffab);
        canonical("KP_Separator", 0xffac);
        canonical("KP_Subtract", 0xffad);
        canonical("KP_Decimal", 0xffae);
        canonical("KP_Divide", 0xffaf);
        for (int i = 0; i <= 9; i++) {
            canonical("KP_" + i, 0xffb0 + i);
        }
        for (int i = 1; i <= 35; i++) {
            canonical("F" + i, 0xffbe + i - 1);
        }
        canonical("Shift_L", 0xffe1);
        canonical("Shift_R", 0xffe2);
        canonical("Control_L", 0xffe3);
        canonical("Control_R", 0xffe4);
        canonical("Caps_Lock", 0xffe5);
        canonical("Shift_Lock", 0xffe6);
        canonical("Meta_L", 0xffe7);
        canonical("Meta_R", 0xffe8);
        canonical("Alt_L", 0xffe9);
        canonical("Alt_R", 0xffea);
        canonical("Super_L", 0xffeb);
        canonical("Super_R", 0xffec);
        canonical("Hyper_L", 0xffed);
        canonical("Hyper_R", 0xffee);
        canonical("ISO_Level3_Shift", 0xfe03);
        canonical("ISO_Left_Tab", 0xfe20);
        canonical("Mode_switch", 0xff7e);

        canonical("XF86AudioLowerVolume", 0x1008ff11);
        canonical("XF86AudioMute", 0x1008ff12);
        canonical("XF86AudioRaiseVolume", 0x1008ff13);
        canonical("XF86AudioPlay", 0x1008ff14);
        canonical("XF86AudioStop", 0x1008ff15);
        canonical("XF86AudioPrev", 0x1008ff16);
        canonical("XF86AudioNext", 0x1008ff17);
        canonical("XF86HomePage", 0x1008ff18);
        canonical("XF86Mail", 0x1008ff19);
        canonical("XF86Search", 0x1008ff1b);
        canonical("XF86Calculator", 0x1008ff1d);
        canonical("XF86Back", 0x1008ff26);
        canonical("XF86Forward", 0x1008ff27);
        canonical("XF86Refresh", 0x1008ff29);
        canonical("XF86MonBrightnessUp", 0x1008ff02);
        canonical("XF86MonBrightnessDown", 0x1008ff03);

        alias(0xff0d, "enter", "ret", "cr", "newline");
        alias(0xff1b, "esc");
        alias(0xff08, "bs", "bspace", "backspace");
        alias(0xffff, "del");
        alias(0xff63, "ins");
        alias(0xff55, "pageup", "pgup", "page_up");
        alias(0xff56, "pagedown", "pgdn", "page_down");
        alias(0xffe3, "ctrl", "control", "ctl", "c");
        alias(0xffe1, "shift", "s");
        alias(0xffe9, "alt", "option", "opt", "m");
        alias(0xffeb, "super", "win", "windows", "meta", "cmd", "command", "logo");
        alias(0xffe5, "capslock");
        alias(0xff7f, "numlock");
        alias(0xff14, "scrolllock");
        alias(0xff61, "printscreen", "prtsc", "print_screen");
        alias(0xfe03, "altgr");
        alias(0x20, "spacebar");
        alias(0x1008ff11, "volumedown");
        alias(0x1008ff13, "volumeup");
        alias(0x1008ff12, "mute");
    }

    private Keysyms() {
    }

    private static void canonical(String name, int keysym) {
        CANONICAL.put(name, keysym);
        BY_NAME.putIfAbsent(name.toLowerCase(Locale.ROOT), keysym);
        BY_VALUE.putIfAbsent(keysym, name);
    }

    /**
     * Aliases never shadow a canonical name: "c", "s" and "m" stay the letters when looked up alone; they only
     * mean Control, Shift and Meta as chord prefixes ("C-c" style), resolved by {@link #modifierAlias}.
     */
    private static void alias(int keysym, String... names) {
        for (String n : names) {
            if (n.length() > 1) {
                BY_NAME.putIfAbsent(n, keysym);
            }
        }
    }

    /** The keysym of a single-letter chord prefix: C (Control), S (Shift), M or A (Alt), W (Super). */
    public static Optional<Integer> modifierAlias(String prefix) {
        return switch (prefix) {
            case "C" -> Optional.of(0xffe3);
            case "S" -> Optional.of(0xffe1);
            case "M", "A" -> Optional.of(0xffe9);
            case "W" -> Optional.of(0xffeb);
            default -> Optional.empty();
        };
    }

    /**
     * The keysym a key name means: a single character (any Unicode), a name or alias ("Return", "enter",
     * "ctrl", "F5", "XF86AudioMute"), a hex value ("0xff0d") or the Unicode form "U20AC".
     */
    public static Optional<Integer> byName(String name) {
        if (name == null || name.isEmpty()) {
            return Optional.empty();
        }
        if (name.codePointCount(0, name.length()) == 1) {
            return Optional.of(forCodePoint(name.codePointAt(0)));
        }
        Integer known = CANONICAL.get(name);
        if (known == null) {
            known = BY_NAME.get(name.toLowerCase(Locale.ROOT));
        }
        if (known != null) {
            return Optional.of(known);
        }
        try {
            if (name.length() > 2 && (name.startsWith("0x") || name.startsWith("0X"))) {
                return Optional.of(Integer.parseUnsignedInt(name.substring(2), 16)).filter(v -> v != 0);
            }
            if (name.length() > 1 && (name.charAt(0) == 'U' || name.charAt(0) == 'u')
                    && name.substring(1).chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
                int cp = Integer.parseInt(name.substring(1), 16);
                return Character.isValidCodePoint(cp) ? Optional.of(forCodePoint(cp)) : Optional.empty();
            }
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** The keysym that types {@code cp}: Latin-1 directly, else the Unicode keysym; newline and tab as keys. */
    public static int forCodePoint(int cp) {
        return switch (cp) {
            case '\n', '\r' -> 0xff0d;
            case '\t' -> 0xff09;
            case '\b' -> 0xff08;
            case 0x1b -> 0xff1b;
            default -> (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) ? cp : UNICODE_OFFSET + cp;
        };
    }

    /** The character a keysym types, if any (Latin-1, Unicode keysyms, Return/Tab). */
    public static Optional<Integer> codePointOf(int keysym) {
        if ((keysym >= 0x20 && keysym <= 0x7e) || (keysym >= 0xa0 && keysym <= 0xff)) {
            return Optional.of(keysym);
        }
        if (keysym > UNICODE_OFFSET && keysym <= UNICODE_OFFSET + Character.MAX_CODE_POINT) {
            return Optional.of(keysym - UNICODE_OFFSET);
        }
        return switch (keysym) {
            case 0xff0d -> Optional.of((int) '\n');
            case 0xff09 -> Optional.of((int) '\t');
            default -> Optional.empty();
        };
    }

    /** The X name of a keysym: canonical names, "U20AC" for Unicode keysyms, else "0x…". */
    public static String name(int keysym) {
        String known = BY_VALUE.get(keysym);
        if (known != null) {
            return known;
        }
        if (keysym > UNICODE_OFFSET && keysym <= UNICODE_OFFSET + Character.MAX_CODE_POINT) {
            return String.format("U%04X", keysym - UNICODE_OFFSET);
        }
        return "0x" + Integer.toHexString(keysym);
    }

    /** Whether the keysym is one of the modifier keys (Shift, Control, Alt, Super, …). */
    public static boolean isModifier(int keysym) {
        return (keysym >= 0xffe1 && keysym <= 0xffee) || keysym == 0xfe03 || keysym == 0xff7e;
    }
}
