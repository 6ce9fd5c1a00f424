//! `compare jobs [--rounds N] PAGES...`: what users do with a parsed page, side by side with the
//! fastest peers that do the same, each on its own parser's tree (the parse is not timed):
//!
//! - `select`: the twelve selectors of [`SELECTORS`] over every page, each counted as
//!   `querySelectorAll` would return it: Kauri's `Document::select`, lexbor's selectors engine
//!   (`lxb_selectors_find` with `LXB_SELECTORS_OPT_MATCH_FIRST`, one `lxb_css_parser_t` and
//!   selector lists parsed once), and scraper (`Html::select`, html5ever's tree in `ego_tree`).
//!   scraper does not parse `:nth-child(An+B of S)`, so the `select` row is Kauri against
//!   lexbor, and `select-common` all three over the eleven others. Note that scraper's
//!   `Html::select` scans its node vector in creation order (a contiguous scan that also
//!   passes detached nodes, and not the tree order `querySelectorAll` returns), where Kauri and
//!   lexbor walk the tree;
//! - `serialize`: the whole document to a new string: Kauri's `Document::to_html`, lexbor's
//!   `lxb_html_serialize_tree_cb` into a growing buffer, html5ever's `serialize` of an rcdom;
//! - `text`: the text content of the document element to a new string: Kauri's
//!   `Node::text_content`, lexbor's `lxb_dom_node_text_content`;
//! - `fragment`: comment-sized fragments (100 B to 2 KB) parsed in a `body` context, one new
//!   document each, as a caller with one string does: `kauri::parse_fragment`, lexbor's
//!   `lxb_html_document_parse_fragment` (document created and destroyed per call), html5ever's
//!   `parse_fragment` into an rcdom.
//!
//! Every contender's answer (match counts, output lengths, child counts) is checked against
//! Kauri's in the warm-up pass, and differences are printed. The contenders then take turns, in
//! an order shuffled per item and round (as in `compare bench`), for `--rounds` rounds; each row
//! prints MB/s (input bytes / total seconds) per contender and Kauri's ratio to the fastest peer.

use std::time::{Duration, Instant};

use html5ever::tendril::TendrilSink;
use markup5ever_rcdom::{RcDom, SerializableHandle};

/// The selectors of the `select` row, from a plain attribute test to `:has()` and
/// `:nth-child(An+B of S)`.
pub const SELECTORS: [&str; 12] = [
    "a[href]",
    "div p",
    "ul > li",
    "img[alt]",
    "a[href^=\"https\"]",
    "h1, h2, h3",
    "p:first-child",
    "li:nth-child(2n+1)",
    "tr > td:last-child",
    ":not(div) > span",
    "div:has(> a)",
    ":nth-child(2n+1 of .x)",
];

/// One contender of a row: a name and the work on item `i`, returning its answer (a count or a
/// length) for the cross-check.
struct Runner<'a> {
    name: &'static str,
    run: Box<dyn Fn(usize) -> usize + 'a>,
}

/// Totals of one row: seconds per contender over all rounds.
struct RowResult {
    names: Vec<&'static str>,
    seconds: Vec<f64>,
    mismatches: Vec<String>,
}

/// Runs `runners` over `items` items: a warm-up pass checking every answer against the first
/// runner's, then `rounds` rounds with the turn order shuffled per item and round.
fn race(label: &str, items: usize, rounds: usize, runners: &[Runner<'_>]) -> RowResult {
    let mut mismatches = Vec::new();
    for item in 0..items {
        let expected = (runners[0].run)(item);
        for runner in &runners[1..] {
            let got = (runner.run)(item);
            if got != expected {
                mismatches.push(format!(
                    "{label} item {item}: {} {expected}, {} {got}",
                    runners[0].name, runner.name
                ));
            }
        }
    }
    let mut totals = vec![Duration::ZERO; runners.len()];
    for round in 0..rounds {
        for item in 0..items {
            for index in crate::turn_order(round * items + item, runners.len()) {
                let start = Instant::now();
                std::hint::black_box((runners[index].run)(item));
                totals[index] += start.elapsed();
            }
        }
    }
    RowResult {
        names: runners.iter().map(|r| r.name).collect(),
        seconds: totals.iter().map(Duration::as_secs_f64).collect(),
        mismatches,
    }
}

/// Prints one row: MB/s per contender and `kauri/<fastest peer>`.
fn print_row(row: &str, bytes: usize, rounds: usize, result: &RowResult) {
    let speeds: Vec<f64> = result
        .seconds
        .iter()
        .map(|s| crate::mb(bytes * rounds) / s)
        .collect();
    let cells: Vec<String> = result
        .names
        .iter()
        .zip(&speeds)
        .map(|(name, speed)| format!("{name} {speed:.1}"))
        .collect();
    let (peer, peer_speed) = result
        .names
        .iter()
        .zip(&speeds)
        .skip(1)
        .max_by(|a, b| a.1.total_cmp(b.1))
        .expect("every row has a peer");
    println!(
        "{row:<10} MB/s: {}   kauri/{peer}: {:.2}",
        cells.join(", "),
        speeds[0] / peer_speed
    );
    for mismatch in &result.mismatches {
        println!("  differs: {mismatch}");
    }
}

/// The three trees of one page.
struct Trees {
    kauri: kauri::Document,
    #[cfg(lexbor)]
    lexbor: crate::lexbor_side::LexborDocument,
    rcdom: RcDom,
    scraper: scraper::Html,
}

/// `compare jobs`: the select, serialize, text and fragment rows.
pub fn run(pages: &[(String, String)], rounds: usize) {
    let total_bytes: usize = pages.iter().map(|(_, text)| text.len()).sum();
    println!(
        "{} pages, {:.2} MB, {rounds} rounds after one warm-up pass (parse not timed)",
        pages.len(),
        crate::mb(total_bytes)
    );
    let trees: Vec<Trees> = pages
        .iter()
        .map(|(_, text)| Trees {
            kauri: kauri::parse(text),
            #[cfg(lexbor)]
            lexbor: crate::lexbor_side::LexborDocument::parse(text),
            rcdom: html5ever::parse_document(RcDom::default(), Default::default())
                .one(text.as_str()),
            scraper: scraper::Html::parse_document(text),
        })
        .collect();

    // select: item = (page, selector).
    let kauri_selectors: Vec<kauri::Selector> = SELECTORS
        .iter()
        .map(|s| s.parse().expect("Kauri parses every selector of the list"))
        .collect();
    // scraper 0.29 does not parse every selector of the list (`:nth-child(An+B of S)`): it
    // runs in the `select` total only when it parses all of them, and in `select-common`.
    let scraper_selectors: Vec<Option<scraper::Selector>> = SELECTORS
        .iter()
        .map(|s| scraper::Selector::parse(s).ok())
        .collect();
    for (css, parsed) in SELECTORS.iter().zip(&scraper_selectors) {
        if parsed.is_none() {
            println!("scraper 0.29: does not parse {css}");
        }
    }
    #[cfg(lexbor)]
    let lexbor_selectors = crate::lexbor_side::LexborSelectors::new(&SELECTORS);
    let n = SELECTORS.len();
    #[allow(unused_mut)]
    let mut runners = vec![Runner {
        name: "kauri",
        run: Box::new(|i| trees[i / n].kauri.select(&kauri_selectors[i % n]).count()),
    }];
    #[cfg(lexbor)]
    runners.push(Runner {
        name: "lexbor",
        run: Box::new(|i| lexbor_selectors.count(i % n, &trees[i / n].lexbor)),
    });
    if scraper_selectors.iter().all(Option::is_some) {
        runners.push(Runner {
            name: "scraper",
            run: Box::new(|i| {
                let selector = scraper_selectors[i % n].as_ref().expect("all parsed");
                trees[i / n].scraper.select(selector).count()
            }),
        });
    }
    let select = race("select", pages.len() * n, rounds, &runners);
    print_row("select", total_bytes * n, rounds, &select);
    // The selectors scraper parses, with all three.
    let common: Vec<usize> = (0..n).filter(|&s| scraper_selectors[s].is_some()).collect();
    if common.len() < n {
        let m = common.len();
        let common = &common;
        #[allow(unused_mut)]
        let mut runners = vec![
            Runner {
                name: "kauri",
                run: Box::new(|i| {
                    trees[i / m]
                        .kauri
                        .select(&kauri_selectors[common[i % m]])
                        .count()
                }),
            },
            Runner {
                name: "scraper",
                run: Box::new(|i| {
                    let selector = scraper_selectors[common[i % m]].as_ref().expect("common");
                    trees[i / m].scraper.select(selector).count()
                }),
            },
        ];
        #[cfg(lexbor)]
        runners.push(Runner {
            name: "lexbor",
            run: Box::new(|i| lexbor_selectors.count(common[i % m], &trees[i / m].lexbor)),
        });
        let result = race("select-common", pages.len() * m, rounds, &runners);
        print_row("select-common", total_bytes * m, rounds, &result);
    }
    print_per_selector(
        pages,
        rounds,
        &trees,
        &kauri_selectors,
        &scraper_selectors,
        #[cfg(lexbor)]
        &lexbor_selectors,
    );

    let mut runners = vec![
        Runner {
            name: "kauri",
            run: Box::new(|i| trees[i].kauri.to_html().len()),
        },
        Runner {
            name: "html5ever",
            run: Box::new(|i| {
                let mut out = Vec::new();
                let handle: SerializableHandle = trees[i].rcdom.document.clone().into();
                html5ever::serialize(&mut out, &handle, Default::default())
                    .expect("writing to a Vec cannot fail");
                out.len()
            }),
        },
    ];
    #[cfg(lexbor)]
    runners.push(Runner {
        name: "lexbor",
        run: Box::new(|i| trees[i].lexbor.serialize_len()),
    });
    let serialize = race("serialize", pages.len(), rounds, &runners);
    print_row("serialize", total_bytes, rounds, &serialize);

    #[allow(unused_mut)]
    let mut runners = vec![Runner {
        name: "kauri",
        run: Box::new(|i| {
            trees[i]
                .kauri
                .document_element()
                .map_or(0, |e| e.text_content().len())
        }),
    }];
    #[cfg(lexbor)]
    runners.push(Runner {
        name: "lexbor",
        run: Box::new(|i| trees[i].lexbor.text_len()),
    });
    if runners.len() > 1 {
        let text = race("text", pages.len(), rounds, &runners);
        print_row("text", total_bytes, rounds, &text);
    } else {
        println!("text: skipped (lexbor not built)");
    }

    fragments(rounds);
}

/// The `select` row per selector (MB/s of pages per contender), to show where a ratio comes from.
fn print_per_selector(
    pages: &[(String, String)],
    rounds: usize,
    trees: &[Trees],
    kauri_selectors: &[kauri::Selector],
    scraper_selectors: &[Option<scraper::Selector>],
    #[cfg(lexbor)] lexbor_selectors: &crate::lexbor_side::LexborSelectors,
) {
    let total_bytes: usize = pages.iter().map(|(_, text)| text.len()).sum();
    for (s, css) in SELECTORS.iter().enumerate() {
        let mut runners = vec![Runner {
            name: "kauri",
            run: Box::new(|i: usize| trees[i].kauri.select(&kauri_selectors[s]).count()),
        }];
        if let Some(selector) = &scraper_selectors[s] {
            runners.push(Runner {
                name: "scraper",
                run: Box::new(move |i: usize| trees[i].scraper.select(selector).count()),
            });
        }
        #[cfg(lexbor)]
        runners.push(Runner {
            name: "lexbor",
            run: Box::new(move |i: usize| lexbor_selectors.count(s, &trees[i].lexbor)),
        });
        let result = race(css, pages.len(), rounds, &runners);
        print_row(&format!("  {css}"), total_bytes, rounds, &result);
    }
}

/// Comment-sized fragments from 100 B to 2 KB: the sanitizer bench's comments that are at least
/// 100 bytes, and runs of all of them joined, cut at a tag boundary below 500 B, 1 KB and 2 KB.
fn fragment_inputs() -> Vec<String> {
    let comments = crate::sanitize_bench::COMMENTS;
    let mut inputs: Vec<String> = comments
        .iter()
        .filter(|c| c.len() >= 100)
        .map(|c| c.to_string())
        .collect();
    for limit in [500, 1000, 2000] {
        for start in 0..4 {
            let mut joined = String::new();
            for comment in comments.iter().cycle().skip(start * 3) {
                if joined.len() + comment.len() > limit {
                    break;
                }
                joined.push_str(comment);
            }
            inputs.push(joined);
        }
    }
    inputs
}

/// Times per fragment: each turn parses its fragment this many times, so that a turn lasts long
/// enough for the clock (a 100-byte fragment parses in a few microseconds).
const FRAGMENT_REPEATS: usize = 50;

/// The `fragment` row.
fn fragments(rounds: usize) {
    let inputs = fragment_inputs();
    let bytes: usize = inputs.iter().map(String::len).sum();
    let context = kauri::ParseOptions::default();
    let repeat = |f: &dyn Fn(&str) -> usize, text: &str| {
        let mut last = 0;
        for _ in 0..FRAGMENT_REPEATS {
            last = f(text);
        }
        last
    };
    let kauri_fragment = |text: &str| {
        let doc = kauri::parse_fragment(text, "body", &context).expect("body is a valid context");
        doc.root().children().count()
    };
    let html5ever_fragment = |text: &str| {
        let context =
            html5ever::QualName::new(None, html5ever::ns!(html), html5ever::local_name!("body"));
        let dom = html5ever::parse_fragment(
            RcDom::default(),
            Default::default(),
            context,
            Vec::new(),
            false,
        )
        .one(text);
        // html5ever puts the fragment's nodes under an `html` element below the document.
        let html = dom.document.children.borrow()[0].clone();
        let count = html.children.borrow().len();
        count
    };
    let mut runners = vec![
        Runner {
            name: "kauri",
            run: Box::new(|i| repeat(&kauri_fragment, &inputs[i])),
        },
        Runner {
            name: "html5ever",
            run: Box::new(|i| repeat(&html5ever_fragment, &inputs[i])),
        },
    ];
    #[cfg(lexbor)]
    runners.push(Runner {
        name: "lexbor",
        run: Box::new(|i| repeat(&crate::lexbor_side::parse_fragment, &inputs[i])),
    });
    let result = race("fragment", inputs.len(), rounds, &runners);
    println!(
        "fragment: {} inputs of {}-{} bytes, {FRAGMENT_REPEATS} parses per turn",
        inputs.len(),
        inputs.iter().map(String::len).min().unwrap_or(0),
        inputs.iter().map(String::len).max().unwrap_or(0)
    );
    print_row("fragment", bytes * FRAGMENT_REPEATS, rounds, &result);
}
