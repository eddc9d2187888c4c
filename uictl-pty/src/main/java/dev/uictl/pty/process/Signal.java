package dev.uictl.pty.process;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** Linux signal numbers by name (x86_64 and aarch64 agree on these). */
public enum Signal {
    HUP(1), INT(2), QUIT(3), ILL(4), TRAP(5), ABRT(6), BUS(7), FPE(8), KILL(9), USR1(10), SEGV(11), USR2(12),
    PIPE(13), ALRM(14), TERM(15), STKFLT(16), CHLD(17), CONT(18), STOP(19), TSTP(20), TTIN(21), TTOU(22), URG(23),
    XCPU(24), XFSZ(25), VTALRM(26), PROF(27), WINCH(28), IO(29), PWR(30), SYS(31);

    private final int number;

    Signal(int number) {
        this.number = number;
    }

    public int number() {
        return number;
    }

    /** Accepts {@code TERM}, {@code SIGTERM}, {@code term} or {@code 15}. */
    public static Optional<Signal> parse(String text) {
        String s = text.trim().toUpperCase(Locale.ROOT);
        if (s.startsWith("SIG")) {
            s = s.substring(3);
        }
        if (!s.isEmpty() && s.chars().allMatch(Character::isDigit)) {
            int n = Integer.parseInt(s);
            return Arrays.stream(values()).filter(v -> v.number == n).findFirst();
        }
        String name = s;
        return Arrays.stream(values()).filter(v -> v.name().equals(name)).findFirst();
    }

    static String nameOf(int number) {
        return Arrays.stream(values()).filter(v -> v.number == number).map(Enum::name).findFirst()
                .orElse(number >= 34 && number <= 64 ? "RTMIN+" + (number - 34) : String.valueOf(number));
    }
}
