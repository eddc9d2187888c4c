package dev.uictl.engine.scenario.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HtmlTextTest {
    @Test
    void markupBecomesText() {
        assertThat(HtmlText.escape("</script><script>x()</script>"))
                .isEqualTo("&lt;/script&gt;&lt;script&gt;x()&lt;/script&gt;");
        assertThat(HtmlText.escape("<img src=x onerror=\"a('b')\">"))
                .isEqualTo("&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;");
        assertThat(HtmlText.escape("<!-- & -->")).isEqualTo("&lt;!-- &amp; --&gt;");
    }

    @Test
    void invisibleAndInvalidCharactersGetVisibleStandIns() {
        assertThat(HtmlText.escape("a\u2028b\u2029c")).isEqualTo("a&#x2028;b&#x2029;c");
        assertThat(HtmlText.escape("\u001b[1m\u0000\u007f")).isEqualTo("␛[1m␀␡");
        assertThat(HtmlText.escape("x\ud800y")).isEqualTo("x\ufffdy");
        assertThat(HtmlText.escape("😀")).isEqualTo("😀");
        assertThat(HtmlText.escape("a\nb\tc")).isEqualTo("a␊b␉c");
        assertThat(HtmlText.escapePreformatted("a\nb\tc\r")).isEqualTo("a\nb\tc␍");
    }
}
