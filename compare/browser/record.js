// Records headless Chromium's `setHTML` / `setHTMLUnsafe` results for the cases that gen.py
// wrote, for the browser differential test (see README.md).
//
// Usage: node record.js CASES.json OUT.json
//
// Each case runs on a new context element of a blank page (an HTML element, or SVG or MathML
// for an `svg:`/`math:` context): `setHTML(html)` with no options is the built-in safe
// default; otherwise `{sanitizer: config}`. The result is the context's `innerHTML` (for a
// `template`, its contents; for a void element, its children) and the `innerHTML` of each
// open shadow root in its subtree, or
// the name of the exception the call threw. For each config it also records whether
// `new Sanitizer(config)` accepts it, the default configuration (`new Sanitizer().get()`) and
// the attributes `removeUnsafe()` removes.
// A `#document` context is `Document.parseHTML`
// (or `parseHTMLUnsafe`): the result is the serialization of the new document's children.
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
  // A no-quirks page: fragment parsing takes the quirks mode of the context's document.
  const blankPage = async () => {
    const p = await browser.newPage();
    await p.setContent('<!doctype html><html><body></body></html>');
    return p;
  };
  let page = await blankPage();
  // One batch in the page; a batch that crashes the page (Chromium 148's parseHTML does on a
  // few inputs) is run again one case at a time in new pages, a crashing case recorded as such.
  const run = (batch) => page.evaluate(([batch, configs]) => batch.map(([html, context, config, unsafe]) => {
    const opts = config < 0 ? undefined : { sanitizer: configs[config] };
    if (context === '#document') {
      let doc;
      try {
        doc = unsafe ? Document.parseHTMLUnsafe(html, opts) : Document.parseHTML(html, opts);
      } catch (e) {
        return { error: e.name };
      }
      // The document's children, as the standard's serialization of a Document writes them.
      const serialize = (n) => n.nodeType === 1 ? n.outerHTML
        : n.nodeType === 10 ? `<!DOCTYPE ${n.name}>`
        : n.nodeType === 8 ? `<!--${n.data}-->`
        : n.nodeType === 7 ? `<?${n.target} ${n.data}?>` : '';
      return { html: [...doc.childNodes].map(serialize).join(''), shadows: [] };
    }
    const NS = { svg: 'http://www.w3.org/2000/svg', math: 'http://www.w3.org/1998/Math/MathML' };
    const [prefix, local] = context.split(':');
    const el = local ? document.createElementNS(NS[prefix], local) : document.createElement(prefix);
    try {
      if (unsafe) el.setHTMLUnsafe(html, opts); else el.setHTML(html, opts);
    } catch (e) {
      return { error: e.name };
    }
    const shadows = [];
    const root = el instanceof HTMLTemplateElement ? el.content : el;
    for (const d of root.querySelectorAll('*')) if (d.shadowRoot) shadows.push(d.shadowRoot.innerHTML);
    // A void element serializes as nothing (§ serialising-html-fragments step 1) but can
    // hold children: those are serialized as a template's contents would be.
    const VOID = ['area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'image',
      'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr'];
    if (!local && VOID.includes(prefix)) {
      const holder = document.createElement('template');
      holder.content.append(...el.childNodes);
      return { html: holder.innerHTML, shadows };
    }
    return { html: el.innerHTML, shadows };
  }), [batch, input.configs]);
  const results = [];
  for (let i = 0; i < input.cases.length; i += 100) {
    const batch = input.cases.slice(i, i + 100);
    try {
      results.push(...await run(batch));
    } catch (e) {
      for (const one of batch) {
        page = await blankPage();
        try {
          results.push(...await run([one]));
        } catch (e) {
          results.push({ error: 'crash' });
        }
      }
    }
  }
  // Whether `new Sanitizer(config)` accepts each config (the test checks that a config Kauri
  // rejects is one Chromium's constructor rejects too, whatever its `setHTML` does with it).
  const constructorAccepts = await page.evaluate((configs) => configs.map((c) => {
    try {
      new Sanitizer(c);
      return true;
    } catch (e) {
      return false;
    }
  }), input.configs);
  // The built-in safe default configuration, as `new Sanitizer().get()` gives it.
  const defaultConfig = await page.evaluate(() => new Sanitizer().get());
  // The attributes `removeUnsafe()` removes from an empty config (its event handler list).
  const removeUnsafeAttributes = await page.evaluate(() => {
    const sanitizer = new Sanitizer({});
    sanitizer.removeUnsafe();
    return sanitizer.get().removeAttributes;
  });
  const out = {
    ...input,
    chromium: await browser.version(),
    defaultConfig,
    removeUnsafeAttributes,
    constructorAccepts,
    cases: input.cases.map((c, i) => [...c, results[i]]),
  };
  fs.writeFileSync(outPath, JSON.stringify(out));
  await browser.close();
})();
