package dev.uictl.vt.xterm;

import dev.uictl.vt.parser.Params;
import dev.uictl.vt.screen.Screen;

/**
 * DEC-private device status reports (CSI ? Ps n), answered for what this terminal is: a screen without a printer,
 * locator, programmable keys, macros or sessions. The answers are the codes the VT510 manual gives for those
 * absences, which xterm also sends when it lacks them.
 */
final class DeviceStatusReports {

    private DeviceStatusReports() {}

    /** The reply to DECDSR {@code Ps}, or null when the request is not one of these. */
    static String reply(Params p, Screen screen) {
        return switch (p.get(0)) {
            case 6 -> "\033[?" + ReportSequences.reportedRow(screen) + ";" + ReportSequences.reportedCol(screen) + ";1R"; // DECXCPR, page 1
            case 15 -> "\033[?13n";         // printer: none
            case 25 -> "\033[?21n";         // user-defined keys: locked (DECUDK is not implemented)
            case 26 -> "\033[?27;0;0;0n";   // keyboard: language unknown, ready, LK201
            case 53, 55 -> "\033[?50n";     // locator: none
            case 56 -> "\033[?57;0n";       // locator type: unknown
            case 62 -> "\033[0*{";          // DECMSR: no space for macros
            case 63 -> "\033P" + p.get(1) + "!~0000\033\\"; // DECCKSR: the checksum of no macros
            case 75 -> "\033[?70n";         // data integrity: no errors
            case 85 -> "\033[?83n";         // multiple sessions: not configured
            default -> null;
        };
    }
}
