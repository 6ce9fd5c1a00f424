"""Kauri inside Dask: the corpus through ``dask.bag`` on a ``distributed.LocalCluster`` with 2
worker processes gives exactly the records of a single-process run (examples/dask_corpus.py)."""

from __future__ import annotations

import sys
from pathlib import Path

from distributed import Client

from conftest import corpus_dir, corpus_pages

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
import dask_corpus  # noqa: E402

from kauri.records import file_record  # noqa: E402


def test_dask_bag_on_two_worker_processes_equals_one_process() -> None:
    paths = dask_corpus.html_files(str(corpus_dir()))
    assert paths == [str(p) for p in corpus_pages()]
    single = [file_record(p, select="h1") for p in paths]
    with dask_corpus.local_cluster(2) as cluster, Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        distributed = dask_corpus.run(paths, client, select="h1")
        # The work ran in the worker processes, not here.
        pids = client.run(lambda: __import__("os").getpid())
    assert len(set(pids.values())) == 2
    assert distributed == single
    assert [r["source"] for r in distributed] == paths
    first = distributed[0]
    assert set(first) == {"source", "encoding", "title", "links", "text", "errors", "matches"}
    assert sum(len(r["links"]) for r in distributed) > 1000
    assert sum(r["errors"] for r in distributed) > 0
