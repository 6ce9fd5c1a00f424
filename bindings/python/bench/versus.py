"""Kauri against the parsers Python users pick for speed, selectolax (lexbor) and turbohtml, in
one process over a folder of pages (default ../shared/corpus). Two tasks:

- parse: the page's text (str) to a tree;
- parse-bytes: the page's bytes as read from disk or the network to a tree (each parser
  decodes them its own way: Kauri with the standard's encoding sniffing);
- scrape: parse, then the title, the href of every `a[href]` and the body's text.

    pip install ./bindings/python -r bindings/python/bench/requirements.txt
    python bindings/python/bench/versus.py [FOLDER] [--runs 3]

The parsers take turns page by page (so a busy machine slows them alike), every parser gets the
same text (each page decoded once, up front, as bench.py's `load` decodes it; each run gives
each parser fresh str objects of it, since CPython caches the UTF-8 form of a str on its first
conversion), and each run times every page once per parser. A parser's time is the median of its `--runs` run totals.
The ratios printed are Kauri's speed over each other's (above 1: Kauri is faster), with the
issue 32 targets: parse >= 1.5x selectolax and turbohtml, scrape >= 1.5x selectolax.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
from pathlib import Path
from typing import Any, Callable, Dict, List

sys.path.insert(0, str(Path(__file__).resolve().parent))

import kauri  # noqa: E402
from bench import load, time_interleaved  # noqa: E402

TARGETS = {
    ("parse", "selectolax"): 1.5,
    ("parse", "turbohtml"): 1.5,
    ("scrape", "selectolax"): 1.5,
}


def fresh(page: Any) -> Any:
    """A new object equal to `page`: for a str, one with no cached UTF-8 form."""
    if isinstance(page, bytes):
        return bytes(bytearray(page))
    return page.encode("utf-8", "surrogatepass").decode("utf-8", "surrogatepass")


def kauri_scrape(text: str) -> Any:
    doc = kauri.parse(text)
    body = doc.body
    return (
        doc.title,
        [a.get("href") for a in doc.select("a[href]")],
        body.text if body is not None else "",
    )


def selectolax_scrape(text: str) -> Any:
    from selectolax.lexbor import LexborHTMLParser

    tree = LexborHTMLParser(text)
    title = tree.css_first("title")
    body = tree.body
    return (
        title.text() if title is not None else "",
        [a.attributes.get("href") for a in tree.css("a[href]")],
        body.text() if body is not None else "",
    )


def turbohtml_scrape(text: str) -> Any:
    import turbohtml

    doc = turbohtml.parse(text)
    title = doc.select_one("title")
    body = doc.select_one("body")
    return (
        title.text if title is not None else "",
        [a.attr("href") for a in doc.select("a[href]")],
        body.text if body is not None else "",
    )


def tasks() -> Dict[str, Dict[str, Callable[[str], Any]]]:
    import turbohtml
    from selectolax.lexbor import LexborHTMLParser

    return {
        "parse": {
            "kauri": kauri.parse,
            "selectolax": LexborHTMLParser,
            "turbohtml": turbohtml.parse,
        },
        "parse-bytes": {
            "kauri": kauri.parse,
            "selectolax": LexborHTMLParser,
            "turbohtml": turbohtml.parse,
        },
        "scrape": {
            "kauri": kauri_scrape,
            "selectolax": selectolax_scrape,
            "turbohtml": turbohtml_scrape,
        },
    }


def main(argv: List[str]) -> int:
    default = Path(
        os.environ.get("KAURI_CORPUS") or Path(__file__).resolve().parents[3].parent / "shared" / "corpus"
    )
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", nargs="?", default=str(default))
    ap.add_argument("--runs", type=int, default=3, help="runs per task (the median counts)")
    args = ap.parse_args(argv)
    raw, texts = load(Path(args.folder))
    size = sum(len(t.encode("utf-8")) for t in texts)
    print(
        f"{len(texts)} pages, {size / 1e6:.2f} MB (UTF-8), Python {platform.python_version()}, "
        f"load average {os.getloadavg()[0]:.2f}; median of {args.runs} runs",
        flush=True,
    )
    failed = []
    for task, parsers in tasks().items():
        inputs = raw if task == "parse-bytes" else texts
        for parse in parsers.values():
            for page in inputs[:3]:  # warm-up
                parse(page)
        runs: Dict[str, List[float]] = {name: [] for name in parsers}
        for _ in range(args.runs):
            # Fresh str objects for every parser and run, as a program gets them from decoding:
            # CPython caches a str's UTF-8 form on first use, which a second parse of the same
            # object would not pay for.
            chosen = {name: (parse, [fresh(p) for p in inputs]) for name, parse in parsers.items()}
            for name, seconds in time_interleaved(chosen, 1).items():
                runs[name] += seconds
            del chosen
        median = {name: statistics.median(seconds) for name, seconds in runs.items()}
        for name, seconds in median.items():
            print(f"{task:11} {name:11} {size / 1e6 / seconds:8.2f} MB/s  ({seconds:.3f} s)", flush=True)
        for name in parsers:
            if name == "kauri":
                continue
            ratio = median[name] / median["kauri"]
            target = TARGETS.get((task, name))
            verdict = ""
            if target is not None:
                verdict = f"(target {target}x: {'met' if ratio >= target else 'NOT met'})"
                if ratio < target:
                    failed.append(f"{task} kauri/{name}")
            print(f"{task:11} kauri/{name:11} {ratio:6.2f}x {verdict}", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    if failed:
        print("targets not met: " + ", ".join(failed))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
