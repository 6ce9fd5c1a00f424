//! [`prefetch`]: a cache hint, the one place Kauri asks the CPU to load memory ahead.

/// Asks the CPU to bring the cache line holding the start of `value` closer (x86-64's
/// `prefetcht0`; nothing on other targets), for a load that comes a little later: the
/// tokenizer's deferred duplicate-attribute check and the DOM's whole-document queries use it.
/// It changes no result: the instruction only hints the cache and cannot fault.
///
/// ```
/// # use kauri_tokenizer as kauri;
/// let slots = vec![0u64; 1024];
/// kauri::prefetch(&slots[512]); // the load of `slots[512]` that follows may find it cached
/// assert_eq!(slots[512], 0);
/// ```
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
    // SAFETY: `_mm_prefetch` needs the `sse` target feature, which this code is compiled with
    // (the `cfg` above; it is part of the x86-64 baseline). It only hints the cache: it does
    // not read the memory as far as the program can tell, cannot fault, and the pointer comes
    // from a live reference anyway.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            (value as *const T).cast::<i8>(),
        );
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
    let _ = value;
}
