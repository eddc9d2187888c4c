// Opens a trace page in headless Chromium and reports what a person would see and do, as JSON on stdout:
// node check.mjs /abs/trace.html. Run by TraceBrowserTest (uictl-app), which asserts on the report.
import { chromium } from 'playwright-core';

const file = process.argv[2];
const root = typeof process.getuid === 'function' && process.getuid() === 0;
const browser = await chromium.launch({
  executablePath: process.env.UICTL_CHROMIUM || '/usr/bin/chromium',
  args: root ? ['--no-sandbox'] : [],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const report = { dialogs: [], pageErrors: [], requests: [], keys: [] };
  page.on('dialog', (d) => { report.dialogs.push(d.message()); d.dismiss(); });
  page.on('pageerror', (e) => report.pageErrors.push(String(e)));
  page.on('request', (r) => { if (!r.url().startsWith('file:')) report.requests.push(r.url()); });
  await page.goto('file://' + file);

  const state = () => page.evaluate(() => {
    const shown = [...document.querySelectorAll('#detail .step-detail')].filter((p) => !p.hidden);
    const current = document.querySelector('#steps .step[aria-current="step"]');
    const focus = document.activeElement;
    const fs = getComputedStyle(focus);
    return {
      current: current ? current.dataset.index : null,
      focused: focus && focus.classList.contains('step') ? focus.dataset.index : focus ? focus.id || focus.tagName : null,
      focusVisible: fs.boxShadow !== 'none' || (fs.outlineStyle !== 'none' && fs.outlineWidth !== '0px'),
      shownPanels: shown.map((p) => p.dataset.index),
      shownScreens: shown.length ? [...shown[0].querySelectorAll('.screen')].map((s) => s.innerText) : [],
      shownObservations: shown.length ? [...shown[0].querySelectorAll('.observation h3')].map((h) => h.innerText) : [],
      shownAssertions: shown.length ? [...shown[0].querySelectorAll('table.assertions tbody tr')].map((r) => r.innerText) : [],
      transcriptVisible: !document.getElementById('transcript').hidden,
    };
  });

  report.initial = await state();
  report.title = await page.title();
  report.pwned = await page.evaluate(() => (window.__pwned === undefined ? null : String(window.__pwned)));
  report.scripts = await page.evaluate(() => document.scripts.length);
  report.images = await page.evaluate(() => document.images.length);
  report.steps = await page.$$eval('#steps .step', (els) => els.map((e) => ({
    index: e.dataset.index, text: e.innerText, failed: e.dataset.failed })));
  report.header = await page.$eval('header', (h) => h.innerText);

  for (const key of ['g', 'j', 'ArrowDown', 'k', 'G', 'Home', 'f', 't', 'Escape']) {
    await page.keyboard.press(key);
    report.keys.push({ key, ...(await state()) });
  }

  // styles and geometry of the rendered start-up screen
  await page.keyboard.press('g');
  report.render = await page.evaluate(() => {
    const panel = [...document.querySelectorAll('#detail .step-detail')].find((p) => !p.hidden);
    const spans = [...panel.querySelectorAll('.screen span')];
    const find = (text) => spans.find((s) => s.textContent.startsWith(text));
    const style = (text) => {
      const s = find(text);
      if (!s) return null;
      const c = getComputedStyle(s);
      return { color: c.color, background: c.backgroundColor, weight: c.fontWeight, italic: c.fontStyle,
        decoration: c.textDecorationLine, opacity: c.opacity, width: s.getBoundingClientRect().width };
    };
    const wide = spans.find((s) => s.classList.contains('w'));
    const narrow = find('bold red');
    return {
      boldRed: style('bold red'), italicUnder: style('italic under'), inverse: style('inverse'),
      strike: style('strike'), dim: style('dim'), c256: style('c256'), rgb: style('rgb'),
      wideText: wide ? wide.textContent : null,
      wideWidth: wide ? wide.getBoundingClientRect().width : null,
      narrowWidthPerChar: narrow ? narrow.getBoundingClientRect().width / narrow.textContent.length : null,
      cursors: panel.querySelectorAll('.screen .cur').length,
    };
  });
  report.transcriptText = await page.$eval('#transcript', (t) => t.textContent);
  report.titleAfter = await page.title();
  report.pwnedAfter = await page.evaluate(() => (window.__pwned === undefined ? null : String(window.__pwned)));
  console.log(JSON.stringify(report));
} finally {
  await browser.close();
}
