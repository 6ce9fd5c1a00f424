//! Hostile inputs: deep nesting and long runs of stray tags must not make tree construction
//! quadratic (no recursion on depth, O(1) "not open" checks). Each case is sized so that a
//! quadratic algorithm would take many seconds.

mod support;

use std::time::{Duration, Instant};

fn timed(name: &str, input: &str) -> Duration {
    let start = Instant::now();
    let dom = support::parse_document(input);
    assert!(dom.nodes.len() > 1);
    let took = start.elapsed();
    eprintln!("{name}: {} bytes in {took:?}", input.len());
    took
}

#[test]
fn hostile_inputs_are_not_quadratic() {
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
        let took = timed(name, input);
        assert!(took < Duration::from_secs(20), "{name} took {took:?}");
    }
}
