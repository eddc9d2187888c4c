package dev.uictl.engine.desktop.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class AnnotatorTest {
    private static final int BACKGROUND = 0x202020;

    @Test
    void drawsOutlinesAndLabelledTagsInsideTheBoxesOnly() {
        RgbImage image = filled(400, 300);
        Mark first = new Mark("@w1", 20, 30, 150, 100);
        Mark second = new Mark("@w2", 200, 150, 180, 120);

        Annotator.draw(image, List.of(first, second));

        for (int i = 0; i < 2; i++) {
            Mark m = List.of(first, second).get(i);
            int colour = Annotator.colourOf(i);
            // Outline: every edge pixel has the mark's colour.
            assertThat(image.rgb(m.x() + m.width() / 2, m.y() + m.height() - 1)).isEqualTo(colour);
            assertThat(image.rgb(m.x() + m.width() - 1, m.y() + m.height() / 2)).isEqualTo(colour);
            assertThat(image.rgb(m.x(), m.y() + m.height() - 1)).isEqualTo(colour);
            // The tag sits inside the box's top-left corner and carries ink of a contrasting colour.
            int[] tag = Annotator.tagSize(m.label());
            assertThat(tag[0]).isLessThan(m.width());
            assertThat(tag[1]).isLessThan(m.height());
            long ink = 0;
            for (int y = m.y(); y < m.y() + tag[1]; y++) {
                for (int x = m.x(); x < m.x() + tag[0]; x++) {
                    if (image.rgb(x, y) != colour) {
                        ink++;
                        assertThat(image.rgb(x, y)).isIn(0x000000, 0xFFFFFF);
                    }
                }
            }
            assertThat(ink).as("label glyph pixels of %s", m.label()).isGreaterThan(20);
            // Just inside the outline and below the tag, the picture is untouched.
            assertThat(image.rgb(m.x() + m.width() / 2, m.y() + m.height() / 2)).isEqualTo(BACKGROUND);
        }
        // Nothing is drawn outside the boxes.
        for (int y = 0; y < image.height(); y++) {
            for (int x = 0; x < image.width(); x++) {
                if (!inside(first, x, y) && !inside(second, x, y)) {
                    assertThat(image.rgb(x, y)).as("pixel %d,%d", x, y).isEqualTo(BACKGROUND);
                }
            }
        }
    }

    @Test
    void theTopmostMarkIsDrawnLastWhereBoxesOverlap() {
        RgbImage image = filled(200, 200);
        Mark top = new Mark("@w1", 50, 50, 100, 100);
        Mark below = new Mark("@w2", 40, 40, 100, 100);

        Annotator.draw(image, List.of(top, below));

        assertThat(image.rgb(50, 50)).isEqualTo(Annotator.colourOf(0));
    }

    @Test
    void boxesReachingPastTheImageAreClippedAndTheirTagStaysVisible() {
        RgbImage image = filled(100, 80);
        Annotator.draw(image, List.of(new Mark("@w12", -30, -20, 200, 200)));

        int[] tag = Annotator.tagSize("@w12");
        assertThat(image.rgb(0, 0)).isEqualTo(Annotator.colourOf(0));
        assertThat(image.rgb(tag[0] - 1, tag[1] - 1)).isEqualTo(Annotator.colourOf(0));
        assertThat(image.rgb(60, 60)).isEqualTo(BACKGROUND);
    }

    private static boolean inside(Mark m, int x, int y) {
        return x >= m.x() && x < m.x() + m.width() && y >= m.y() && y < m.y() + m.height();
    }

    private static RgbImage filled(int w, int h) {
        RgbImage image = RgbImage.blank(w, h);
        java.util.Arrays.fill(image.pixels(), BACKGROUND);
        return image;
    }
}
