//! Tokenizes every page of the shared corpus (`$KAURI_CORPUS`, else `../shared/corpus` from the
//! workspace root) into a sink that drops the tokens: once without errors (the sink says it
//! does not want them, as a DOM builder that ignores errors would) and once with errors.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kauri_tokenizer::{
    ParseError, Span, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOptions,
};
use std::hint::black_box;

struct NoopSink {
    count: usize,
}

impl TokenSink for NoopSink {
    fn process_token(&mut self, token: Token<'_>, _span: Span) -> TokenSinkResult {
        black_box(&token);
        self.count += 1;
        TokenSinkResult::Continue
    }
    fn parse_error(&mut self, error: ParseError) {
        black_box(error);
    }
}

fn corpus() -> Vec<String> {
    kauri_testdata::corpus_pages()
        .expect("the corpus")
        .iter()
        .filter_map(|path| std::fs::read(path).ok())
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .collect()
}

fn tokenize_all(pages: &[String], errors: bool) -> usize {
    let mut count = 0;
    for page in pages {
        let options = TokenizerOptions {
            errors,
            ..TokenizerOptions::default()
        };
        let mut tokenizer = Tokenizer::new(NoopSink { count: 0 }, options);
        tokenizer.feed(page).unwrap();
        tokenizer.end().unwrap();
        count += tokenizer.into_sink().count;
    }
    count
}

fn bench(c: &mut Criterion) {
    let pages = corpus();
    let bytes: usize = pages.iter().map(String::len).sum();
    let mut group = c.benchmark_group("tokenize-corpus");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(20);
    group.bench_function("no-errors", |b| {
        b.iter(|| tokenize_all(black_box(&pages), false))
    });
    group.bench_function("with-errors", |b| {
        b.iter(|| tokenize_all(black_box(&pages), true))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
