//! The `kauri` command: `kauri parse` and `kauri tokenize` (see `kauri --help`).

mod cli;

fn main() {
    std::process::exit(cli::main());
}
