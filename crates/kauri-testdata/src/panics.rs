//! Panic injection for the tests that make a sink panic at its k-th callback (issue 28): the
//! payload the injected panics carry, a panic hook that keeps them quiet, and the callbacks to
//! panic at. Used by `kauri-tokenizer/tests/sink_panics.rs` and `kauri-fuzz-harness`'s
//! pipeline harness (one place for both).

/// The payload of an injected panic (`std::panic::panic_any(Injected)`).
///
/// ```
/// let caught = std::panic::catch_unwind(|| std::panic::panic_any(kauri_testdata::panics::Injected));
/// assert!(caught.unwrap_err().downcast_ref::<kauri_testdata::panics::Injected>().is_some());
/// ```
pub struct Injected;

/// Installs, once per process, a panic hook that stays quiet for [`Injected`] panics and
/// reports every other panic as the default hook does.
///
/// ```
/// kauri_testdata::panics::quiet_injected_panics();
/// kauri_testdata::panics::quiet_injected_panics(); // a second call changes nothing
/// ```
pub fn quiet_injected_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if info.payload().downcast_ref::<Injected>().is_none() {
                default(info);
            }
        }));
    });
}

/// The callbacks (1-based) to panic at, for a run that makes `total` callbacks: every one, or
/// with `sampled`, that many spread over the run plus the first two and the last.
///
/// ```
/// use kauri_testdata::panics::panic_points;
/// assert_eq!(panic_points(3, None), [1, 2, 3]);
/// assert_eq!(panic_points(100, Some(4)), [1, 2, 26, 51, 76, 100]);
/// ```
pub fn panic_points(total: usize, sampled: Option<usize>) -> Vec<usize> {
    match sampled {
        None => (1..=total).collect(),
        Some(n) => {
            let mut ks: Vec<usize> = (0..n).map(|i| 1 + i * total / n).collect();
            ks.extend([1, 2, total]);
            ks.retain(|&k| (1..=total).contains(&k));
            ks.sort_unstable();
            ks.dedup();
            ks
        }
    }
}
