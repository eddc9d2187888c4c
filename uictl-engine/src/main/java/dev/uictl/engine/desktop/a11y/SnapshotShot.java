package dev.uictl.engine.desktop.a11y;

import dev.uictl.core.file.ArtifactFile;
import dev.uictl.engine.desktop.capture.Annotator;
import dev.uictl.engine.desktop.capture.CaptureArea;
import dev.uictl.engine.desktop.capture.ImageFormat;
import dev.uictl.engine.desktop.capture.Mark;
import dev.uictl.engine.desktop.capture.RgbImage;
import dev.uictl.engine.desktop.spi.ScreenCapture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The picture beside a snapshot: the snapshot root's rectangle (its window; the whole screen for an application),
 * optionally with a numbered box per ref (set-of-marks: the label is the ref, e.g. e3), written as PNG.
 */
public final class SnapshotShot {
    private SnapshotShot() {
    }

    /** Captures, annotates when asked, writes {@code file} (mode 0600) and returns the marks drawn. */
    public static List<Mark> write(ScreenCapture capture, Map<String, String> env, Element tree,
                                   int screenWidth, int screenHeight, boolean annotate, Path file) {
        CaptureArea screen = new CaptureArea(0, 0, screenWidth, screenHeight);
        CaptureArea area = tree.bounds() == null ? screen
                : new CaptureArea(tree.bounds().x(), tree.bounds().y(), tree.bounds().width(), tree.bounds().height())
                        .clipTo(screenWidth, screenHeight).orElse(screen);
        RgbImage image = capture.capture(env, area);
        List<Mark> marks = new ArrayList<>();
        if (annotate) {
            collect(tree, area, marks);
            Annotator.draw(image, marks);
        }
        ArtifactFile.write(file, ImageFormat.PNG.encode(image, 100));
        return marks;
    }

    private static void collect(Element e, CaptureArea area, List<Mark> out) {
        if (e.refId() != null && e.bounds() != null && e.bounds().width() > 0 && e.bounds().height() > 0) {
            CaptureArea box = new CaptureArea(e.bounds().x(), e.bounds().y(), e.bounds().width(), e.bounds().height());
            if (box.intersection(area).isPresent()) {
                out.add(new Mark(e.refId(), box.x(), box.y(), box.width(), box.height()).relativeTo(area.x(), area.y()));
            }
        }
        if (e.children() != null) {
            e.children().forEach(c -> collect(c, area, out));
        }
    }
}
