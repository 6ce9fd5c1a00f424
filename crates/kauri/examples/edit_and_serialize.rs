//! Task: add `rel="nofollow"` to every external link (replacing any `rel` it had), remove the
//! `script` elements, and print the HTML.
//!
//! `cargo run -p kauri --example edit_and_serialize -- page.html` (without a file: a sample)

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let bytes = match std::env::args().nth(1) {
        Some(path) => std::fs::read(path)?,
        None => {
            b"<a href=/in>in</a> <a rel=help href='https://x.test/'>out</a><script>x()</script>"
                .to_vec()
        }
    };
    let mut doc = kauri::parse_bytes(&bytes);
    let external =
        kauri::Selector::parse(r#"a[href^="http:" i], a[href^="https:" i], a[href^="//"]"#)?;
    let scripts = kauri::Selector::parse("script")?;
    doc.edit(|ed| {
        for a in ed.root().select(&external) {
            ed.set_attribute(a, "rel", "nofollow")?;
        }
        // Collect first: removing a node while walking past it would end the walk there.
        for script in ed.root().select(&scripts).collect::<Vec<_>>() {
            ed.remove(script);
        }
        Ok::<(), kauri::EditError>(())
    })?;
    print!("{}", doc.to_html());
    Ok(())
}
