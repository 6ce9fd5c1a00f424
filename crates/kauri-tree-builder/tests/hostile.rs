//! Hostile inputs: deep nesting and long runs of stray tags must not make tree construction
//! recurse on depth or fail. Each case is built and its time printed (`--nocapture`), but no
//! time is asserted: a unit test's wall-clock bound fails on a loaded machine and passes most
//! quadratic algorithms at this size anyway (20,000² steps take a second or so in
//! release). Bounds on time are the benchmarks' (`cargo bench -p kauri --bench scaling_check`:
//! each doubling of the input, 1 to 8 MB, at most x2.3), which has every case below as a family
//! of its own (`crates/kauri/benches/support/scaling_families.rs`, from `divs-stray-end-tags`
//! on) besides nested divs, unclosed formatting, foster parenting, the adoption agency families
//! and long attribute lists.

mod support;

use std::time::Instant;

fn timed(name: &str, input: &str) {
    let start = Instant::now();
    let dom = support::parse_document(input);
    assert!(dom.nodes.len() > 1);
    eprintln!("{name}: {} bytes in {:?}", input.len(), start.elapsed());
}

#[test]
fn hostile_inputs_build() {
    let n = 20_000;
    let cases = [
        ("nested divs", "<div>".repeat(n)),
        (
            "nested divs then stray end tags",
            "<div>".repeat(n) + &"</x>".repeat(n),
        ),
        (
            "nested divs then headings end tags",
            "<div>".repeat(n) + &"</h1>".repeat(n),
        ),
        (
            "b then nested divs with text",
            "<b>".to_string() + &"<div>x".repeat(n),
        ),
        (
            "nested spans then p end tags",
            "<span>".repeat(n) + &"</p>".repeat(n),
        ),
        ("nested tables", "<table><tr><td>".repeat(n / 4)),
        (
            "foster-parented divs",
            "<table>".to_string() + &"<div>".repeat(n) + &"</tbody>".repeat(n),
        ),
        (
            "nested svg",
            "<svg>".to_string() + &"<g>".repeat(n) + &"</x>".repeat(n),
        ),
        (
            "select options",
            "<select>".to_string() + &"<option>".repeat(n),
        ),
        (
            "distinct formatting elements",
            (0..n).map(|i| format!("<b id={i}>")).collect(),
        ),
        (
            "distinct formatting elements then text in blocks",
            (0..n).map(|i| format!("<b id={i}>")).collect::<String>() + &"<div>x</div>".repeat(n),
        ),
        ("nested a", "<a>x".repeat(n)),
        ("misnested formatting", "<b><i><u><s>x</b>y".repeat(n / 4)),
        ("formatting then blocks", "<b><p>x</b>".repeat(n / 2)),
    ];
    for (name, input) in &cases {
        timed(name, input);
    }
}
