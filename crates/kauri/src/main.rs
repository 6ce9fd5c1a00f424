//! The `kauri` command: `kauri parse` and `kauri tokenize` (see `kauri --help`).
#![forbid(unsafe_code)]

mod cli;

fn main() {
    std::process::exit(cli::main());
}
