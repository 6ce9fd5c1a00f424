//! The defaults are one table (README, "Defaults"), `ParseOptions::default()`: the same document
//! parsed with default options gives the same tree from the library and the CLI
//! (`bindings/python/tests/test_defaults.py` checks Python against the same dump). The CLI's
//! flags read their defaults from that table, and `cli::args::tests` (in `src/cli/args.rs`:
//! the argument types are the binary's) checks every field: no flags give
//! `ParseOptions::default()`, and each flag moves its field off it; `test_defaults.py` checks
//! every Python keyword's default against it.

mod common;

use common::kauri;

/// `noscript` parses differently with scripting on (raw text) and off (markup): the test the
/// issue names (issue 29).
const NOSCRIPT: &str = "<noscript><p>x</noscript>";

/// The dump every surface must give for [`NOSCRIPT`] (scripting on by default).
const NOSCRIPT_TREE: &str =
    "| <html>\n|   <head>\n|     <noscript>\n|       \"<p>x\"\n|   <body>\n";

#[test]
fn default_options_give_the_same_tree_in_rust_and_the_cli() {
    let doc = kauri::parse(NOSCRIPT);
    assert_eq!(doc.to_test_tree(), NOSCRIPT_TREE);
    let via_options = kauri::parse_with_options(NOSCRIPT, &kauri::ParseOptions::default());
    assert_eq!(via_options.to_test_tree(), NOSCRIPT_TREE);
    let out = kauri(&["parse", "--format", "tree"], NOSCRIPT.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), NOSCRIPT_TREE);
    // The streaming parser's default agrees too.
    let mut parser = kauri::Parser::new(kauri::ParseOptions::default()).unwrap();
    parser.feed_str(NOSCRIPT).unwrap();
    parser.end().unwrap();
    assert_eq!(parser.finish().to_test_tree(), NOSCRIPT_TREE);
}
