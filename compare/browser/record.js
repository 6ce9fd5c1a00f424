// Records headless Chromium's `setHTML` / `setHTMLUnsafe` results for the cases that gen.py
// wrote, for the browser differential test (see README.md).
//
// Usage: node record.js CASES.json OUT.json
//
// Each case runs on a new context element of the main document (an HTML element, or SVG or
// MathML for an `svg:`/`math:` context): `setHTML(html)` with no options is the built-in safe
// default; otherwise `{sanitizer: config}`. The result is the context's `innerHTML` (for a
// `template`, its contents) and the `innerHTML` of each open shadow root in its subtree, or
// the name of the exception the call threw.
const { chromium } = require('playwright-core');
const fs = require('fs');

const [casesPath, outPath] = process.argv.slice(2);
const input = JSON.parse(fs.readFileSync(casesPath, 'utf8'));

(async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  const results = [];
  for (let i = 0; i < input.cases.length; i += 200) {
    const batch = input.cases.slice(i, i + 200);
    results.push(...await page.evaluate(([batch, configs]) => batch.map(([html, context, config, unsafe]) => {
      const NS = { svg: 'http://www.w3.org/2000/svg', math: 'http://www.w3.org/1998/Math/MathML' };
      const [prefix, local] = context.split(':');
      const el = local ? document.createElementNS(NS[prefix], local) : document.createElement(prefix);
      try {
        const opts = config < 0 ? undefined : { sanitizer: configs[config] };
        if (unsafe) el.setHTMLUnsafe(html, opts); else el.setHTML(html, opts);
      } catch (e) {
        return { error: e.name };
      }
      const shadows = [];
      const root = el instanceof HTMLTemplateElement ? el.content : el;
      for (const d of root.querySelectorAll('*')) if (d.shadowRoot) shadows.push(d.shadowRoot.innerHTML);
      return { html: el.innerHTML, shadows };
    }), [batch, input.configs]));
  }
  const out = { ...input, chromium: await browser.version(), cases: input.cases.map((c, i) => [...c, results[i]]) };
  fs.writeFileSync(outPath, JSON.stringify(out));
  await browser.close();
})();
