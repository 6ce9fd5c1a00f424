//! Task: bytes of unknown encoding (no charset anywhere) to text, with the encoding that was used.
//!
//! `cargo run -p kauri --example unknown_encoding -- page.html`

fn main() -> std::io::Result<()> {
    let bytes = match std::env::args().nth(1) {
        Some(path) => std::fs::read(path)?,
        // Shift_JIS without a label: the standard's sniffing guesses it from the bytes.
        None => b"<title>\x93\xfa\x96\x7b\x8c\xea\x82\xcc\x83\x79\x81\x5b\x83\x57</title>".to_vec(),
    };
    // Default options: BOM, <meta> pre-scan, then a statistical guess (UTF-8 allowed).
    let doc = kauri::parse_bytes(&bytes);
    println!("encoding: {}", doc.encoding());
    println!("text: {}", doc.text_content().trim());
    Ok(())
}
