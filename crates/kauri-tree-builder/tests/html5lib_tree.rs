//! Runs the html5lib/WPT tree-construction `.dat` files through the real tokenizer and this
//! crate's tree builder into a tiny test DOM (tests/support). The full conformance run, with
//! the arena DOM, is `cargo xtask conformance`.

mod support;

#[test]
fn tree_construction_dat_files() {
    let Some(dir) = kauri_testdata::html5lib_tests_or_skip("tree_construction_dat_files") else {
        return;
    };
    let dir = dir.join("tree-construction");
    let filter = std::env::var("TB_FILTER").ok();
    let verbose = std::env::var_os("TB_VERBOSE").is_some();
    let files = kauri_testdata::files_with_suffix(&dir, ".dat");
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
        for case in kauri_testdata::dat::read_dat(&text) {
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
    assert!(
        total > 3000 || filter.is_some(),
        "only {total} cases in {}",
        dir.display()
    );
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
