"""The training run of the profile-guided build (`build-wheel`, next to this file): what the
instrumented package records is what the optimized one is laid out for.

It runs what users run most, over every second page of a corpus directory (sorted by name,
the first, third, ...; the other half stays unseen, so a bench over it measures the gain on
pages the profile never saw): `kauri.parse` of the page as `str` and as `bytes`, then on the
tree the title, every `a[href]`'s `href`, the body's text, the serialization, a sanitize of
the body, and an edit (every `script` removed). Parse errors are collected in a second pass,
so that their code is laid out too.

    python train.py CORPUS_DIR
"""

from __future__ import annotations

import sys
from pathlib import Path

import kauri


def train(page: bytes) -> int:
    text = page.decode("utf-8", "replace")
    work = 0
    for doc in (kauri.parse(text), kauri.parse(page)):
        work += len(doc.title or "")
        work += sum(len(a.get("href") or "") for a in doc.select("a[href]"))
        body = doc.body
        if body is not None:
            work += len(body.text)
            work += len(kauri.sanitize(body.inner_html))
        work += len(doc.to_html())
        for script in doc.select("script"):
            script.remove()
    work += len(kauri.parse(text, errors=True).errors)
    return work


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: python train.py CORPUS_DIR")
    pages = sorted(Path(sys.argv[1]).glob("*.html"))[::2]
    if not pages:
        sys.exit(f"no *.html pages in {sys.argv[1]}: the training run needs the corpus")
    work = sum(train(path.read_bytes()) for path in pages)
    print(f"trained on {len(pages)} pages ({work} units of output)")


if __name__ == "__main__":
    main()
