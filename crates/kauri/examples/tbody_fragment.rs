//! Task: parse table rows on their own, as `innerHTML` on a `<tbody>` does.
//!
//! `cargo run -p kauri --example tbody_fragment`

fn main() -> Result<(), kauri::ContextError> {
    // Parsed as a document, <tr> outside a table would be dropped; in a tbody context it stays.
    let rows = "<tr><td>1<td>one<tr><td>2<td>two";
    let fragment = kauri::parse_fragment(rows, "tbody", &kauri::ParseOptions::default())?;
    for tr in fragment.root().children() {
        let cells: Vec<String> = tr.children().map(|td| td.text_content()).collect();
        println!(
            "{} {}",
            tr.as_element().map_or("?", |e| e.name()),
            cells.join(" | ")
        );
    }
    print!("{}", fragment.to_test_tree());
    Ok(())
}
