//! Runs the html5lib/WPT tree-construction `.dat` files through the real tokenizer and this
//! crate's tree builder into a tiny test DOM (tests/support). The full conformance run, with
//! the arena DOM, is `cargo xtask conformance`.

mod support;

use std::path::PathBuf;

fn data_dir() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let candidates = [
        std::env::var_os("KAURI_HTML5LIB_TESTS").map(|d| root.join(d)),
        Some(root.join("html5lib-tests")),
        Some(root.join("../shared/html5lib-tests")),
    ];
    candidates
        .into_iter()
        .flatten()
        .map(|d| d.join("tree-construction"))
        .find(|d| d.is_dir())
}

#[test]
fn tree_construction_dat_files() {
    let Some(dir) = data_dir() else {
        eprintln!("no html5lib-tests data; skipped");
        return;
    };
    let filter = std::env::var("TB_FILTER").ok();
    let verbose = std::env::var_os("TB_VERBOSE").is_some();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "dat"))
        .collect();
    files.sort();
    let (mut passed, mut total) = (0, 0);
    // Cases that fail for another reason than the `selectedcontent` cloning, which belongs
    // to the DOM and which the test DOM does not implement.
    let mut unexpected = 0;
    let mut failed_cases = Vec::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if filter.as_ref().is_some_and(|f| !name.contains(f.as_str())) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let (mut p, mut t) = (0, 0);
        for case in support::read_dat(&text) {
            let modes: &[bool] = match case.script {
                Some(true) => &[true],
                Some(false) => &[false],
                None => &[true, false],
            };
            for &scripting in modes {
                t += 1;
                let got = std::panic::catch_unwind(|| {
                    support::parse_and_dump(&case.data, case.fragment.as_deref(), scripting)
                })
                .unwrap_or_else(|_| "PANIC\n".to_string());
                if got.trim_end_matches('\n') == case.document.trim_end_matches('\n') {
                    p += 1;
                } else {
                    if !case.data.contains("<selectedcontent") {
                        unexpected += 1;
                    }
                    failed_cases.push(format!(
                        "{name} (scripting {scripting}, fragment {:?})\n--- input\n{}\n--- expected\n{}--- got\n{}",
                        case.fragment, case.data, case.document, got
                    ));
                }
            }
        }
        println!("{name:<45} {p:>5}/{t:<5}");
        passed += p;
        total += t;
    }
    println!("total {passed}/{total}");
    if verbose {
        for f in &failed_cases {
            println!("\n{f}");
        }
    }
    assert_eq!(
        unexpected, 0,
        "tree-construction cases failed (TB_VERBOSE=1 to see them)"
    );
}
