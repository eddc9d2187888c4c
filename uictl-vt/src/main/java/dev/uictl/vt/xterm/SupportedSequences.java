package dev.uictl.vt.xterm;

import java.util.List;

/**
 * The sequences the emulator implements, by family: the source of {@code docs/vt-sequences.md} (xterm.js renders
 * its support page from {@code @vt} tags the same way). {@code SupportedSequencesTest} feeds every example to a
 * terminal and fails if one is reported unsupported, so the table cannot claim what the dispatch does not do.
 */
public final class SupportedSequences {

    /**
     * @param example bytes that exercise the entry, with ESC written as {@code \e}
     */
    public record Entry(String family, String mnemonic, String sequence, String description, String example) {}

    private SupportedSequences() {}

    public static final List<Entry> ALL = List.of(
            new Entry("C0", "BEL", "0x07", "Bell event", "\u0007"),
            new Entry("C0", "BS", "0x08", "Cursor left, stopping at the left margin (from a pending wrap: to the column before the last, as xterm); with reverse wraparound (45) back onto the soft-wrapped row above", "\b"),
            new Entry("C0", "HT", "0x09", "Next tab stop, at most the right margin", "\t"),
            new Entry("C0", "LF VT FF", "0x0A 0x0B 0x0C", "Line feed, scrolling the region between the margins at its bottom (with LNM also carriage return)", "\n\u000b\u000c"),
            new Entry("C0", "CR", "0x0D", "Carriage return to the left margin (column 0 from left of it)", "\r"),
            new Entry("C0", "SO SI", "0x0E 0x0F", "Select G1 / G0", "\u000e\u000f"),
            new Entry("ESC", "RIS", "ESC c", "Full reset (screen, modes, pen, tabs; scrollback and title kept)", "\\ec"),
            new Entry("ESC", "IND", "ESC D", "Index (line feed)", "\\eD"),
            new Entry("ESC", "NEL", "ESC E", "Next line", "\\eE"),
            new Entry("ESC", "HTS", "ESC H", "Set a tab stop at the cursor", "\\eH"),
            new Entry("ESC", "RI", "ESC M", "Reverse index, scrolling at the top margin", "\\eM"),
            new Entry("ESC", "DECKPAM DECKPNM", "ESC = / ESC >", "Application / numeric keypad", "\\e=\\e>"),
            new Entry("ESC", "DECBI DECFI", "ESC 6 / ESC 9", "Back / forward index: at the left / right margin the margins' contents shift one column", "\\e6\\e9"),
            new Entry("ESC", "DECSC DECRC", "ESC 7 / ESC 8", "Save / restore cursor, pen, protection, charsets, origin mode (one saved cursor per screen, as xterm)", "\\e7\\e8"),
            new Entry("ESC", "SPA EPA", "ESC V / ESC W", "Start / end an ISO protected area: ED, EL and ECH then spare protected cells", "\\eV\\eW"),
            new Entry("ESC", "DECALN", "ESC # 8", "Fill the screen with E", "\\e#8"),
            new Entry("ESC", "ST", "ESC \\", "String terminator", "\\e\\"),
            new Entry("Charsets", "SCS", "ESC ( 0 / ESC ) 0", "DEC Special Graphics (line drawing) into G0 / G1", "\\e(0\\e)0"),
            new Entry("Charsets", "SCS", "ESC ( B / ESC ) B", "ASCII into G0 / G1 (also A and U)", "\\e(B\\e)B"),
            new Entry("Cursor", "CUU CUD CUF CUB", "CSI Ps A/B/C/D", "Cursor up/down/forward/back, stopping at margins", "\\e[A\\e[2B\\e[C\\e[D"),
            new Entry("Cursor", "HPR VPR", "CSI Ps a / CSI Ps e", "Cursor forward / down relative to the position, not stopped by margins (xterm)", "\\e[2a\\e[e"),
            new Entry("Cursor", "HPB VPB", "CSI Ps j / CSI Ps k", "Cursor back / up, as CUB and CUU", "\\e[2j\\e[k"),
            new Entry("Cursor", "CNL CPL", "CSI Ps E / CSI Ps F", "Next / previous line", "\\e[E\\e[F"),
            new Entry("Cursor", "CHA HPA", "CSI Ps G / CSI Ps `", "Cursor to column (from the left margin in origin mode)", "\\e[5G\\e[3`"),
            new Entry("Cursor", "VPA", "CSI Ps d", "Cursor to row (origin mode aware)", "\\e[3d"),
            new Entry("Cursor", "CUP HVP", "CSI Ps ; Ps H / f", "Cursor position (from the region's top and the left margin in origin mode)", "\\e[2;3H\\e[f"),
            new Entry("Cursor", "CHT CBT", "CSI Ps I / CSI Ps Z", "Forward / backward tabulation", "\\e[I\\e[Z"),
            new Entry("Cursor", "TBC", "CSI 0 g / CSI 3 g", "Clear the tab stop at the cursor / all", "\\e[g\\e[3g"),
            new Entry("Cursor", "SCOSC SCORC", "CSI s / CSI u", "Save / restore cursor (CSI s is DECSLRM while DECLRMM is set)", "\\e[s\\e[u"),
            new Entry("Erase", "ED", "CSI Ps J", "Erase below / above / all (into the scrollback, as tmux) / scrollback (3)", "\\e[J\\e[1J\\e[2J\\e[3J"),
            new Entry("Erase", "DECSED", "CSI ? Ps J", "As ED 0–2, sparing cells protected by DECSCA", "\\e[?J"),
            new Entry("Erase", "EL", "CSI Ps K", "Erase right / left / whole line", "\\e[K\\e[1K\\e[2K"),
            new Entry("Erase", "DECSEL", "CSI ? Ps K", "As EL, sparing cells protected by DECSCA", "\\e[?K"),
            new Entry("Erase", "ECH", "CSI Ps X", "Erase characters", "\\e[3X"),
            new Entry("Erase", "ICH DCH", "CSI Ps @ / CSI Ps P", "Insert / delete characters up to the right margin; nothing outside the margins (xterm) or from a pending wrap (tmux)", "\\e[2@\\e[2P"),
            new Entry("Erase", "IL DL", "CSI Ps L / CSI Ps M", "Insert / delete lines in the scroll region between the margins; nothing with the cursor outside them (xterm)", "\\e[L\\e[M"),
            new Entry("Erase", "SU SD", "CSI Ps S / CSI Ps T", "Scroll the region up / down (between the left and right margins)", "\\e[S\\e[T"),
            new Entry("Erase", "DECIC DECDC", "CSI Ps ' } / CSI Ps ' ~", "Insert / delete columns at the cursor, within the region and margins", "\\e[2'}\\e['~"),
            new Entry("Erase", "DECSLRM", "CSI Pl ; Pr s", "Set the left and right margins while DECLRMM is set; cursor home", "\\e[?69h\\e[2;5s\\e[s\\e[?69l"),
            new Entry("Erase", "DECSTBM", "CSI Ps ; Ps r", "Set the scroll region; cursor home (the region's top in origin mode)", "\\e[2;3r\\e[r"),
            new Entry("Erase", "REP", "CSI Ps b", "Repeat the last printed character, wrapping like printing", "x\\e[3b"),
            new Entry("Rectangles", "DECFRA", "CSI Pch ; Pt ; Pl ; Pb ; Pr $ x", "Fill a rectangle with a character (origin mode counts from the margins)", "\\e[65;1;1;2;2$x"),
            new Entry("Rectangles", "DECERA DECSERA", "CSI Pt ; Pl ; Pb ; Pr $ z / $ {", "Erase a rectangle / its unprotected cells", "\\e[1;1;2;2$z\\e[1;1;2;2${"),
            new Entry("Rectangles", "DECCRA", "CSI Pts ; Pls ; Pbs ; Prs ; Pps ; Ptd ; Pld ; Ppd $ v", "Copy a rectangle (as through a buffer; clipped at the screen's edge)", "\\e[1;1;2;2;1;3;3;1$v"),
            new Entry("Rectangles", "DECSCA", "CSI Ps \" q", "Protect what is printed next from selective erase (1) or stop (0, 2)", "\\e[1\"q\\e[0\"q"),
            new Entry("SGR", "SGR", "CSI Pm m", "0 reset, 1 bold, 2 dim, 3 italic, 4 underline (4:0–4:5, 21), 7 inverse, 9 strike, "
                    + "22–29 resets; 5, 6, 8, 53, 55 accepted, not tracked", "\\e[1;2;3;4;7;9m\\e[4:3;21;22;23;24;27;29;5;8m\\e[m"),
            new Entry("SGR", "SGR colours", "CSI 30–37, 39, 40–47, 49, 90–97, 100–107 m", "Basic and bright colours, defaults", "\\e[31;42;94;103;39;49m"),
            new Entry("SGR", "SGR 256", "CSI 38;5;n m, 48;5;n, 38:5:n", "xterm 256-colour palette", "\\e[38;5;130;48:5:17m"),
            new Entry("SGR", "SGR RGB", "CSI 38;2;r;g;b m, 38:2::r:g:b, 38:2:r:g:b", "24-bit colour", "\\e[38;2;1;2;3;48:2::4:5:6m"),
            new Entry("Modes", "IRM", "CSI 4 h / l", "Insert mode", "\\e[4h\\e[4l"),
            new Entry("Modes", "Accepted", "CSI 2 / 12 h / l", "KAM, SRM: accepted without effect (DECRQM reports them)", "\\e[2h\\e[12h\\e[2l\\e[12l"),
            new Entry("Modes", "LNM", "CSI 20 h / l", "Line feed / new line mode", "\\e[20h\\e[20l"),
            new Entry("Modes", "DECCKM", "CSI ? 1 h / l", "Application cursor keys", "\\e[?1h\\e[?1l"),
            new Entry("Modes", "DECNKM", "CSI ? 66 h / l", "Application / numeric keypad, as DECKPAM / DECKPNM", "\\e[?66h\\e[?66l"),
            new Entry("Modes", "DECCOLM", "CSI ? 3 h / l", "Clears and homes (the width is not changed, as tmux)", "\\e[?3h\\e[?3l"),
            new Entry("Modes", "DECOM", "CSI ? 6 h / l", "Origin mode", "\\e[?6h\\e[?6l"),
            new Entry("Modes", "DECAWM", "CSI ? 7 h / l", "Autowrap (deferred wrap at the right margin)", "\\e[?7l\\e[?7h"),
            new Entry("Modes", "Reverse wraparound", "CSI ? 45 / 1045 h / l", "BS and CUB go back onto the wrapped row above (45) or any row above (1045), as xterm", "\\e[?45h\\e[?1045h\\e[?45l\\e[?1045l"),
            new Entry("Modes", "DECLRMM", "CSI ? 69 h / l", "Left and right margins may be set (reset: the whole width again)", "\\e[?69h\\e[?69l"),
            new Entry("Modes", "DECTCEM", "CSI ? 25 h / l", "Cursor visible", "\\e[?25l\\e[?25h"),
            new Entry("Modes", "Mouse tracking", "CSI ? 9 / 1000 / 1002 / 1003 h / l", "X10, normal, button-event, any-event tracking", "\\e[?9h\\e[?1000h\\e[?1002h\\e[?1003h\\e[?1000l"),
            new Entry("Modes", "Mouse encoding", "CSI ? 1005 / 1006 / 1015 h / l", "UTF-8, SGR, urxvt mouse encodings", "\\e[?1005h\\e[?1006h\\e[?1015h\\e[?1015l"),
            new Entry("Modes", "Focus events", "CSI ? 1004 h / l", "Focus in/out reporting", "\\e[?1004h\\e[?1004l"),
            new Entry("Modes", "Alternate screen", "CSI ? 47 / 1047 h / l", "Alternate screen (what 47 left is shown again by 47 and 1047, leaving 1047 clears it, as xterm; never feeds the scrollback)", "\\e[?47h\\e[?47l\\e[?1047h\\e[?1047l"),
            new Entry("Modes", "Save cursor", "CSI ? 1048 h / l", "Save / restore the cursor, as DECSC / DECRC", "\\e[?1048h\\e[?1048l"),
            new Entry("Modes", "Alternate screen", "CSI ? 1049 h / l", "Alternate screen, saving the cursor as DECSC first and restoring it after", "\\e[?1049h\\e[?1049l"),
            new Entry("Modes", "Bracketed paste", "CSI ? 2004 h / l", "Paste is wrapped in ESC[200~ … ESC[201~", "\\e[?2004h\\e[?2004l"),
            new Entry("Modes", "Accepted", "CSI ? 4 / 5 / 12 / 18 / 19 / 35 / 42 / 1001 / 1034 / 1036 / 1039 / 2026 h / l, CSI 34 h / l", "Accepted without effect on the screen model", "\\e[?12h\\e[?2026h\\e[?2026l\\e[34h"),
            new Entry("Modes", "DECSTR", "CSI ! p", "Soft reset: modes, margins, pen, charsets, saved cursor", "\\e[!p"),
            new Entry("Modes", "DECSCL", "CSI Pl ; Pc \" p", "Conformance level 61–65 (and a soft reset): DECRQM needs 3, DECLRMM 4, DECNCSM 5; replies stay 7-bit", "\\e[65;1\"p"),
            new Entry("Modes", "DECNCSM", "CSI ? 95 h / l", "DECCOLM does not clear the screen (level 5)", "\\e[?95h\\e[?95l"),
            new Entry("Reports", "DSR", "CSI 5 n / CSI 6 n", "Status (ESC[0n) and cursor position (ESC[r;cR, counted from the region and the left margin in origin mode) reports", "\\e[5n\\e[6n"),
            new Entry("Reports", "DECXCPR", "CSI ? 6 n", "Cursor position report with page (ESC[?r;c;1R), as xterm", "\\e[?6n"),
            new Entry("Reports", "DECDSR", "CSI ? 15 / 25 / 26 / 53 / 55 / 56 / 62 / 63 / 75 / 85 n", "No printer, UDKs locked, keyboard, no locator, no macro space or macros, no data errors, no sessions", "\\e[?15n\\e[?26n\\e[?53n\\e[?63;1n"),
            new Entry("Reports", "XTGETTCAP", "DCS + q Pt ST", "Terminfo capabilities by hex name: Co and colors (256); others answered invalid", "\\eP+q436F\\e\\"),
            new Entry("Reports", "DA1 DA2 DECID", "CSI c / CSI > c / ESC Z", "Device attributes, answered as tmux 3.3a (ESC[?1;2c, ESC[>84;0;0c)", "\\e[c\\e[>c\\eZ"),
            new Entry("Reports", "DECSSDT DECSASD", "CSI 0 $ ~ / CSI 0 $ }", "No status line, the main display active (other values unsupported)", "\\e[0$~\\e[0$}"),
            new Entry("Reports", "DECRQM", "CSI Ps $ p / CSI ? Ps $ p", "Mode state reports for the modes above (1 set, 2 reset, 4 permanently reset, 0 unknown)", "\\e[4$p\\e[?1049$p"),
            new Entry("Reports", "XTWINOPS", "CSI 18 / 20 / 21 t, CSI 22 ; Ps t / CSI 23 ; Ps t", "Size, icon title and window title reports; push / pop both titles (0), the icon's (1) or the window's (2); moves and resizes ignored", "\\e[18t\\e[20t\\e[21t\\e[22;0;0t\\e[23;0;0t\\e[8;1;1t"),
            new Entry("Reports", "DECRQSS", "DCS $ q Pt ST", "Setting reports, as xterm: SGR (m), DECSTBM (r), DECSLRM (s), DECSCA (\" q), DECSCL (\" p), DECSSDT ($~), DECSASD ($}), DECSCUSR (SP q), DECSLPP (t), DECSNLS (*|); others answered invalid", "\\eP$qm\\e\\\\eP$qr\\e\\"),
            new Entry("Reports", "DECRQCRA", "CSI Pi ; Pg ; Pt ; Pl ; Pb ; Pr * y", "Checksum of a rectangle, as xterm (characters only; origin mode counts from the margins)", "\\e[1;1;1;1;2;2*y"),
            new Entry("Reports", "DECSCUSR", "CSI Ps SP q", "Cursor style: kept for DECRQSS only", "\\e[2 q"),
            new Entry("Reports", "Accepted", "CSI > Ps m, CSI ? Ps m, CSI > q", "modifyOtherKeys, its query, XTVERSION: no effect", "\\e[>4;2m\\e[?4m\\e[>q"),
            new Entry("OSC", "Title", "OSC 0 / 1 / 2 ; t ST", "Icon and window title / icon title / window title (BEL or ST terminated)", "\\e]0;a\u0007\\e]1;i\u0007\\e]2;b\\e\\"),
            new Entry("OSC", "Colours", "OSC 4 ; c ; spec ST, OSC 5 ; c ; spec ST", "Set or ask (spec ?) for an indexed (0–255; 256–260 special) or special colour; rgb: and # specs, reported to 8 bits a channel; kept for reports only", "\\e]4;1;#f00\\e\\\\e]4;1;?\u0007\\e]5;0;?\\e\\"),
            new Entry("OSC", "Dynamic colours", "OSC 10 / 11 / 12 ; spec ST", "Set or ask for the default foreground / background / cursor colour (xterm's defaults: black on white)", "\\e]10;?\u0007\\e]11;?\\e\\"),
            new Entry("OSC", "Colour resets", "OSC 104 / 105 / 110 / 111 / 112 ST", "Reset indexed (all or the listed), special and dynamic colours", "\\e]104;1\\e\\\\e]105\\e\\\\e]110\\e\\"),
            new Entry("OSC", "Accepted", "OSC 7, 8, 9, 52, 133", "Cwd, hyperlinks, notifications, clipboard, prompts: no effect", "\\e]7;file:///\u0007\\e]8;;x\u0007\\e]133;A\u0007"));

    /**
     * Where the emulator still does what tmux 3.3a does rather than what xterm does: the corpus of real programs is
     * recorded under tmux, and some xterm behaviour needs a window (resizing) or would claim what is not there.
     */
    public static final List<String> KEPT_FROM_TMUX = List.of(
            "EL 0, ECH, ICH and DCH do nothing while a wrap is pending; xterm erases or shifts the last column.",
            "ED 2, and ED 0 from the home position, move the used rows of the normal screen into the scrollback "
                    + "(tmux scroll-on-clear); rows scrolled out of any full-width region go to the scrollback too.",
            "RIS does not leave the alternate screen.",
            "DA1 and DA2 answer as tmux (a VT100 with advanced video; 84;0;0), not as xterm's VT420/VT525 with its "
                    + "printer, locator and national charsets.",
            "DECCOLM clears and homes without changing the width, and XTWINOPS resizes, moves and iconifies are "
                    + "ignored: the width is the pseudo-terminal's, set by whoever opened it.",
            "Reverse wraparound (45) follows xterm since patch 383 (only back over soft wraps); esctest's default "
                    + "expectations are those of earlier xterm, where 45 wrapped as 1045 does.");

    /** Where the emulator deliberately does not copy tmux 3.3a, and why. */
    public static final List<String> DIFFERENCES_FROM_TMUX = List.of(
            "Writing over, erasing or deleting half of a wide character blanks the whole character (xterm); tmux 3.3a "
                    + "can leave a wide character next to a cell that is no longer its continuation.",
            "ICH with a count reaching the right edge clears to the end of the line (xterm); tmux 3.3a leaves the line "
                    + "unchanged.",
            "CHT (CSI Ps I) moves to the next tab stops (xterm); tmux 3.3a ignores it.",
            "Invalid UTF-8 is shown as U+FFFD; tmux drops the bytes.",
            "Zero-width-joiner sequences take the glibc wcwidth of each part (a family emoji is 6 columns, as bash and "
                    + "ncurses count it); tmux joins them into one 2-column cell.",
            "While a wrap is pending the cursor column is the last column (xterm); tmux reports one past it.",
            "DSR 6 reports the column the same way, so a program never sees a column beyond the screen.",
            "Backspace and CUB from the pending-wrap state move to the column before the last (xterm); tmux 3.3a to the "
                    + "last. Backspace at column 0 stays there unless reverse wraparound (45) is set (xterm); tmux 3.3a "
                    + "goes back over a soft wrap.",
            "A line feed ends a pending wrap (xterm): the next character goes on the last column of the next row; "
                    + "tmux 3.3a wraps once more.",
            "Left and right margins (DECLRMM, DECSLRM), DECIC, DECDC, DECBI, DECFI, rectangle operations and "
                    + "protected cells are implemented (xterm); tmux 3.3a has none of them.",
            "REP wraps at the right edge like printing (xterm); tmux 3.3a stops at the edge.",
            "IL and DL with the cursor outside the scroll region do nothing (xterm); tmux 3.3a shifts the rows down "
                    + "to the screen bottom.",
            "Mode 47 leaves the alternate screen's contents for the next 47 or 1047 (xterm); tmux 3.3a starts the "
                    + "alternate screen blank every time.",
            "Each screen has its own DECSC saved cursor and 1049 saves into the normal screen's (xterm); tmux 3.3a "
                    + "keeps one, and a separate position and pen for 1049.",
            "HPR and VPR move as a relative CUP (xterm; tmux 3.3a ignores them); HPB, VPB, LNM, 1048, DECXCPR, "
                    + "DECDSR, DECRQSS, DECRQCRA, XTGETTCAP and OSC 4/5/10/11/12 colours are implemented (xterm); "
                    + "tmux 3.3a ignores them or answers from the outer terminal.",
            "CPR in origin mode counts the row from the scroll region's top and the column from the left margin "
                    + "(xterm); tmux 3.3a from the screen's corner.",
            "NEL indexes before it returns the carriage (xterm), which matters only beside left and right margins.",
            "DECSTBM in origin mode homes the cursor to the region's top (xterm); tmux 3.3a to the screen's.",
            "DECRQM knows every mode listed above, including those accepted without effect; tmux 3.3a answers 0 "
                    + "for most.");

    /** docs/vt-sequences.md. */
    public static String markdown() {
        var sb = new StringBuilder();
        sb.append("# Supported terminal sequences (uictl-vt)\n\n")
                .append("Generated from `dev.uictl.vt.xterm.SupportedSequences` by `SupportedSequencesTest` ")
                .append("(run it with `-Dvt.docs.update=true` to rewrite this file). Semantics follow xterm; the ")
                .append("places where the emulator keeps tmux 3.3a's behaviour and where it departs from tmux are ")
                .append("listed at the end; anything else is ")
                .append("reported as an `Unsupported` event and ignored. Character widths ")
                .append("are glibc `wcwidth` (characters it calls non-printable are dropped, as tmux does); invalid UTF-8 ")
                .append("shows as U+FFFD.\n");
        String family = null;
        for (Entry e : ALL) {
            if (!e.family().equals(family)) {
                family = e.family();
                sb.append("\n## ").append(family).append("\n\n| Mnemonic | Sequence | Meaning |\n|---|---|---|\n");
            }
            sb.append("| ").append(cell(e.mnemonic())).append(" | `").append(e.sequence().replace("|", "\\|"))
                    .append("` | ").append(cell(e.description())).append(" |\n");
        }
        sb.append("\n## Where tmux 3.3a's behaviour is kept instead of xterm's\n\n");
        for (String kept : KEPT_FROM_TMUX) sb.append("- ").append(kept).append('\n');
        sb.append("\n## Deliberate differences from tmux 3.3a\n\n");
        for (String difference : DIFFERENCES_FROM_TMUX) sb.append("- ").append(difference).append('\n');
        return sb.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
