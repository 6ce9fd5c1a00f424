"""Parse speed from Python over a folder of pages (default ../shared/corpus), in one process:
kauri, selectolax (lexbor), html5lib, justhtml, and BeautifulSoup with html.parser, lxml,
html5lib and kauri. Prints MB/s per parser and the ratios the README reports.

    pip install ./bindings/python -r bindings/python/bench/requirements.txt
    python bindings/python/bench/bench.py [FOLDER] [--rounds N] [--json FILE]

Every parser gets the same text (str): each page decoded once, up front, with the encoding
Kauri sniffs, so no parser's number includes another's decoding; `kauri (bytes)` also shows
Kauri with its own sniffing and decoding. The native parsers (kauri, selectolax) take turns
page by page, `--rounds` times (best round counts), so a busy machine slows them alike; the
slow parsers run one round each, one after the other. Throughput is the corpus's UTF-8 bytes
over the seconds.
"""

from __future__ import annotations

import argparse
import codecs
import gc
import json
import os
import platform
import sys
import time
import warnings
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

warnings.filterwarnings("ignore")

import kauri  # noqa: E402
import kauri.bs4  # noqa: E402,F401  (registers the "kauri" BeautifulSoup builder)


def load(folder: Path) -> Tuple[List[bytes], List[str]]:
    pages = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".html", ".htm"))
    raw = [p.read_bytes() for p in pages]
    texts = []
    for data in raw:
        name = kauri.parse(data).encoding or "utf-8"
        try:
            codec = codecs.lookup({"gbk": "gb18030"}.get(name.lower(), name)).name
        except LookupError:
            codec = "utf-8"
        texts.append(data.decode(codec, "replace"))
    return raw, texts


def parsers() -> Dict[str, Tuple[Callable[[Any], Any], bool, bool]]:
    """name -> (parse function, takes bytes, slow)."""
    import html5lib
    from bs4 import BeautifulSoup
    from justhtml import JustHTML
    from selectolax.lexbor import LexborHTMLParser

    return {
        "kauri": (lambda s: kauri.parse(s), False, False),
        "kauri (bytes)": (lambda b: kauri.parse(b), True, False),
        "selectolax (lexbor)": (lambda s: LexborHTMLParser(s), False, False),
        "html5lib": (lambda s: html5lib.parse(s), False, True),
        "justhtml": (lambda s: JustHTML(s, sanitize=False), False, True),
        "BeautifulSoup html.parser": (lambda s: BeautifulSoup(s, "html.parser"), False, True),
        "BeautifulSoup lxml": (lambda s: BeautifulSoup(s, "lxml"), False, True),
        "BeautifulSoup html5lib": (lambda s: BeautifulSoup(s, "html5lib"), False, True),
        "BeautifulSoup kauri": (lambda s: BeautifulSoup(s, "kauri"), False, True),
    }


def time_interleaved(
    chosen: Dict[str, Tuple[Callable[[Any], Any], List[Any]]], rounds: int
) -> Dict[str, List[float]]:
    """Seconds per parser in each round, the parsers taking turns page by page (each result
    is dropped before the next parser runs, so freeing a tree counts for its parser)."""
    totals: Dict[str, List[float]] = {name: [] for name in chosen}
    pages = len(next(iter(chosen.values()))[1])
    for _ in range(rounds):
        gc.collect()
        spent = dict.fromkeys(chosen, 0.0)
        for i in range(pages):
            for name, (parse, inputs) in chosen.items():
                start = time.perf_counter()
                result = parse(inputs[i])
                del result
                spent[name] += time.perf_counter() - start
        for name in chosen:
            totals[name].append(spent[name])
    return totals


def time_one(parse: Callable[[Any], Any], inputs: List[Any], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        gc.collect()
        start = time.perf_counter()
        for item in inputs:
            parse(item)
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: List[str]) -> int:
    default = Path(os.environ.get("KAURI_CORPUS") or Path(__file__).resolve().parents[3].parent / "shared" / "corpus")
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", nargs="?", default=str(default))
    ap.add_argument("--rounds", type=int, default=3, help="rounds for the fast parsers (best counts)")
    ap.add_argument("--only", action="append", help="run only these parsers (repeatable)")
    ap.add_argument("--json", help="also write the results here")
    args = ap.parse_args(argv)
    raw, texts = load(Path(args.folder))
    size = sum(len(t.encode("utf-8")) for t in texts)
    print(f"{len(texts)} pages, {size / 1e6:.2f} MB (UTF-8), Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.2f}", flush=True)
    results: Dict[str, float] = {}
    chosen = {n: p for n, p in parsers().items() if not args.only or n in args.only}
    fast = {n: (parse, raw if takes_bytes else texts) for n, (parse, takes_bytes, slow) in chosen.items() if not slow}
    for name, (parse, inputs) in fast.items():
        for item in inputs[:3]:  # warm-up
            parse(item)
    if fast:
        for name, rounds in time_interleaved(fast, args.rounds).items():
            seconds = min(rounds)
            results[name] = size / 1e6 / seconds
            print(f"{name:28} {results[name]:9.2f} MB/s  ({seconds:.2f} s)", flush=True)
    for name, (parse, takes_bytes, slow) in chosen.items():
        if not slow:
            continue
        inputs = raw if takes_bytes else texts
        for item in inputs[:3]:  # warm-up
            parse(item)
        seconds = time_one(parse, inputs, 1)
        results[name] = size / 1e6 / seconds
        print(f"{name:28} {results[name]:9.2f} MB/s  ({seconds:.2f} s)", flush=True)
    ratios = {
        "kauri / selectolax": ("kauri", "selectolax (lexbor)"),
        "kauri / html5lib": ("kauri", "html5lib"),
        "kauri / justhtml": ("kauri", "justhtml"),
        "BeautifulSoup kauri / BeautifulSoup html5lib": ("BeautifulSoup kauri", "BeautifulSoup html5lib"),
        "BeautifulSoup kauri / BeautifulSoup html.parser": ("BeautifulSoup kauri", "BeautifulSoup html.parser"),
        "BeautifulSoup kauri / BeautifulSoup lxml": ("BeautifulSoup kauri", "BeautifulSoup lxml"),
    }
    computed = {}
    for label, (a, b) in ratios.items():
        if a in results and b in results:
            computed[label] = results[a] / results[b]
            print(f"{label:48} {computed[label]:8.2f}x")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps({"mb_per_s": results, "ratios": computed, "bytes": size}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
