"""Sanitizer speed from Python: kauri.sanitize (the HTML standard's built-in safe default
configuration) against nh3.clean (ammonia's default, nh3's defaults), strings in and strings out.

    pip install ./bindings/python nh3
    python bindings/python/bench/sanitize_bench.py [FOLDER] [--rounds N]

Two input sets: the corpus pages' bodies (each page's <body> inner HTML as Kauri serializes it,
computed once before timing) and a fixed set of comment-sized inputs (a few hundred bytes of
user markup, some with script and handler attacks). The two take turns input by input, for
--rounds rounds after a warm-up pass (the best round counts). Prints MB/s per set, the
throughput ratio and the median over inputs of kauri's speed-up.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Callable, Dict, List

import kauri
import nh3

COMMENTS = [
    "Great post! I <b>really</b> liked the part about <i>parsers</i>.",
    '<p>Thanks for sharing.</p><p>See <a href="https://example.com/docs" title="docs">the docs</a> for more.</p>',
    "lol <script>alert(document.cookie)</script> nice",
    '<img src=x onerror=alert(1)>hello <a href="javascript:alert(1)">click</a>',
    "<ul><li>first point</li><li>second point with <code>code()</code></li><li>third</li></ul>",
    '<blockquote cite="https://example.com">Someone said this.</blockquote> I disagree &amp; here\'s why: <em>because</em>.',
    '<div style="color:red" onclick="steal()">Styled <span class=big>text</span></div>',
    "Plain text comment without any markup at all, just a sentence or two of reasonable length to sanitize.",
    "<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>",
    "<p>Math: <math><mi>x</mi><mo>=</mo><mn>2</mn></math> and <svg width=10 height=10><circle cx=5 cy=5 r=4 fill=red onload=x()></circle></svg></p>",
    "<h2>Heading</h2><p>Paragraph with <strong>bold</strong>, <small>small</small> and <mark>marked</mark> words.</p><hr><p>More.</p>",
    '<iframe src="https://evil.example/"></iframe><object data=x></object><embed src=y>text after embeds',
    "<p>Unclosed <b>bold <i>italic</p><p>next paragraph</b> still going",
    "<!-- a comment --><p>Visible</p><!-- another --><p>Also visible</p>",
    '<pre>fn main() {\n    println!("hi");\n}</pre><p>Code above.</p>',
    '<a href="/relative/link" rel="nofollow" target="_blank">relative</a> | <a href="mailto:a@b.c">mail</a>',
]

SIDES: Dict[str, Callable[[str], str]] = {
    "kauri": kauri.sanitize,
    "nh3": nh3.clean,
}


def bodies(folder: Path) -> List[str]:
    out = []
    for page in sorted(p for p in folder.iterdir() if p.suffix.lower() in (".html", ".htm")):
        body = kauri.parse(page.read_bytes()).body
        if body is not None:
            html = body.inner_html
            if html:
                out.append(html)
    return out


def measure(label: str, inputs: List[str], rounds: int) -> None:
    for text in inputs:
        for run in SIDES.values():
            run(text)
    best = {name: [float("inf")] * len(inputs) for name in SIDES}
    for r in range(rounds):
        for i, text in enumerate(inputs):
            names = list(SIDES) if (r + i) % 2 == 0 else list(reversed(SIDES))
            for name in names:
                run = SIDES[name]
                start = time.perf_counter()
                run(text)
                best[name][i] = min(best[name][i], time.perf_counter() - start)
    size = sum(len(t.encode("utf-8")) for t in inputs)
    print(f"{label}: {len(inputs)} inputs, {size / 1e6:.3f} MB, best of {rounds} rounds")
    totals = {name: sum(times) for name, times in best.items()}
    for name, seconds in totals.items():
        print(f"  {name:<6} {size / 1e6 / seconds:9.1f} MB/s")
    speedups = [n / k for n, k in zip(best["nh3"], best["kauri"])]
    print(
        f"  kauri/nh3: {totals['nh3'] / totals['kauri']:.2f} (throughput), "
        f"median per input {statistics.median(speedups):.2f}"
    )


def main(argv: List[str]) -> int:
    default = Path(__file__).resolve().parents[3] / ".." / "shared" / "corpus"
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", nargs="?", default=str(default))
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    measure("corpus bodies", bodies(Path(args.folder)), args.rounds)
    measure("comment-sized inputs", COMMENTS, args.rounds * 200)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
