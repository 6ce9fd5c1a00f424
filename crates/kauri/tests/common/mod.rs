//! What the CLI tests share: running the `kauri` binary this package builds.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `kauri ARGS` with `stdin` as its standard input; its status and both outputs.
pub fn kauri(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kauri"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kauri");
    // The command may exit (bad usage) before reading its input.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}
