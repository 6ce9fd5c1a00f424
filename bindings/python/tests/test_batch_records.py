"""``kauri.records`` (the Python map step of docs/scale-out.md) gives exactly the lines of the
``kauri batch`` CLI, field for field, for every corpus page."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from conftest import REPO, corpus_dir, corpus_pages

from kauri.records import file_record


def kauri_binary() -> str:
    """The CLI: `$KAURI_CLI` when set (.ci/python builds it before it takes cargo off PATH),
    else the release build, built by cargo if needed (a no-op after `cargo test --release`)."""
    if os.environ.get("KAURI_CLI"):
        return os.environ["KAURI_CLI"]
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "-p", "kauri", "--bin", "kauri"],
        cwd=REPO,
        check=True,
    )
    target = Path(os.environ.get("CARGO_TARGET_DIR") or REPO / "target")
    return str(target / "release" / "kauri")


def test_records_equal_kauri_batch_lines() -> None:
    out = subprocess.run(
        [kauri_binary(), "batch", str(corpus_dir()), "--select", "h1, a[rel]", "--jobs", "2", "-q"],
        check=True,
        capture_output=True,
    )
    lines = [json.loads(line) for line in out.stdout.decode("utf-8").splitlines()]
    records = [file_record(str(p), select="h1, a[rel]") for p in corpus_pages()]
    assert len(lines) == len(records) == len(corpus_pages())
    for line, record in zip(lines, records):
        assert line == record, line["source"]
