//! Task: a page's parse errors, with the standard's codes, line and column.
//!
//! `cargo run -p kauri --example errors_with_positions -- page.html`

fn main() -> std::io::Result<()> {
    let bytes = match std::env::args().nth(1) {
        Some(path) => std::fs::read(path)?,
        None => b"<!DOCTYPE html>\n<p class=a class=b>x</b>\n<div>&nosuchref;".to_vec(),
    };
    let opts = kauri::ParseOptions {
        errors: true,
        ..Default::default()
    };
    let doc = kauri::parse_bytes_with_options(&bytes, &opts).expect("no encoding override");
    for error in doc.errors() {
        println!("{}:{}: {}", error.line, error.col, error.code);
    }
    println!("{} errors", doc.errors().len());
    Ok(())
}
