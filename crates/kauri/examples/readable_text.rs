//! Task: a page's readable text: no head, scripts or styles, block elements on lines of their
//! own, whitespace collapsed (see `Node::readable_text` for exactly what it does).
//!
//! `cargo run -p kauri --example readable_text -- page.html` (without a file: a built-in sample)

fn main() -> std::io::Result<()> {
    let bytes = match std::env::args().nth(1) {
        Some(path) => std::fs::read(path)?,
        None => b"<title>T</title><style>p{}</style><h1>Hello</h1><p>Some   <b>bold</b>\n text.\
                  <script>track()</script><ul><li>one<li>two</ul>"
            .to_vec(),
    };
    let doc = kauri::parse_bytes(&bytes);
    println!("{}", doc.readable_text());
    Ok(())
}
