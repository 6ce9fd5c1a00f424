//! Scaling on hostile input: for 1, 2, 4 and 8 MB of each family of hostile markup, a full parse
//! (tokenizer, tree builder, arena DOM) through `kauri::parse`: the time of each size. Each
//! doubling of the input must cost at most 2.3x the time (issue 7); that bound is checked by
//! `benches/scaling_check.rs`, because criterion's estimates of consecutive sizes are taken
//! seconds apart and on a shared machine their ratio also carries the change of the machine's
//! speed between them (docs/performance.md shows both).
//!
//! `cargo bench -p kauri --bench scaling` measures; `cargo test --benches` (or
//! `cargo bench -- --test`) parses every input once, which checks the generators and that
//! nothing panics, without timing.
//!
//! The inputs (eleven families, each described there) and the allocator settings are in
//! `support/scaling_families.rs`. Criterion measures the sizes one after another, so a change in
//! the machine's load between them shows as a change in the ratio; `benches/scaling_check.rs`
//! lets the sizes take turns and reports the minimum and median of each.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

#[path = "support/scaling_families.rs"]
mod families;

use families::{generate, same_allocator_regime_for_every_size, FAMILIES, SIZES_MB};

fn scaling(c: &mut Criterion) {
    same_allocator_regime_for_every_size();
    for family in FAMILIES {
        let mut group = c.benchmark_group(format!("scaling/{family}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(4));
        for mb in SIZES_MB {
            let input = generate(family, mb << 20);
            group.throughput(Throughput::Bytes(input.len() as u64));
            group.bench_with_input(
                BenchmarkId::from_parameter(format!("{mb}MB")),
                &input,
                |b, input| b.iter(|| black_box(kauri::parse(black_box(input)))),
            );
        }
        group.finish();
    }
}

criterion_group!(benches, scaling);
criterion_main!(benches);
