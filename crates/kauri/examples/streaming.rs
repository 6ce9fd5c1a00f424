//! Task: parse a page as its bytes arrive (from a socket, a pipe, a slow producer), with the
//! encoding sniffed across chunks, and use the finished Document as any other.
//!
//! `curl -s https://example.com/ | cargo run -p kauri --example streaming`

use std::io::Read;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut parser = kauri::Parser::new(kauri::ParseOptions::default())?;
    let mut input = std::io::stdin().lock();
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        let n = input.read(&mut chunk)?;
        if n == 0 {
            break;
        }
        // `Parser::new` never pauses at a script: every step is `Step::Ready`.
        parser.feed(&chunk[..n])?;
    }
    parser.end()?;
    let doc = parser.finish();
    println!("encoding: {}", doc.encoding());
    println!("title: {}", kauri::title(&doc));
    println!(
        "elements: {}",
        doc.root().descendants().filter(|n| n.is_element()).count()
    );
    Ok(())
}
