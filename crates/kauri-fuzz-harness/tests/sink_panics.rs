//! The panic-injection harness (`src/panics.rs`, issue 28): a panic at every sink callback of
//! small documents and fragments (Miri runs these in CI) and at sampled callbacks of every
//! corpus page (AddressSanitizer runs these in CI).

use kauri_fuzz_harness::panics::{panic_at_each_callback, Plan};

/// Small documents reaching text merging, the adoption agency, foster parenting, templates,
/// a declarative shadow root, `<template for>`, scripts (pauses), forms, foreign content and
/// the errors of each.
const INPUTS: &[&str] = &[
    "<!DOCTYPE html><p>a<b>b<i>c</p>d</i>e<script>w()</script>f\0g",
    "<table><tr><td>x</td>y<form id=f><input form=f></table><template><script>s</script><img onerror=x></template>",
    "<div><template shadowrootmode=open><slot></slot>t</template>u</div><svg><path/><foreignObject><p>z</svg><math><mi>q",
    "<select><option>1<option selected>2</select><textarea>&lt;a</textarea><?pi x?>",
];

fn plans(miri: bool) -> Vec<Plan> {
    let mut plans = Vec::new();
    let contexts: &[Option<&'static str>] = &[None, Some("td"), Some("template")];
    let pieces: &[usize] = if miri {
        &[usize::MAX]
    } else {
        &[usize::MAX, 1, 5, 64]
    };
    for (i, &context) in contexts.iter().enumerate() {
        for &piece in pieces {
            for errors in [true, false] {
                plans.push(Plan {
                    context,
                    piece,
                    script_pauses: context.is_none() && (piece != 1 || !errors),
                    errors,
                    locations: (i + piece % 7) % 2 == 0,
                });
            }
        }
    }
    if miri {
        // Miri's share: every context, errors on and off, whole input.
        plans.retain(|p| p.context.is_none() || p.errors);
    }
    plans
}

#[test]
fn a_panic_at_any_sink_callback_leaves_everything_usable() {
    let inputs = if cfg!(miri) { &INPUTS[..2] } else { INPUTS };
    let plans = plans(cfg!(miri));
    for (i, input) in inputs.iter().enumerate() {
        // Under Miri, every second plan for each input, in turn: each plan runs once, and each
        // input as a document (merged text, the first; foster-parented text, the second) and
        // as a fragment.
        let plans: Vec<Plan> = if cfg!(miri) {
            plans.iter().skip(i % 2).step_by(2).copied().collect()
        } else {
            plans.clone()
        };
        panic_at_each_callback(input, &plans, None);
    }
}

/// The corpus pages, whole and in 4 KB pieces, paused at scripts, errors and locations on: a
/// panic at 16 callbacks spread over each page (AddressSanitizer runs this in CI).
#[test]
fn a_panic_anywhere_in_a_corpus_page_leaves_everything_usable() {
    if cfg!(miri) {
        return; // The small inputs above are Miri's share.
    }
    let Some(dir) = kauri_testdata::corpus_or_skip(
        "a_panic_anywhere_in_a_corpus_page_leaves_everything_usable",
    ) else {
        return;
    };
    let pages = kauri_testdata::files_with_suffix(&dir, ".html");
    assert!(!pages.is_empty(), "no pages in {}", dir.display());
    let plan = Plan {
        context: None,
        piece: 4096,
        script_pauses: true,
        errors: true,
        locations: true,
    };
    for page in pages {
        let bytes = std::fs::read(&page).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        panic_at_each_callback(&text, &[plan], Some(16));
    }
}

/// The fuzz target's body over pseudo-random operation sequences (a fixed seed): feeds, pauses,
/// resumes that feed the paused input back or drop it, ends, and a panic at a random callback.
#[test]
fn random_feed_pause_resume_and_panic_sequences() {
    let pieces: &[&[u8]] = &[
        b"<p>a",
        b"<script>x",
        b"</script>",
        b"b\0c",
        b"<table><tr>",
        b"t",
        b"&amp;",
        b"<template shadowrootmode=open>",
        b"</template>",
        b"\r\n",
        b"<b><i>",
        b"\xc3\xa9",
    ];
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let runs = if cfg!(miri) { 40 } else { 3000 };
    for _ in 0..runs {
        let mut data = vec![next() as u8, 0, (next() % 40) as u8];
        for _ in 0..(next() % 12) {
            match next() % 5 {
                op @ (0 | 1) => {
                    let piece = pieces[(next() % pieces.len() as u64) as usize];
                    data.extend([op as u8, piece.len() as u8]);
                    data.extend_from_slice(piece);
                }
                op => data.push(op as u8),
            }
        }
        kauri_fuzz_harness::targets::sink_panics(&data);
    }
}
