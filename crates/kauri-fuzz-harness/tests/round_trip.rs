//! Round trip: parse, serialize with the standard's "serializing HTML fragments"
//! (§ serialising-html-fragments), parse the result again, and compare the two trees (their
//! html5lib tree dumps).
//!
//! Run over every page of the corpus (`$KAURI_CORPUS`, else `../shared/corpus` from the
//! workspace root) and every case of the html5lib tree-construction suite (each scripting mode
//! it runs in; fragments reparsed with the same context element).
//!
//! Some trees the parser builds cannot survive a serialize-and-reparse; the standard notes the
//! kinds (see docs/serialization.md). A failing round trip must be explained by one of the
//! `Exception` kinds found in the *original* tree, and the tests assert the exact number of
//! cases per kind, so nothing is skipped silently and any new failure (or any exception that
//! The classification is shared with the `round_trip` fuzz target and the property tests:
//! `kauri_fuzz_harness::round_trip` (this crate's `src/round_trip.rs`).

use kauri_testdata::dat::read_dat;
use kauri_testdata::files_with_suffix;
use std::collections::BTreeMap;

use kauri::FragmentContext;
use kauri_dom::to_test_tree;

use kauri_fuzz_harness::round_trip as classifier;

use classifier::{check_parsed, Exception};

// ---------------------------------------------------------------------------------------------
// The bookkeeping

#[derive(Default)]
struct Tally {
    cases: usize,
    same: usize,
    explained: BTreeMap<String, usize>,
    unexplained: Vec<String>,
    /// Cases the parser does not yet build as the suite expects (reported, not round-tripped).
    parser_mismatch: usize,
}

impl Tally {
    /// Records one round trip. With `KAURI_ROUND_TRIP_VERBOSE` set, prints each exception.
    fn add(&mut self, label: &str, outcome: Result<Option<Exception>, String>) {
        self.cases += 1;
        match outcome {
            Ok(None) => self.same += 1,
            Ok(Some(kind)) => {
                if std::env::var_os("KAURI_ROUND_TRIP_VERBOSE").is_some() {
                    eprintln!("{kind:?}: {label}");
                }
                *self.explained.entry(format!("{kind:?}")).or_default() += 1
            }
            Err(report) => self.unexplained.push(report),
        }
    }

    fn check(&self, what: &str, expected: &[(&str, usize)]) {
        eprintln!(
            "{what}: {} round trips, {} identical, exceptions {:?}, {} unexplained, {} not parsed as \
             the suite expects (skipped, counted)",
            self.cases,
            self.same,
            self.explained,
            self.unexplained.len(),
            self.parser_mismatch
        );
        for report in &self.unexplained {
            eprintln!("UNEXPLAINED {report}\n");
        }
        assert!(
            self.unexplained.is_empty(),
            "{what}: {} round trips changed the tree without a known reason",
            self.unexplained.len()
        );
        let expected: BTreeMap<String, usize> =
            expected.iter().map(|&(k, n)| (k.to_owned(), n)).collect();
        assert_eq!(self.explained, expected, "{what}: exceptions per kind");
    }
}

// ---------------------------------------------------------------------------------------------
// The corpus

/// Exceptions expected over the corpus, per kind.
const CORPUS_EXCEPTIONS: &[(&str, usize)] = &[("DoctypeIdentifiers", 7)];

#[test]
fn corpus_pages_round_trip() {
    let Some(dir) = kauri_testdata::corpus_or_skip("corpus_pages_round_trip") else {
        return;
    };
    let mut tally = Tally::default();
    for path in files_with_suffix(&dir, ".html") {
        let bytes = std::fs::read(&path).unwrap();
        // Bytes, so the encoding is sniffed; the serialization is text and reparsed as such.
        let original = kauri::parse_bytes(&bytes);
        let label = path.file_name().unwrap().to_string_lossy().into_owned();
        tally.add(&label, check_parsed(&original, &label, None, true));
    }
    assert!(
        tally.cases >= 100,
        "corpus at {} has {} pages",
        dir.display(),
        tally.cases
    );
    tally.check("corpus", CORPUS_EXCEPTIONS);
}

// ---------------------------------------------------------------------------------------------
// The tree-construction suite

/// Exceptions expected over the tree-construction suite, per kind.
const TREE_CONSTRUCTION_EXCEPTIONS: &[(&str, usize)] = &[
    ("CarriageReturn", 2),
    ("DoctypeIdentifiers", 42),
    ("LeadingNewline", 10),
    ("NestedA", 10),
    ("NestedForm", 2),
    ("NestedNobr", 2),
    ("PClosedByDescendant", 2),
    ("Plaintext", 55),
    ("ScriptDataDoubleEscaped", 48),
];

#[test]
fn tree_construction_cases_round_trip() {
    let Some(dir) = kauri_testdata::html5lib_tests_or_skip("tree_construction_cases_round_trip")
    else {
        return;
    };
    let dir = dir.join("tree-construction");
    let mut tally = Tally::default();
    for path in files_with_suffix(&dir, ".dat") {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        for (index, case) in read_dat(&text).iter().enumerate() {
            let context: Option<FragmentContext> = case
                .fragment
                .as_deref()
                .map(|c| c.parse().expect("a valid fragment context"));
            let modes: &[bool] = match case.script {
                Some(true) => &[true],
                Some(false) => &[false],
                None => &[true, false],
            };
            for &scripting in modes {
                let label = format!("{file} #{index} (scripting {scripting}): {:?}", case.data);
                let original = classifier::parse(&case.data, context.as_ref(), scripting);
                if to_test_tree(original.root()) != case.document {
                    tally.parser_mismatch += 1;
                    if std::env::var_os("KAURI_ROUND_TRIP_VERBOSE").is_some() {
                        eprintln!("not as the suite expects: {label}");
                    }
                    continue;
                }
                tally.add(
                    &label,
                    check_parsed(&original, &label, context.as_ref(), scripting),
                );
            }
        }
    }
    assert!(
        tally.cases + tally.parser_mismatch > 3000,
        "too few cases found in {}",
        dir.display()
    );
    tally.check("tree-construction", TREE_CONSTRUCTION_EXCEPTIONS);
    // Every case takes part: a case the parser gets wrong is a parser bug (see
    // `cargo xtask conformance`), and its round trip would prove nothing.
    assert_eq!(
        tally.parser_mismatch, 0,
        "tree-construction: cases not parsed as the suite expects, so not round-tripped"
    );
}
