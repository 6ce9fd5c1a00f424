//! The input families that make the sanitizing sink (`src/while_parsing.rs`) work hardest, and
//! the config that sends them through its redirection map: read by the sink's linear-work unit
//! test and by the `linear_time` benchmark.

/// A config that replaces and removes formatting and block elements, so that the adoption
/// agency algorithm, foster parenting and deep nesting all go through the redirection map.
pub const HOSTILE_CONFIG: &str = r#"{"replaceWithChildrenElements": ["div", "i", "section", "span", "tbody"],
    "removeElements": ["u", "em"]}"#;

/// The families at `n` repetitions: misnested formatting elements around replaced blocks,
/// replaced elements placed in one parent and then moved by the adoption agency algorithm,
/// deep nesting of replaced and removed elements, and foster parenting out of a table.
pub fn families(n: usize) -> Vec<(&'static str, String)> {
    let mut moved = String::new();
    for k in 0..n {
        moved.push_str(&format!("<b id={k}>"));
    }
    moved.push_str("<div>");
    moved.push_str(&"<span>x</span>".repeat(n));
    moved.push_str(&"</b>y".repeat(n));
    vec![
        ("misnested", "<b><i><u><div>x</b>y</i>".repeat(n)),
        ("misnested replaced", "<b><div><section><i>x</b>y".repeat(n)),
        ("moved groups", moved),
        ("deep replaced", "<span><i>".repeat(n) + "x"),
        ("deep removed", "<em><div>".repeat(n) + "x"),
        ("foster", "<table><b><div>x</b>y".repeat(n)),
    ]
}
