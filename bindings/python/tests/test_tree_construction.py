"""Every tree-construction case (documents and fragments, in each scripting mode the case
allows) through ``kauri.parse`` / ``kauri.parse_fragment`` and ``Document.to_test_tree()``."""

import kauri

from conftest import all_cases


def test_every_tree_construction_case() -> None:
    runs = 0
    failures = []
    for case in all_cases():
        for scripting in case.modes():
            runs += 1
            if case.fragment is None:
                doc = kauri.parse(case.data, scripting=scripting)
            else:
                doc = kauri.parse_fragment(case.data, case.fragment, scripting=scripting)
            got = doc.to_test_tree()
            if got.rstrip("\n") != case.document.rstrip("\n"):
                failures.append(f"{case.file} #{case.index} scripting={scripting}\n{case.data}\n{got}")
    # The conformance table's count (README): 3,844 runs, every one passing.
    assert runs >= 3844, runs
    assert not failures, f"{len(failures)} of {runs} runs differ; first:\n{failures[0]}"
