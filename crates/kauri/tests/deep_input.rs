//! Deep input: very deeply nested documents parse, walk, serialize, dump and drop without
//! overflowing the stack, on a thread with a 2 MB stack (what a small embedded thread or a
//! browser worker gets), and `kauri parse` handles a million nested `<div>`s.
//!
//! Nothing in Kauri recurses on the input's depth: the tree builder's stack of open elements
//! is a `Vec`, the DOM's walks follow parent and sibling links, the serializer and the dumps
//! keep explicit stacks, and the arena frees nodes without walking the tree.
//!
//! The million-deep `<div>` case is always run. The tree-building variants (formatting
//! elements, tables, SVG) use fewer levels where the tree builder's per-element work makes a
//! debug build slow; the depth of each case is in [`CASES`].
//!
//! The dump of a deep tree is its JSON form (linear in the tree's size). The html5lib tree
//! dump indents each line by two spaces per level, so its size is quadratic in the depth (a
//! million levels would be about 10^12 bytes); it is checked on a 2,000-level version of each
//! case instead.

use std::process::{Command, Stdio};
use std::time::Instant;

use kauri::{Document, Node};

/// The stack size of the thread the cases run on.
const STACK: usize = 2 * 1024 * 1024;

/// One million.
const MILLION: usize = 1_000_000;

/// A deep-nesting case: `open` repeated `depth` times, then `text`.
struct Case {
    name: &'static str,
    open: &'static str,
    depth: usize,
    /// Elements per repetition of `open` in the tree (`<table><tr><td>` makes four: the
    /// `tbody` is implied), to check the tree really is that deep.
    elements_per_level: usize,
}

const CASES: &[Case] = &[
    Case {
        name: "div",
        open: "<div>",
        depth: MILLION,
        elements_per_level: 1,
    },
    Case {
        name: "span and i",
        open: "<span><i>",
        depth: MILLION / 2,
        elements_per_level: 2,
    },
    Case {
        name: "svg",
        open: "<svg>",
        depth: MILLION,
        elements_per_level: 1,
    },
    Case {
        name: "svg g and math mrow",
        open: "<g><math><mrow>",
        depth: MILLION / 3,
        elements_per_level: 3,
    },
    Case {
        name: "b (formatting elements)",
        open: "<b>",
        depth: MILLION,
        elements_per_level: 1,
    },
    Case {
        name: "table mix",
        open: "<table><tr><td>",
        depth: MILLION / 4,
        elements_per_level: 4,
    },
];

/// Runs `f` on a thread with a [`STACK`]-byte stack.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(f)
        .expect("spawn a thread")
        .join()
        .expect("no panic or stack overflow on the small stack")
}

/// The deepest element's depth below `root` (iteratively, by climbing parents from the last
/// descendant in tree order, which in these trees is the deepest one).
fn depth_of_last(root: &Node<'_>) -> usize {
    let last = root.descendants().last().expect("a node");
    let mut depth = 0;
    let mut node = last;
    while let Some(parent) = node.parent() {
        depth += 1;
        node = parent;
    }
    depth
}

/// Parses, walks, serializes, dumps and drops `html`; returns the node count and the depth of
/// the last node.
fn exercise(html: String) -> (usize, usize) {
    let doc: Document = kauri::parse(&html);
    let nodes = doc.root().descendants().count();
    let depth = depth_of_last(doc.root());
    let serialized = doc.to_html();
    assert!(serialized.len() >= html.len() / 2);
    let dump = kauri::to_json(doc.root(), &kauri::JsonOptions::default());
    assert!(dump.len() >= nodes * 10);
    drop(dump);
    drop(serialized);
    drop(doc);
    (nodes, depth)
}

/// Runs the case named `name` (on its own test, so the harness runs them in parallel).
fn run_case(name: &str) {
    let case = CASES.iter().find(|c| c.name == name).expect("a case");
    let start = Instant::now();
    let html = format!("{}x", case.open.repeat(case.depth));
    let (nodes, depth) = on_small_stack(move || exercise(html));
    // Document > html > body > ... levels ... > "x".
    let expected_depth = 3 + case.depth * case.elements_per_level;
    eprintln!(
        "{}: {} levels, {nodes} nodes, last node at depth {depth}, {:.2?}",
        case.name,
        case.depth,
        start.elapsed()
    );
    assert_eq!(depth, expected_depth, "{}", case.name);
}

#[test]
fn million_nested_divs() {
    run_case("div");
}

#[test]
fn nested_span_and_i() {
    run_case("span and i");
}

#[test]
fn million_nested_svg() {
    run_case("svg");
}

#[test]
fn nested_svg_g_math_mrow() {
    run_case("svg g and math mrow");
}

#[test]
fn million_nested_b() {
    run_case("b (formatting elements)");
}

#[test]
fn nested_tables() {
    run_case("table mix");
}

#[test]
fn deep_tree_dumps_on_a_two_megabyte_stack() {
    for case in CASES {
        let levels = 2_000;
        let html = format!("{}x", case.open.repeat(levels));
        let lines = on_small_stack(move || kauri::parse(&html).to_test_tree().lines().count());
        // One line per element, plus html, head, body and the text.
        assert_eq!(lines, 4 + levels * case.elements_per_level, "{}", case.name);
    }
}

#[test]
fn deep_fragment_on_a_two_megabyte_stack() {
    let (nodes, depth) = on_small_stack(|| {
        let html = format!("{}x", "<div>".repeat(MILLION));
        let doc = kauri::parse_fragment(&html, "td", &Default::default()).unwrap();
        let nodes = doc.root().descendants().count();
        let depth = depth_of_last(doc.root());
        assert!(doc.to_html().len() > html.len());
        let _ = kauri::to_json(doc.root(), &kauri::JsonOptions::default());
        (nodes, depth)
    });
    // The divs and the text (the fragment root is not its own descendant).
    assert_eq!(nodes, MILLION + 1);
    assert_eq!(depth, MILLION + 1);
}

#[test]
fn deep_bytes_on_a_two_megabyte_stack() {
    // Through sniffing and the `<meta>` reparse: the charset declaration comes first, so the
    // whole deep document is parsed twice.
    let depth = on_small_stack(|| {
        let mut bytes = b"<meta charset=windows-1252>".to_vec();
        bytes.extend("<div>".repeat(MILLION).bytes());
        bytes.extend(b"\xe9");
        let doc = kauri::parse_bytes(&bytes);
        assert_eq!(doc.encoding(), "windows-1252");
        depth_of_last(doc.root())
    });
    assert_eq!(depth, MILLION + 3);
}

#[test]
fn cli_parses_a_million_nested_divs() {
    let dir = std::env::temp_dir().join(format!("kauri-deep-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("deep.html");
    std::fs::write(&file, "<div>".repeat(MILLION)).unwrap();
    // Not `--format tree` (the default): the html5lib dump of a million levels is about 10^12
    // bytes of indentation (see docs/robustness.md, "Limits").
    for format in ["html", "json"] {
        let start = Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_kauri"))
            .args(["parse", "--format", format])
            .arg(&file)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .output()
            .expect("run kauri");
        assert_eq!(
            out.status.code(),
            Some(0),
            "kauri parse --format {format}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stdout.len() > 5 * MILLION, "{format}");
        eprintln!("kauri parse --format {format}: {:.2?}", start.elapsed());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
