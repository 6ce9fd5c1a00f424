//! The `kauri` command: `kauri parse` (a document or fragment to a tree dump, JSON, HTML or
//! text), `kauri select` (the elements a CSS selector matches) and `kauri tokenize` (tokens in
//! the html5lib test format). The subcommands and their options are in `cli/args.rs`; see
//! `kauri --help`.
#![forbid(unsafe_code)]

mod cli;

fn main() {
    std::process::exit(cli::main());
}
