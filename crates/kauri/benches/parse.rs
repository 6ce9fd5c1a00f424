//! Parse document, parse fragment and serialize, over the shared corpus (`$KAURI_CORPUS`, else
//! `../shared/corpus` from the workspace root) and html5ever's own bench inputs (the
//! `html5ever--*.html` pages of that corpus), each with the full arena DOM built.
//!
//! `cargo bench -p kauri --bench parse`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

/// Every page of the corpus, as (file name, text), sorted by name.
fn corpus() -> Vec<(String, String)> {
    kauri_testdata::corpus_pages()
        .expect("the corpus")
        .iter()
        .filter_map(|path| {
            let bytes = std::fs::read(path).ok()?;
            let name = path.file_name()?.to_string_lossy().into_owned();
            Some((name, String::from_utf8_lossy(&bytes).into_owned()))
        })
        .collect()
}

fn total_bytes(pages: &[(String, String)]) -> u64 {
    pages.iter().map(|(_, text)| text.len() as u64).sum()
}

fn parse_benches(c: &mut Criterion) {
    let pages = corpus();
    let html5ever: Vec<(String, String)> = pages
        .iter()
        .filter(|(name, _)| name.starts_with("html5ever--"))
        .cloned()
        .collect();

    // The whole corpus, one document per page.
    let mut group = c.benchmark_group("corpus");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    group.throughput(Throughput::Bytes(total_bytes(&pages)));
    group.bench_function("parse_document", |b| {
        b.iter(|| {
            for (_, text) in &pages {
                black_box(kauri::parse(black_box(text)));
            }
        })
    });
    group.bench_function("parse_fragment_body", |b| {
        b.iter(|| {
            for (_, text) in &pages {
                black_box(kauri::parse_fragment(black_box(text), "body", &Default::default()).ok());
            }
        })
    });
    let documents: Vec<kauri::Document> =
        pages.iter().map(|(_, text)| kauri::parse(text)).collect();
    group.bench_function("serialize", |b| {
        b.iter(|| {
            for document in &documents {
                black_box(document.to_html());
            }
        })
    });
    group.finish();

    // html5ever's bench inputs, one by one: as documents, as `body` fragments, serialized.
    let mut group = c.benchmark_group("html5ever-inputs");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(2));
    for (name, text) in &html5ever {
        let name = name
            .trim_start_matches("html5ever--")
            .trim_end_matches(".html");
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("parse_document", name), text, |b, text| {
            b.iter(|| black_box(kauri::parse(black_box(text))))
        });
        group.bench_with_input(
            BenchmarkId::new("parse_fragment_body", name),
            text,
            |b, text| {
                b.iter(|| {
                    black_box(
                        kauri::parse_fragment(black_box(text), "body", &Default::default()).ok(),
                    )
                })
            },
        );
        let document = kauri::parse(text);
        group.bench_with_input(
            BenchmarkId::new("serialize", name),
            &document,
            |b, document| b.iter(|| black_box(document.to_html())),
        );
    }
    group.finish();
}

criterion_group!(benches, parse_benches);
criterion_main!(benches);
