//! Every input the fuzzers (and property tests) ever failed on, replayed through the same code
//! as the fuzz target that found it, on the stable toolchain.
//!
//! The inputs live in `tests/fixtures/regressions/<target>/<name>`, where `<target>` is one of
//! the fuzz targets (`parse_bytes`, `parse_str`, `parse_fragment`, `tokenizer`,
//! `round_trip`, `chunked`, `sink_panics`, `sanitize`) and the file holds the raw fuzzer input (its first bytes are the
//! target's control bytes; see `src/targets.rs`). docs/robustness.md lists what each
//! one found. To add one: copy the crash file from `fuzz/artifacts/<target>/` into the folder
//! under a descriptive name.

use kauri_fuzz_harness as kauri_fuzz;

use std::path::Path;

use kauri_fuzz::targets::TARGETS;

#[test]
fn regression_inputs_pass() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/regressions");
    let mut count = 0;
    let mut failures = Vec::new();
    for &(target, run) in TARGETS {
        let dir = root.join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        files.sort();
        for file in files {
            let data = std::fs::read(&file).unwrap();
            count += 1;
            if target == "round_trip" {
                eprintln!(
                    "round_trip/{}: {}",
                    file.file_name().unwrap().to_string_lossy(),
                    round_trip_kind(&data)
                );
            }
            let result = std::panic::catch_unwind(|| run(&data));
            if result.is_err() {
                failures.push(format!(
                    "{target}/{}",
                    file.file_name().unwrap().to_string_lossy()
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "failing regression inputs: {failures:?}"
    );
    assert!(count > 0, "no regression inputs under {}", root.display());
    eprintln!("{count} regression inputs pass");
}

/// What a `round_trip` input shows: identical trees, or the exception kind that explains the
/// difference.
fn round_trip_kind(data: &[u8]) -> String {
    let [selector, flags, rest @ ..] = data else {
        return "too short".into();
    };
    let context = (selector & 1 == 1).then(|| kauri_fuzz::round_trip::context_for(selector >> 1));
    let html = String::from_utf8_lossy(rest);
    match kauri_fuzz::round_trip::check_round_trip(&html, context.as_ref(), flags & 1 != 0) {
        Ok(None) => "identical".into(),
        Ok(Some(kind)) => format!("{kind:?}"),
        Err(_) => "UNEXPLAINED".into(),
    }
}

/// The folder names are the fuzz targets' names.
#[test]
fn fixture_folders_name_fuzz_targets() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/regressions");
    for entry in std::fs::read_dir(&root).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            TARGETS.iter().any(|&(t, _)| t == name),
            "{name} is not a fuzz target"
        );
    }
}
