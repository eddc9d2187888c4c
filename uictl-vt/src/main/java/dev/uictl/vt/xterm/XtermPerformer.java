package dev.uictl.vt.xterm;

import static dev.uictl.vt.parser.Parser.key;

import dev.uictl.vt.parser.Params;
import dev.uictl.vt.parser.Performer;
import dev.uictl.vt.screen.Screen;

/**
 * Gives the parser's actions their xterm meaning (as tmux 3.3a implements it) by family: C0 controls, ESC,
 * cursor, erase/insert/delete, SGR, modes, reports, OSC. Anything unrecognised goes to {@link Host#unsupported}
 * and changes nothing.
 */
public final class XtermPerformer implements Performer {

    private final Screen screen;
    private final Host host;
    /** The DECRQSS or XTGETTCAP being received, or null when the DCS string is another one (its bytes are ignored). */
    private DcsRequest request;
    private final ColourPalette palette = new ColourPalette();

    public XtermPerformer(Screen screen, Host host) {
        this.screen = screen;
        this.host = host;
    }

    @Override
    public void print(int codePoint) {
        screen.print(codePoint);
    }

    @Override
    public void printAscii(byte[] data, int from, int to) {
        screen.printAscii(data, from, to);
    }

    @Override
    public void execute(int control) {
        screen.interruptPrinting();
        C0Controls.execute(control, screen, host);
    }

    @Override
    public void csiDispatch(Params params, int collected, int finalByte) {
        if (finalByte == 'm' && collected == 0) {
            SgrSequence.apply(params, screen.pen());
        } else if (!(CursorSequences.dispatch(params, collected, finalByte, screen)
                || EraseSequences.dispatch(params, collected, finalByte, screen)
                || RectangleSequences.dispatch(params, collected, finalByte, screen)
                || ModeSequences.dispatch(params, collected, finalByte, screen, host::unsupported)
                || ReportSequences.dispatch(params, collected, finalByte, screen, host))) {
            host.unsupported(SequenceText.csi(params, collected, finalByte));
        }
        if (finalByte != 'b') screen.interruptPrinting();
    }

    @Override
    public void escDispatch(int collected, int finalByte) {
        screen.interruptPrinting();
        if (collected == 0 && finalByte == 'Z') host.reply(ReportSequences.PRIMARY_ATTRIBUTES);   // DECID
        else if (!EscSequences.dispatch(collected, finalByte, screen)) host.unsupported(SequenceText.esc(collected, finalByte));
        else if (collected == 0 && finalByte == 'c') palette.reset();   // RIS
    }

    @Override
    public void oscDispatch(byte[] data, int length) {
        screen.interruptPrinting();
        OscSequences.dispatch(data, length, host, palette);
    }

    @Override
    public void hook(Params params, int collected, int finalByte) {
        screen.interruptPrinting();
        request = switch (key(collected, finalByte)) {
            case '$' << 8 | 'q' -> new StatusStringRequest();
            case '+' << 8 | 'q' -> new TermcapRequest();
            default -> null;
        };
        if (request == null) host.unsupported(SequenceText.dcs(params, collected, finalByte));
    }

    @Override
    public void put(int b) {
        if (request != null) request.put(b);
    }

    @Override
    public void unhook() {
        if (request != null) host.reply(request.reply(screen));
        request = null;
    }

    @Override
    public void ignored(String description) {
        host.unsupported(description);
    }
}
