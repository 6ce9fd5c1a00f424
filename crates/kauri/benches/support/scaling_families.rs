//! The scaling benches' inputs and allocator settings, shared by `benches/scaling.rs`
//! (criterion) and `benches/scaling_check.rs` (sizes taking turns, minimum and median).
//!
//! The allocator: glibc's malloc serves a large block with `mmap` and, when it is freed, raises
//! its mmap threshold to that block's size, but never past 32 MB. So from one iteration to the
//! next, the sizes whose largest blocks (the node arena's last chunk, the error list) stay under
//! 32 MB reuse memory the process already has, while the larger ones map fresh pages and take a
//! page fault for each: a step in the cost that lies where the largest block crosses 32 MB
//! (between 1 and 2 MB of input for foster-table, between 4 and 8 MB for attributes) and has
//! nothing to do with the parser's algorithms. The benches therefore tell glibc (where it is the
//! allocator) to keep freed memory and serve every block from its heap (`mallopt`), so that all
//! sizes run in the same regime. `KAURI_BENCH_GLIBC_DEFAULTS=1` keeps glibc's defaults;
//! docs/performance.md ("What was tried and rejected") gives the cost of the defaults.
//!
//! The families:
//! - `nested-div`: `<div>` repeated, never closed (a stack as deep as the input is long);
//! - `unclosed-formatting`: `<b><i><u>x` repeated (the list of active formatting elements and
//!   the Noah's Ark clause, a deep stack of formatting elements);
//! - `foster-table`: rows with text, a `div` and an `i` directly in the table (foster parenting,
//!   "in table text", the adoption agency inside a table);
//! - `attributes`: one start tag with an attribute list as long as the input, every name twice
//!   (duplicate-attribute detection, the element's attribute map);
//! - `attributes-long`: the same with names like `data-x123456`, too long to be atoms (each
//!   distinct name is a string of its own: string_cache's global dynamic set made this family
//!   quadratic, 3.6 s for 8 MB);
//! - `char-refs`: `&` followed by long name-like runs, in text and in attribute values (the
//!   named character reference matcher);
//! - `custom-elements`: `<custom-element-N></custom-element-N>` with a new N each time
//!   (hundreds of thousands of distinct tag names too long to be atoms; quadratic while
//!   string_cache interned them: 8 MB of `<x-elN></x-elN>` took 2.1 s);
//! - `a-p`: `<a><p>` repeated (the adoption agency algorithm and `<p>` closing an `a`);
//! - `a-div`, `nobr-div`, `b-div-close`: `<a><div>x`, `<nobr><div>x` and `<b><div>x</b>`
//!   repeated (issue 14 item 5): every `<a>`, `<nobr>` or `</b>` runs the adoption agency
//!   algorithm, which moves the `div` (the furthest block) under the element above the
//!   formatting element and gives it a new formatting element holding its `x`, so the tree
//!   grows one level deeper each time. Quadratic while `DomSink`'s cycle check walked every
//!   ancestor of the new parent and the `a` start tag scanned the stack for the old `a` (10.9 s
//!   for 256 KB of `a-div`; html5ever takes 16.7 s, lexbor is quadratic too).
//!
//! And the tree builder's hostile cases (`crates/kauri-tree-builder/tests/hostile.rs`, which
//! builds each at one size), so that each has a bound on its time too:
//! - `divs-stray-end-tags`, `divs-heading-end-tags`, `spans-p-end-tags`: a deep stack, then as
//!   many end tags that match nothing open (`</x>`; `</h1>`, which looks for any heading;
//!   `</p>`, which makes a `p` each time): an end tag must not walk the stack to find nothing;
//! - `svg-g-stray-end-tags`: the same in foreign content, which walks the stack by its own rule;
//! - `foster-divs-tbody-end`: divs foster-parented out of a table, then stray `</tbody>`s;
//! - `b-divs-text`: a formatting element, then nested divs with text (each text reconstructs the
//!   active formatting elements);
//! - `nested-tables`, `select-options`: `<table><tr><td>` and `<option>` repeated;
//! - `distinct-formatting`, `distinct-formatting-blocks`: `<b id=N>` with a new N each time (the
//!   Noah's Ark clause compares attributes), then blocks with text;
//! - `nested-a`, `misnested-formatting`, `formatting-blocks`: `<a>x`, `<b><i><u><s>x</b>y` and
//!   `<b><p>x</b>` repeated (the adoption agency algorithm at every end tag or `<a>`).

/// The input sizes, in MB.
pub const SIZES_MB: [usize; 4] = [1, 2, 4, 8];

/// `prefix`, then `unit(i)` for i = 0, 1, ... until the text reaches `size` bytes, then `suffix`.
fn repeat_to(size: usize, prefix: &str, unit: impl Fn(usize) -> String, suffix: &str) -> String {
    let mut s = String::with_capacity(size + 1024);
    s.push_str(prefix);
    let mut i = 0;
    while s.len() < size {
        s.push_str(&unit(i));
        i += 1;
    }
    s.push_str(suffix);
    s
}

/// `prefix`, then `open` n times, then `close` n times, with n such that the text has about
/// `size` bytes.
fn halves(size: usize, prefix: &str, open: &str, close: &str) -> String {
    let n = size / (open.len() + close.len());
    let mut s = String::with_capacity(prefix.len() + n * (open.len() + close.len()));
    s.push_str(prefix);
    s.push_str(&open.repeat(n));
    s.push_str(&close.repeat(n));
    s
}

/// The input of `family` with about `size` bytes.
pub fn generate(family: &str, size: usize) -> String {
    match family {
        "nested-div" => repeat_to(size, "", |_| "<div>".into(), ""),
        "unclosed-formatting" => repeat_to(size, "", |_| "<b><i><u>x".into(), ""),
        "foster-table" => repeat_to(
            size,
            "<table>",
            |_| "<tr><td>a</td>b<div>c</div><i>d</i></tr>".into(),
            "</table>",
        ),
        "attributes" => attribute_list(size, "a"),
        "attributes-long" => attribute_list(size, "data-x"),
        "char-refs" => repeat_to(
            size,
            "",
            |i| {
                format!(
                    "&{}; <p title=\"&{}\">",
                    "abcdefgh".repeat(20 + i % 5),
                    "xyzw".repeat(30)
                )
            },
            "",
        ),
        "custom-elements" => repeat_to(
            size,
            "",
            |i| format!("<custom-element-{i}></custom-element-{i}>"),
            "",
        ),
        "a-p" => repeat_to(size, "", |_| "<a><p>".into(), ""),
        "a-div" => repeat_to(size, "", |_| "<a><div>x".into(), ""),
        "nobr-div" => repeat_to(size, "", |_| "<nobr><div>x".into(), ""),
        "b-div-close" => repeat_to(size, "", |_| "<b><div>x</b>".into(), ""),
        "divs-stray-end-tags" => halves(size, "", "<div>", "</x>"),
        "divs-heading-end-tags" => halves(size, "", "<div>", "</h1>"),
        "spans-p-end-tags" => halves(size, "", "<span>", "</p>"),
        "svg-g-stray-end-tags" => halves(size, "<svg>", "<g>", "</x>"),
        "foster-divs-tbody-end" => halves(size, "<table>", "<div>", "</tbody>"),
        "b-divs-text" => repeat_to(size, "<b>", |_| "<div>x".into(), ""),
        "nested-tables" => repeat_to(size, "", |_| "<table><tr><td>".into(), ""),
        "select-options" => repeat_to(size, "<select>", |_| "<option>".into(), ""),
        "distinct-formatting" => repeat_to(size, "", |i| format!("<b id={i}>"), ""),
        "distinct-formatting-blocks" => {
            let half = repeat_to(size / 2, "", |i| format!("<b id={i}>"), "");
            repeat_to(size, &half, |_| "<div>x</div>".into(), "")
        }
        "nested-a" => repeat_to(size, "", |_| "<a>x".into(), ""),
        "misnested-formatting" => repeat_to(size, "", |_| "<b><i><u><s>x</b>y".into(), ""),
        "formatting-blocks" => repeat_to(size, "", |_| "<b><p>x</b>".into(), ""),
        _ => unreachable!("unknown family {family}"),
    }
}

/// One `div` start tag with n distinct names `{prefix}{i}`, then the same n names again (all
/// duplicates), about `size` bytes in all.
fn attribute_list(size: usize, prefix: &str) -> String {
    let mut s = String::with_capacity(size + 64);
    s.push_str("<div");
    let mut n = 0;
    while s.len() < size / 2 {
        s.push_str(&format!(" {prefix}{n}=x"));
        n += 1;
    }
    for i in 0..n {
        s.push_str(&format!(" {prefix}{i}=y"));
    }
    s.push('>');
    s
}

pub const FAMILIES: [&str; 24] = [
    "nested-div",
    "unclosed-formatting",
    "foster-table",
    "attributes",
    "attributes-long",
    "char-refs",
    "custom-elements",
    "a-p",
    "a-div",
    "nobr-div",
    "b-div-close",
    "divs-stray-end-tags",
    "divs-heading-end-tags",
    "spans-p-end-tags",
    "svg-g-stray-end-tags",
    "foster-divs-tbody-end",
    "b-divs-text",
    "nested-tables",
    "select-options",
    "distinct-formatting",
    "distinct-formatting-blocks",
    "nested-a",
    "misnested-formatting",
    "formatting-blocks",
];

/// Serves every allocation from glibc's heap and keeps freed memory there (see the module docs),
/// unless `KAURI_BENCH_GLIBC_DEFAULTS` is set.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn same_allocator_regime_for_every_size() {
    use std::os::raw::c_int;
    extern "C" {
        fn mallopt(param: c_int, value: c_int) -> c_int;
    }
    const M_TRIM_THRESHOLD: c_int = -1;
    const M_MMAP_MAX: c_int = -4;
    if std::env::var_os("KAURI_BENCH_GLIBC_DEFAULTS").is_some() {
        return;
    }
    // SAFETY: mallopt only changes glibc's tuning parameters; it is called before the benches
    // allocate anything large and from the main thread.
    let ok = unsafe { mallopt(M_MMAP_MAX, 0) == 1 && mallopt(M_TRIM_THRESHOLD, c_int::MAX) == 1 };
    assert!(ok, "mallopt refused the settings");
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn same_allocator_regime_for_every_size() {}
