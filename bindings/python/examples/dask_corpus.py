"""Kauri as a Dask map step: every page of a folder through ``kauri.records.file_record`` in a
``dask.bag`` on a ``distributed.LocalCluster`` (2 worker processes), written as JSON Lines with
the fields of ``kauri batch``.

    python bindings/python/examples/dask_corpus.py ../shared/corpus pages.jsonl [--select CSS]

On a real cluster, pass the scheduler's address to ``Client`` instead of starting a
``LocalCluster``, and read the pages from shared storage (``db.read_text`` and
``dask.bytes.read_bytes`` take s3://, hdfs://, gs:// paths).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Dict, List, Optional

import dask.bag as db
from distributed import Client, LocalCluster

from kauri.records import file_record


def html_files(folder: str) -> List[str]:
    """The folder's HTML files, in name order (as ``kauri batch`` lists a folder)."""
    out = []
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        out.extend(
            os.path.join(root, name)
            for name in sorted(files)
            if name.lower().endswith((".html", ".htm", ".xhtml", ".shtml"))
        )
    return out


def run(paths: List[str], client: Client, select: Optional[str] = None) -> List[Dict[str, Any]]:
    """The records of `paths`, computed by the cluster behind `client`, in input order."""
    bag = db.from_sequence(paths, npartitions=max(1, min(len(paths), 16)))
    return bag.map(file_record, select=select).compute(scheduler=client.get)


def local_cluster(workers: int = 2) -> LocalCluster:
    """A cluster of `workers` processes on this machine, listening on the loopback only."""
    return LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    )


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("output")
    parser.add_argument("--select")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    paths = html_files(args.folder)
    with local_cluster(args.workers) as cluster, Client(cluster) as client:
        records = run(paths, client, args.select)
    with open(args.output, "w", encoding="utf-8") as out:
        for record in records:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    print(f"{len(records)} pages -> {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
