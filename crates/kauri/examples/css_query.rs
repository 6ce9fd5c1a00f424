//! Task: run a CSS selector over a page and print what matches.
//!
//! `cargo run -p kauri --example css_query -- 'article h2 > a' page.html`

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let selector = args
        .next()
        .unwrap_or_else(|| "ul.nav > li:not(.hidden) a[href]".into());
    let bytes = match args.next() {
        Some(path) => std::fs::read(path)?,
        None => {
            b"<ul class=nav><li><a href=/a>A</a><li class=hidden><a href=/b>B</a></ul>".to_vec()
        }
    };
    let selector = kauri::Selector::parse(&selector)?;
    let doc = kauri::parse_bytes(&bytes);
    for element in doc.select(&selector) {
        println!("{}", element.outer_html());
    }
    Ok(())
}
