"""Shared helpers: where the conformance data and the corpus are, and the .dat reader.

The data is outside the repository (see the main README, "Two commands"): the html5lib tests in
``$KAURI_HTML5LIB_TESTS`` and the saved pages in ``$KAURI_CORPUS``, by default
``../shared/html5lib-tests`` and ``../shared/corpus`` beside the repository. A test whose data is
missing fails naming the variable; it never passes without its data.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import pytest

REPO = Path(__file__).resolve().parents[3]


def data_dir(variable: str, default: str, marker: str) -> Path:
    path = Path(os.environ.get(variable) or (REPO.parent / "shared" / default))
    if not (path / marker).exists():
        pytest.fail(
            f"{path / marker} is missing: set {variable} to the folder holding it "
            "(see the README, 'Two commands')",
            pytrace=False,
        )
    return path


def tree_construction_dir() -> Path:
    return data_dir("KAURI_HTML5LIB_TESTS", "html5lib-tests", "tree-construction") / "tree-construction"


def corpus_dir() -> Path:
    return data_dir("KAURI_CORPUS", "corpus", "MANIFEST.tsv")


def corpus_pages() -> list[Path]:
    pages = sorted(p for p in corpus_dir().iterdir() if p.suffix == ".html")
    assert len(pages) >= 100, f"expected the corpus's 101 pages, found {len(pages)}"
    return pages


@dataclass
class Case:
    """One case of a tree-construction .dat file (the format of tree-construction/README.md)."""

    file: str
    index: int
    data: str
    fragment: Optional[str]
    script: Optional[bool]
    document: str

    def modes(self) -> list[bool]:
        """The scripting modes the case runs in: the one it fixes, else both."""
        return [self.script] if self.script is not None else [True, False]


def read_dat(path: Path) -> list[Case]:
    """The cases of a .dat file, read as crates/kauri-testdata/src/dat.rs reads them."""
    lines = path.read_bytes().decode("utf-8").split("\n")  # keep CRs (read_text would translate them)
    cases: list[Case] = []
    i = 0
    while i < len(lines):
        if lines[i] != "#data":
            i += 1
            continue
        i += 1
        data = []
        while i < len(lines) and lines[i] != "#errors":
            data.append(lines[i])
            i += 1
        fragment: Optional[str] = None
        script: Optional[bool] = None
        while i < len(lines) and lines[i] != "#document":
            if lines[i] == "#document-fragment":
                i += 1
                fragment = lines[i] if i < len(lines) else None
            elif lines[i] == "#script-on":
                script = True
            elif lines[i] == "#script-off":
                script = False
            i += 1
        i += 1
        document = []
        while i < len(lines) and lines[i] != "#data":
            if lines[i] == "" and (
                i + 1 >= len(lines) or lines[i + 1] == "#data" or lines[i + 1].startswith("#description")
            ):
                break
            document.append(lines[i])
            i += 1
        dump = "\n".join(document).rstrip("\n") + "\n"
        cases.append(Case(path.name, len(cases), "\n".join(data), fragment, script, dump))
    return cases


def all_cases() -> list[Case]:
    files = sorted(tree_construction_dir().glob("*.dat"))
    assert files, "no .dat files in the tree-construction folder"
    return [case for path in files for case in read_dat(path)]
