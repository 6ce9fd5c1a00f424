//! `kauri batch`: many pages in, one JSON line per page out, parsed in parallel (rayon).
//!
//! Inputs are HTML files, directories (their `.html`, `.htm`, `.xhtml` and `.shtml` files and
//! WARC files, walked without recursion on depth, in name order) and WARC files (`.warc`,
//! `.warc.gz`) of HTTP responses; `--list` adds paths from a file. Pages are parsed on
//! `--jobs` threads; the lines come out in input order. A page or record that cannot be read is
//! reported on stderr and skipped; the run goes on.

use std::collections::BTreeMap;
use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Condvar, Mutex, PoisonError};
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use kauri::{Document, ParseOptions, Selector};
use kauri_dom::json_string;
use rayon::iter::{ParallelBridge, ParallelIterator};

use super::args::OnOff;
use super::warc::{Record, WarcReader};
use super::Failure;

/// `kauri batch`.
#[derive(Args, Debug)]
pub struct BatchArgs {
    /// HTML files, directories (their .html/.htm/.xhtml/.shtml and WARC files, recursively) and
    /// WARC files (.warc, .warc.gz) of HTTP responses.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<String>,
    /// Also read inputs from this file, one path per line (- for standard input).
    #[arg(long, value_name = "FILE")]
    pub list: Option<String>,
    /// Parse on this many threads (default: one per core).
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,
    /// Add "matches": the outer HTML of the elements matching this CSS selector.
    #[arg(long, value_name = "SELECTOR")]
    pub select: Option<String>,
    /// Write the JSON lines to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<String>,
    /// The scripting flag.
    #[arg(long, value_enum, default_value_t = OnOff::from(ParseOptions::default().scripting))]
    pub scripting: OnOff,
    /// No progress bar (it is only drawn when stderr is a terminal) and no summary.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

impl BatchArgs {
    /// The options every page is parsed with: `ParseOptions::default()` (which guesses UTF-8
    /// for unlabelled files on disk and stored responses) with `--scripting`, and errors
    /// collected, since each record carries its error count.
    pub fn options(&self) -> ParseOptions {
        ParseOptions {
            scripting: self.scripting.into(),
            errors: true,
            ..ParseOptions::default()
        }
    }
}

pub const BATCH_HELP: &str = "\
Output: one JSON object per line and per page, in input order:
  {\"source\": path or WARC-Target-URI, \"encoding\": the encoding used, \"title\": document.title,
   \"links\": [href of each a and area element, as written], \"text\": the readable text (no head,
   scripts or styles; blocks on lines of their own), \"errors\": the number of parse errors,
   \"matches\": [outer HTML of each --select match] (only with --select)}
WARC input: response records whose Content-Type is HTML (or missing), with their charset as
the transport charset; resource records with an HTML Content-Type. Other records are passed
over. A file or record that cannot be read is reported on stderr and skipped.

Examples:
  kauri batch ../shared/corpus --jobs 2 > pages.jsonl
  kauri batch crawl.warc.gz --select 'meta[name=description]' -o pages.jsonl
  find . -name '*.html' | kauri batch --list -

Exit status:
  0  every input was processed (a WARC record that is not HTML is counted, not an error)
  2  an input could not be read (each is reported and skipped, every other page is written,
     and the last stderr line says how many), no inputs, invalid selector, unwritable output
     or bad usage (one line on stderr)";

/// Where pages come from.
pub(super) enum Source {
    Html(PathBuf),
    Warc(PathBuf),
}

/// One unit of work.
enum Job {
    File(PathBuf),
    Record(Record),
    /// An input that could not be opened or listed.
    Bad(String),
}

/// What a job gives.
enum Outcome {
    /// A JSON line, and the bytes parsed.
    Line(String, usize),
    /// A record that is not an HTML page.
    Other,
    Bad(String),
}

fn is_warc(path: &Path) -> bool {
    let name = path.to_string_lossy().to_ascii_lowercase();
    name.ends_with(".warc") || name.ends_with(".warc.gz")
}

fn is_html_file(path: &Path) -> bool {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    matches!(ext.as_deref(), Some("html" | "htm" | "xhtml" | "shtml"))
}

/// The sources of one input path; problems are reported and skipped.
pub(super) fn expand(input: &str, sources: &mut Vec<Source>, bad: &mut Vec<String>) {
    let path = PathBuf::from(input);
    if !path.is_dir() {
        if !path.exists() {
            bad.push(format!("{input}: no such file or directory"));
        } else if is_warc(&path) {
            sources.push(Source::Warc(path));
        } else {
            sources.push(Source::Html(path));
        }
        return;
    }
    // A directory: walked with an explicit stack, each directory's entries in name order.
    let mut dirs = vec![path];
    while let Some(dir) = dirs.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) => {
                bad.push(format!("{}: {e}", dir.display()));
                continue;
            }
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        let mut subdirs = Vec::new();
        for path in paths {
            if path.is_dir() {
                subdirs.push(path);
            } else if is_warc(&path) {
                sources.push(Source::Warc(path));
            } else if is_html_file(&path) {
                sources.push(Source::Html(path));
            }
        }
        dirs.extend(subdirs.into_iter().rev());
    }
}

/// The jobs of the sources, in order: each HTML file, then each record of each WARC file
/// (read as the workers ask for more).
fn jobs(sources: Vec<Source>, bad: Vec<String>) -> impl Iterator<Item = Job> + Send {
    bad.into_iter()
        .map(Job::Bad)
        .chain(sources.into_iter().flat_map(|source| {
            let jobs: Box<dyn Iterator<Item = Job> + Send> = match source {
                Source::Html(path) => Box::new(std::iter::once(Job::File(path))),
                Source::Warc(path) => {
                    let name = path.display().to_string();
                    match WarcReader::open(&name) {
                        Ok(reader) => Box::new(reader.map(Job::Record)),
                        Err(e) => Box::new(std::iter::once(Job::Bad(format!("{name}: {e}")))),
                    }
                }
            };
            jobs
        }))
}

/// Parses one page and writes its JSON line.
fn page(
    source: &str,
    bytes: Vec<u8>,
    charset: Option<String>,
    opts: &ParseOptions,
    select: Option<&Selector>,
) -> Outcome {
    let len = bytes.len();
    let mut opts = opts.clone();
    // An unknown transport charset is ignored, as browsers ignore it.
    opts.transport_charset =
        charset.filter(|label| kauri_encoding::encoding_for_label(label).is_some());
    let doc = match kauri::parse_owned_bytes(bytes, &opts) {
        Ok(doc) => doc,
        Err(e) => return Outcome::Bad(format!("{source}: {e}")),
    };
    Outcome::Line(json_line(source, &doc, select), len)
}

/// The JSON line of a page (the fields `BATCH_HELP` lists).
pub fn json_line(source: &str, doc: &Document, select: Option<&Selector>) -> String {
    let mut out = String::with_capacity(256);
    out.push_str("{\"source\":");
    json_string(&mut out, source);
    out.push_str(",\"encoding\":");
    json_string(&mut out, doc.encoding());
    out.push_str(",\"title\":");
    json_string(&mut out, &kauri::title(doc));
    out.push_str(",\"links\":[");
    for (i, link) in kauri::links(doc).into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_string(&mut out, link);
    }
    out.push_str("],\"text\":");
    json_string(&mut out, &doc.readable_text());
    out.push_str(",\"errors\":");
    out.push_str(&doc.errors().len().to_string());
    if let Some(selector) = select {
        out.push_str(",\"matches\":[");
        for (i, element) in doc.select(selector).enumerate() {
            if i > 0 {
                out.push(',');
            }
            json_string(&mut out, &element.outer_html());
        }
        out.push(']');
    }
    out.push('}');
    out
}

fn run_job(job: Job, opts: &ParseOptions, select: Option<&Selector>) -> Outcome {
    match job {
        Job::File(path) => {
            let source = path.display().to_string();
            match std::fs::read(&path) {
                Ok(bytes) => page(&source, bytes, None, opts, select),
                Err(e) => Outcome::Bad(format!("{source}: {e}")),
            }
        }
        Job::Record(Record::Page {
            source,
            body,
            charset,
        }) => page(&source, body, charset, opts, select),
        Job::Record(Record::Other) => Outcome::Other,
        Job::Record(Record::Bad(why)) | Job::Bad(why) => Outcome::Bad(why),
    }
}

/// The counts for the summary.
#[derive(Default)]
struct Totals {
    pages: u64,
    bytes: u64,
    other: u64,
    bad: u64,
}

pub fn batch(args: BatchArgs) -> Result<(), Failure> {
    let select = match &args.select {
        Some(css) => Some(
            Selector::parse(css)
                .map_err(|e| Failure(format!("invalid CSS selector {css:?}: {e}")))?,
        ),
        None => None,
    };
    let mut inputs = args.inputs.clone();
    if let Some(list) = &args.list {
        inputs.extend(read_list(list)?);
    }
    if inputs.is_empty() {
        return Err(Failure(
            "batch needs inputs: files, directories or WARC files (or --list FILE)".into(),
        ));
    }
    let mut sources = Vec::new();
    let mut bad = Vec::new();
    for input in &inputs {
        expand(input, &mut sources, &mut bad);
    }
    let file_count = sources
        .iter()
        .filter(|s| matches!(s, Source::Html(_)))
        .count();
    let has_warc = sources.iter().any(|s| matches!(s, Source::Warc(_)));
    let threads = match args.jobs {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure(format!("cannot start {threads} threads: {e}")))?;
    let out: Box<dyn Write + Send> = match &args.output {
        Some(path) => Box::new(
            std::fs::File::create(path)
                .map_err(|e| Failure(format!("cannot write {path}: {e}")))?,
        ),
        None => Box::new(io::stdout()),
    };
    let mut out = BufWriter::with_capacity(256 * 1024, out);
    let progress = progress_bar(args.quiet, (!has_warc).then_some(file_count as u64));
    let opts = args.options();
    let start = Instant::now();
    let mut totals = Totals::default();
    let (sender, receiver) = mpsc::sync_channel::<(usize, Outcome)>(threads * 16);
    let window = Window::new(threads * 16);
    let written = std::thread::scope(|scope| {
        let opts = &opts;
        let select = select.as_ref();
        let window = &window;
        scope.spawn(move || {
            pool.install(|| {
                jobs(sources, bad).enumerate().par_bridge().for_each_with(
                    sender,
                    |sender, (index, job)| {
                        window.wait_for(index);
                        // The receiver only goes away when writing failed; then stop quietly.
                        let _ = sender.send((index, run_job(job, opts, select)));
                    },
                )
            })
        });
        // However the writing ends, no worker may wait for it any longer.
        let _open = OpenOnDrop(window);
        // Lines come back in any order; they go out in input order.
        let mut waiting: BTreeMap<usize, Outcome> = BTreeMap::new();
        let mut next = 0;
        for (index, outcome) in receiver {
            waiting.insert(index, outcome);
            while let Some(outcome) = waiting.remove(&next) {
                next += 1;
                window.advance(next);
                match outcome {
                    Outcome::Line(line, bytes) => {
                        totals.pages += 1;
                        totals.bytes += bytes as u64;
                        progress.set_message(format!("{:.1} MB", totals.bytes as f64 / 1e6));
                        out.write_all(line.as_bytes())?;
                        out.write_all(b"\n")?;
                    }
                    Outcome::Other => totals.other += 1,
                    Outcome::Bad(why) => {
                        totals.bad += 1;
                        progress.suspend(|| eprintln!("kauri batch: skipped {why}"));
                    }
                }
                progress.inc(1);
            }
        }
        out.flush()
    });
    progress.finish_and_clear();
    match written {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
        Err(e) => return Err(Failure(format!("cannot write the output: {e}"))),
    }
    if !args.quiet {
        let seconds = start.elapsed().as_secs_f64();
        eprintln!(
            "kauri batch: {} pages, {:.2} MB in {:.2} s ({:.1} MB/s) on {threads} thread{}; \
             {} not HTML, {} skipped as unreadable",
            totals.pages,
            totals.bytes as f64 / 1e6,
            seconds,
            totals.bytes as f64 / 1e6 / seconds.max(1e-9),
            if threads == 1 { "" } else { "s" },
            totals.other,
            totals.bad,
        );
    }
    if totals.bad > 0 {
        return Err(Failure(format!(
            "{} input{} could not be read (reported above as skipped); the other pages were written",
            totals.bad,
            if totals.bad == 1 { "" } else { "s" }
        )));
    }
    Ok(())
}

/// How far the workers may run ahead of the writer: the page with index `i` is not started
/// before the lines of every page up to `i - ahead` are written. The lines held back for input
/// order are then at most `ahead`, however many pages the run has; without the bound, a thread
/// slow on one page (or descheduled on a busy machine) let the others pile up lines, and peak
/// RSS grew with the number of pages (two threads: 22.7 MB for the 101 corpus pages, 39.8 MB
/// for them listed 72 times; 101 lines were once held at the same time).
struct Window {
    /// The number of lines written (or `usize::MAX` once the writer is gone).
    written: Mutex<usize>,
    moved: Condvar,
    ahead: usize,
}

impl Window {
    fn new(ahead: usize) -> Window {
        Window {
            written: Mutex::new(0),
            moved: Condvar::new(),
            ahead,
        }
    }

    /// Blocks until page `index` may start.
    fn wait_for(&self, index: usize) {
        let mut written = self.written.lock().unwrap_or_else(PoisonError::into_inner);
        while index >= written.saturating_add(self.ahead) {
            written = self
                .moved
                .wait(written)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Records that `written` lines are out.
    fn advance(&self, written: usize) {
        *self.written.lock().unwrap_or_else(PoisonError::into_inner) = written;
        self.moved.notify_all();
    }
}

/// Opens the window for good when the writer stops, by success or error, so that no worker
/// waits for lines that will never be written.
struct OpenOnDrop<'a>(&'a Window);

impl Drop for OpenOnDrop<'_> {
    fn drop(&mut self) {
        self.0.advance(usize::MAX);
    }
}

/// The paths of a `--list` file (or standard input for `-`), one per non-empty line.
fn read_list(list: &str) -> Result<Vec<String>, Failure> {
    let reader: Box<dyn BufRead> = if list == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(io::BufReader::new(
            std::fs::File::open(list).map_err(|e| Failure(format!("cannot read {list}: {e}")))?,
        ))
    };
    let mut paths = Vec::new();
    for line in reader.lines() {
        let line = line.map_err(|e| Failure(format!("cannot read {list}: {e}")))?;
        let line = line.trim_end_matches('\r');
        if !line.trim().is_empty() {
            paths.push(line.to_owned());
        }
    }
    Ok(paths)
}

/// A progress bar on stderr when it is a terminal (and not `--quiet`); hidden otherwise.
fn progress_bar(quiet: bool, total: Option<u64>) -> ProgressBar {
    if quiet || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = match total {
        Some(total) => ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
            .with_style(
                ProgressStyle::with_template(
                    "{bar:40} {pos}/{len} pages, {msg} [{elapsed_precise}, {eta} left]",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            ),
        None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(
            ProgressStyle::with_template("{spinner} {pos} records, {msg} [{elapsed_precise}]")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        ),
    };
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

#[cfg(test)]
mod tests {
    use super::Window;
    use std::sync::atomic::{AtomicBool, Ordering};

    #[test]
    fn a_page_waits_until_the_lines_before_its_window_are_written() {
        let window = Window::new(2);
        let started = AtomicBool::new(false);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                window.wait_for(0);
                window.wait_for(1);
                window.wait_for(3);
                started.store(true, Ordering::SeqCst);
            });
            std::thread::sleep(std::time::Duration::from_millis(50));
            assert!(
                !started.load(Ordering::SeqCst),
                "page 3 started with no line written"
            );
            window.advance(2);
        });
        assert!(started.load(Ordering::SeqCst));
    }

    #[test]
    fn a_writer_that_stops_releases_every_waiting_page() {
        let window = Window::new(1);
        let released = std::thread::scope(|scope| {
            let waiter = scope.spawn(|| {
                window.wait_for(1_000_000);
                true
            });
            drop(super::OpenOnDrop(&window));
            waiter.join().expect("the waiting page's thread ends")
        });
        assert!(released);
        // The window stays open for every later page too.
        assert_eq!(*window.written.lock().expect("not poisoned"), usize::MAX);
        window.wait_for(usize::MAX - 1);
    }
}
