//! Task: how often each element name occurs in a page, most frequent first.
//!
//! `cargo run -p kauri --example tag_counts -- page.html`

use std::collections::HashMap;

fn main() -> std::io::Result<()> {
    let bytes = match std::env::args().nth(1) {
        Some(path) => std::fs::read(path)?,
        None => b"<ul><li>a<li>b<li>c</ul><p>x<p>y".to_vec(),
    };
    let doc = kauri::parse_bytes(&bytes);
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for element in doc.root().descendants().filter_map(|n| n.as_element()) {
        *counts.entry(element.name()).or_default() += 1;
    }
    let mut sorted: Vec<_> = counts.into_iter().collect();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    for (name, count) in sorted {
        println!("{count:>6} {name}");
    }
    Ok(())
}
