//! Task: a page's title and meta description.
//!
//! `cargo run -p kauri --example title_and_description -- page.html`

fn main() -> std::io::Result<()> {
    let bytes = match std::env::args().nth(1) {
        Some(path) => std::fs::read(path)?,
        None => b"<title> Kauri </title><meta name=description content='An HTML parser'>".to_vec(),
    };
    let doc = kauri::parse_bytes(&bytes);
    let title = doc
        .elements_by_tag_name("title")
        .next()
        .map(|t| t.text_content());
    let description = kauri::Selector::parse(r#"meta[name="description" i][content]"#)
        .ok()
        .and_then(|s| doc.select_first(&s))
        .and_then(|meta| meta.get_attribute("content"));
    println!(
        "title: {}",
        title.as_deref().map(str::trim).unwrap_or("(none)")
    );
    println!("description: {}", description.unwrap_or("(none)"));
    Ok(())
}
