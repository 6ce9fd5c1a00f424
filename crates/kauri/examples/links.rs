//! Task: every link of a page, resolved against nothing (as written), with its text.
//!
//! `cargo run -p kauri --example links -- page.html` (without a file: a built-in sample)

fn main() -> std::io::Result<()> {
    let bytes = match std::env::args().nth(1) {
        Some(path) => std::fs::read(path)?,
        None => b"<p>See <a href=/docs>the docs</a> and <a href='https://x.test/'>x</a>.".to_vec(),
    };
    let doc = kauri::parse_bytes(&bytes);
    let links = kauri::Selector::parse("a[href]").expect("a valid selector");
    for a in doc.select(&links) {
        let href = a.get_attribute("href").unwrap_or_default();
        println!("{href}\t{}", a.text_content().trim());
    }
    Ok(())
}
