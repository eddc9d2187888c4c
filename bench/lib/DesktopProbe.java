import dev.uictl.engine.desktop.service.X11WindowSystem;
import java.util.Arrays;
import java.util.Map;

/**
 * In-process cost of the X work behind `list-windows` and `get active-window` (no client, no daemon framing):
 * median of 2000 warm calls each. Run as a single-file program: java -cp 'build/lib/*' bench/lib/DesktopProbe.java :N
 */
public class DesktopProbe {
    public static void main(String[] args) {
        try (var system = X11WindowSystem.open(args[0], Map.of())) {
            StringBuilder out = new StringBuilder();
            for (int pass = 0; pass < 2; pass++) {
                out.setLength(0);
                out.append(String.format("in-process list-windows X work=%.3f ms median", median(system::windows)));
                out.append(String.format("%nin-process get active-window X work=%.3f ms median", median(system::active)));
            }
            System.out.println(out);
        }
    }

    private static double median(Runnable call) {
        long[] t = new long[2000];
        for (int i = 0; i < t.length; i++) {
            long start = System.nanoTime();
            call.run();
            t[i] = System.nanoTime() - start;
        }
        Arrays.sort(t);
        return t[t.length / 2] / 1e6;
    }
}
