//! An engine's parser loop with `kauri::Parser`: the input arrives in 4 KiB chunks (as from a
//! socket), and at each script the parser pauses (`Step::Script`) so that the "engine" can run
//! it. The toy engine runs every script by writing its text back into the document with
//! `document.write`, escaped inside a `<pre class=ran>`: the written markup is parsed at the
//! insertion point, right after the script, before the rest of the input. Then the tree is
//! printed.
//!
//! ```text
//! cargo run -p kauri --example engine_loop -- page.html
//! printf '<p>1<script>go()</script><p>2' | cargo run -p kauri --example engine_loop
//! ```

use std::io::Read;

use kauri::{Parser, Step};

/// The size of the pieces the input is fed in.
const CHUNK: usize = 4096;

/// The toy engine: runs the script the parser paused at (here: writes its text back) and
/// resumes the parser; repeats while the parser pauses at further scripts (a written script
/// pauses one nesting level deeper, and the loop runs it first).
fn run_scripts(parser: &mut Parser, mut step: Step) -> Result<(), kauri::StreamError> {
    while step == Step::Script {
        let code = parser
            .script()
            .map(|s| s.text_content())
            .unwrap_or_default();
        let escaped = code
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        let written = parser.document_write(&format!("<pre class=ran>{escaped}</pre>"))?;
        // What the script wrote holds no script here; an engine would run those first.
        run_scripts(parser, written)?;
        step = parser.resume()?;
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut input: Box<dyn Read> = match std::env::args().nth(1) {
        Some(path) => Box::new(std::fs::File::open(path)?),
        None => Box::new(std::io::stdin()),
    };
    let mut parser = Parser::with_script_pauses(kauri::ParseOptions::default())?;
    let mut chunk = vec![0; CHUNK];
    loop {
        let n = input.read(&mut chunk)?;
        if n == 0 {
            break;
        }
        let step = parser.feed(&chunk[..n])?;
        run_scripts(&mut parser, step)?;
    }
    let step = parser.end()?;
    run_scripts(&mut parser, step)?;
    let doc = parser.finish();
    print!("{}", doc.to_test_tree());
    Ok(())
}
