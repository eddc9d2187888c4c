package dev.uictl.engine.desktop.capture;

/** What a screenshot shows. */
public sealed interface CaptureTarget {
    /** The wire name reported in results: screen, region, window or monitor. */
    String kind();

    record Screen() implements CaptureTarget {
        public String kind() {
            return "screen";
        }
    }

    record Region(CaptureArea area) implements CaptureTarget {
        public String kind() {
            return "region";
        }
    }

    /** A window chosen by a window selector (or {@code app=NAME} for {@code --app}). */
    record Window(String selector) implements CaptureTarget {
        public String kind() {
            return "window";
        }
    }

    /** A monitor by index (0-based, in `get monitors` order) or by name. */
    record Monitor(String spec) implements CaptureTarget {
        public String kind() {
            return "monitor";
        }
    }
}
