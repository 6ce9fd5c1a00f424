//! Task: parse a page as an async byte stream delivers it (a socket, an HTTP body), in a task
//! on a multi-threaded runtime. The task holds the `kauri::Parser` across each `.await`, which
//! a `Parser` allows because it is `Send`: the runtime may move the task to another thread
//! between reads. The runtime (tokio here) is a dependency of this example only.
//!
//! ```text
//! cargo run -p kauri --example async_streaming -- page.html
//! curl -s https://example.com/ | cargo run -p kauri --example async_streaming
//! ```

use tokio::io::{AsyncRead, AsyncReadExt};

/// Reads `input` to its end, feeding the parser each piece as it arrives.
async fn parse_stream(
    mut input: impl AsyncRead + Unpin,
) -> Result<kauri::Document, Box<dyn std::error::Error + Send + Sync>> {
    let mut parser = kauri::Parser::new(kauri::ParseOptions::default())?;
    let mut chunk = vec![0u8; 16 * 1024];
    loop {
        let n = input.read(&mut chunk).await?; // the parser is held across this await
        if n == 0 {
            break;
        }
        parser.feed(&chunk[..n])?;
    }
    Ok(parser.finish())
}

fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .build()?;
    let doc = runtime.block_on(async {
        // `tokio::spawn` needs a `Send` future: one that holds a `Parser` is.
        let task = match std::env::args().nth(1) {
            Some(path) => {
                let file = tokio::fs::File::open(path).await?;
                tokio::spawn(parse_stream(file))
            }
            None => tokio::spawn(parse_stream(tokio::io::stdin())),
        };
        task.await?
    })?;
    println!("encoding: {}", doc.encoding());
    println!("title: {}", kauri::title(&doc));
    println!(
        "elements: {}",
        doc.root().descendants().filter(|n| n.is_element()).count()
    );
    Ok(())
}
