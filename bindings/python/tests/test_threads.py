"""Parsing releases the GIL: threads parse in parallel, and share documents safely."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import kauri

from conftest import corpus_pages


def test_threads_parse_the_corpus_like_one_thread() -> None:
    pages = [p.read_bytes() for p in corpus_pages()]
    alone = [kauri.parse(page).to_test_tree() for page in pages]
    with ThreadPoolExecutor(max_workers=4) as pool:
        threaded = list(pool.map(lambda page: kauri.parse(page).to_test_tree(), pages))
    assert threaded == alone


def test_parse_releases_the_gil() -> None:
    # A large page; while one thread parses it, another counts. With the GIL held for the
    # whole parse, the counter could not move until the parse returned.
    html = "<div><p class=x>some <b>text</b> here</p></div>\n" * 150_000
    ticks = 0
    parsing = threading.Event()
    finished = threading.Event()
    during = []

    def count() -> None:
        nonlocal ticks
        while not finished.is_set():
            ticks += 1
            if parsing.is_set():
                during.append(ticks)
            time.sleep(0)

    counter = threading.Thread(target=count)
    counter.start()
    try:
        doc = None
        for _ in range(5):  # a few parses, so a busy machine still schedules the counter
            parsing.set()
            doc = kauri.parse(html)
            parsing.clear()
            if len(during) > 10:
                break
    finally:
        finished.set()
        counter.join()
    assert doc is not None and len(doc.select("b")) == 150_000
    assert len(during) > 10, f"the counter ran {len(during)} times during the parses"


def test_threads_read_one_document() -> None:
    doc = kauri.parse("<ul>" + "<li><a href=/x>x</a>" * 2000 + "</ul>")
    with ThreadPoolExecutor(max_workers=4) as pool:
        counts = list(pool.map(lambda _: len(doc.select("li > a[href]")), range(16)))
    assert counts == [2000] * 16
