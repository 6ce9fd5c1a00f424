//! Reading the HTML responses of a WARC file (ISO 28500, WARC/1.0 and 1.1), plain or gzipped
//! (one gzip member per record, as crawlers write them, or one for the whole file).
//!
//! A `response` record holds an HTTP response: its `Content-Type` says whether it is HTML and
//! gives the transport charset; chunked transfer coding and gzip/deflate content coding are
//! undone. A `resource` record holds the document itself. Other records (`request`,
//! `metadata`, `warcinfo`, `revisit`, ...) and non-HTML responses are passed over. A record
//! that cannot be read is reported, and reading goes on at the next `WARC/` version line.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};

use flate2::bufread::{DeflateDecoder, GzDecoder, MultiGzDecoder, ZlibDecoder};

/// One record of a WARC file, as `kauri batch` sees it.
pub enum Record {
    /// An HTML document: where it came from (the target URI), its bytes, and the charset the
    /// HTTP `Content-Type` declared.
    Page {
        source: String,
        body: Vec<u8>,
        charset: Option<String>,
    },
    /// A record that is not an HTML document (a request, metadata, an image, ...).
    Other,
    /// A record that could not be read, and why.
    Bad(String),
}

/// The records of a WARC file, in order.
pub struct WarcReader {
    input: Box<dyn BufRead + Send>,
    path: String,
    /// Records read so far (for messages).
    index: u64,
    /// A version line already read while resynchronizing.
    pending_version: bool,
    done: bool,
}

/// The longest header line or header block accepted (a guard against a file that is not WARC).
const MAX_HEADER_LINE: usize = 64 * 1024;

impl WarcReader {
    /// Opens `path`, gunzipping it when it starts with the gzip magic bytes.
    pub fn open(path: &str) -> io::Result<WarcReader> {
        let mut file = BufReader::with_capacity(256 * 1024, File::open(path)?);
        let gzipped = file.fill_buf()?.starts_with(&[0x1f, 0x8b]);
        let input: Box<dyn BufRead + Send> = if gzipped {
            Box::new(BufReader::with_capacity(
                256 * 1024,
                MultiGzDecoder::new(file),
            ))
        } else {
            Box::new(file)
        };
        Ok(WarcReader {
            input,
            path: path.to_owned(),
            index: 0,
            pending_version: false,
            done: false,
        })
    }

    /// Reads one line (with its line break), at most [`MAX_HEADER_LINE`] bytes.
    fn line(&mut self) -> io::Result<Vec<u8>> {
        let mut line = Vec::new();
        (&mut self.input)
            .take(MAX_HEADER_LINE as u64)
            .read_until(b'\n', &mut line)?;
        Ok(line)
    }

    /// Skips to the next `WARC/` version line (after a bad record); false at the end.
    fn resynchronize(&mut self) -> io::Result<bool> {
        loop {
            let line = self.line()?;
            if line.is_empty() {
                return Ok(false);
            }
            if line.starts_with(b"WARC/") {
                self.pending_version = true;
                return Ok(true);
            }
        }
    }

    fn next_record(&mut self) -> io::Result<Option<Record>> {
        // The version line, after any blank lines between records.
        if !self.pending_version {
            loop {
                let line = self.line()?;
                if line.is_empty() {
                    return Ok(None);
                }
                if trim_line(&line).is_empty() {
                    continue;
                }
                if line.starts_with(b"WARC/") {
                    break;
                }
                self.index += 1;
                let message = format!(
                    "{}: record {}: expected a WARC/1.x version line, found {:?}",
                    self.path,
                    self.index,
                    String::from_utf8_lossy(&line[..line.len().min(40)])
                );
                if !self.resynchronize()? {
                    self.done = true;
                }
                return Ok(Some(Record::Bad(message)));
            }
        }
        self.pending_version = false;
        self.index += 1;
        let mut headers = Vec::new();
        loop {
            let line = self.line()?;
            if line.is_empty() {
                return Ok(Some(self.truncated("its header")));
            }
            let line = trim_line(&line);
            if line.is_empty() {
                break;
            }
            headers.push(String::from_utf8_lossy(line).into_owned());
        }
        let length = header(&headers, "content-length").and_then(|v| v.trim().parse::<u64>().ok());
        let Some(length) = length else {
            let message = format!(
                "{}: record {}: no valid Content-Length",
                self.path, self.index
            );
            if !self.resynchronize()? {
                self.done = true;
            }
            return Ok(Some(Record::Bad(message)));
        };
        let mut block = Vec::new();
        (&mut self.input).take(length).read_to_end(&mut block)?;
        if (block.len() as u64) < length {
            return Ok(Some(self.truncated("its content")));
        }
        let kind = header(&headers, "warc-type")
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        let source = header(&headers, "warc-target-uri")
            .map(|uri| {
                uri.trim()
                    .trim_start_matches('<')
                    .trim_end_matches('>')
                    .to_owned()
            })
            .unwrap_or_else(|| format!("{}#{}", self.path, self.index));
        Ok(Some(match kind.as_str() {
            "response" => match http_response(block) {
                Ok(Some((body, charset))) => Record::Page {
                    source,
                    body,
                    charset,
                },
                Ok(None) => Record::Other,
                Err(why) => Record::Bad(format!(
                    "{}: record {} ({source}): {why}",
                    self.path, self.index
                )),
            },
            "resource" => match header(&headers, "content-type").map(is_html) {
                Some(false) => Record::Other,
                _ => Record::Page {
                    source,
                    body: block,
                    charset: header(&headers, "content-type").and_then(charset_of),
                },
            },
            _ => Record::Other,
        }))
    }

    fn truncated(&mut self, part: &str) -> Record {
        self.done = true;
        Record::Bad(format!(
            "{}: record {}: the file ends inside {part}",
            self.path, self.index
        ))
    }
}

impl Iterator for WarcReader {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        if self.done {
            return None;
        }
        match self.next_record() {
            Ok(record) => {
                if record.is_none() {
                    self.done = true;
                }
                record
            }
            Err(e) => {
                self.done = true;
                Some(Record::Bad(format!("{}: {e}", self.path)))
            }
        }
    }
}

/// A line without its CR LF or LF.
fn trim_line(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The value of the first header named `name` (ASCII case-insensitive).
fn header<'h>(headers: &'h [String], name: &str) -> Option<&'h str> {
    headers.iter().find_map(|h| {
        let (key, value) = h.split_once(':')?;
        key.trim()
            .eq_ignore_ascii_case(name)
            .then_some(value.trim())
    })
}

/// Whether a `Content-Type` value names HTML (`text/html`, `application/xhtml+xml`).
fn is_html(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or("").trim();
    essence.eq_ignore_ascii_case("text/html")
        || essence.eq_ignore_ascii_case("application/xhtml+xml")
}

/// The `charset` parameter of a `Content-Type` value.
fn charset_of(content_type: &str) -> Option<String> {
    content_type.split(';').skip(1).find_map(|param| {
        let (key, value) = param.split_once('=')?;
        key.trim()
            .eq_ignore_ascii_case("charset")
            .then(|| value.trim().trim_matches('"').to_owned())
    })
}

/// An HTML body and the charset its `Content-Type` declared.
type HtmlBody = (Vec<u8>, Option<String>);

/// The HTML body and charset of an HTTP response message; `None` when it is not HTML.
fn http_response(block: Vec<u8>) -> Result<Option<HtmlBody>, String> {
    let (head_end, body_start) = match find(&block, b"\r\n\r\n") {
        Some(i) => (i, i + 4),
        None => match find(&block, b"\n\n") {
            Some(i) => (i, i + 2),
            None => return Err("no end of the HTTP header".into()),
        },
    };
    let head = String::from_utf8_lossy(&block[..head_end]);
    let mut lines = head.lines();
    let status = lines.next().unwrap_or("");
    if !status.starts_with("HTTP/") {
        return Err(format!(
            "not an HTTP response: {:?}",
            &status[..status.len().min(40)]
        ));
    }
    let headers: Vec<String> = lines.map(str::to_owned).collect();
    let content_type = header(&headers, "content-type");
    if content_type.is_some_and(|t| !is_html(t)) {
        return Ok(None);
    }
    let charset = content_type.and_then(charset_of);
    let mut body = block[body_start..].to_vec();
    if header(&headers, "transfer-encoding")
        .is_some_and(|t| t.to_ascii_lowercase().contains("chunked"))
    {
        body = dechunk(&body)?;
    }
    match header(&headers, "content-encoding").map(|e| e.trim().to_ascii_lowercase()) {
        None => {}
        Some(coding) if coding.is_empty() || coding == "identity" => {}
        Some(coding) if coding == "gzip" || coding == "x-gzip" => {
            body = inflate(GzDecoder::new(&body[..]), "gzip")?;
        }
        Some(coding) if coding == "deflate" => {
            // "deflate" is zlib-wrapped by the standard, raw deflate in practice as often.
            body = inflate(ZlibDecoder::new(&body[..]), "deflate")
                .or_else(|_| inflate(DeflateDecoder::new(&body[..]), "deflate"))?;
        }
        Some(coding) => return Err(format!("unsupported Content-Encoding {coding:?}")),
    }
    Ok(Some((body, charset)))
}

fn inflate(mut decoder: impl Read, coding: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    decoder
        .read_to_end(&mut out)
        .map_err(|e| format!("bad {coding} content: {e}"))?;
    Ok(out)
}

/// The body of a chunked transfer coding (RFC 9112 § 7.1).
fn dechunk(mut input: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let end = find(input, b"\n").ok_or("a chunk size line without its end")?;
        let line = String::from_utf8_lossy(trim_line(&input[..=end]));
        let size = line.split(';').next().unwrap_or("").trim();
        let size =
            usize::from_str_radix(size, 16).map_err(|_| format!("bad chunk size {size:?}"))?;
        input = &input[end + 1..];
        if size == 0 {
            return Ok(out);
        }
        let chunk = input.get(..size).ok_or("a chunk longer than the record")?;
        out.extend_from_slice(chunk);
        input = &input[size..];
        input = input
            .strip_prefix(b"\r\n")
            .or_else(|| input.strip_prefix(b"\n"))
            .unwrap_or(input);
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn http_responses() {
        let plain =
            b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=\"koi8-r\"\r\n\r\n<p>x".to_vec();
        let (body, charset) = http_response(plain).unwrap().unwrap();
        assert_eq!(
            (body.as_slice(), charset.as_deref()),
            (&b"<p>x"[..], Some("koi8-r"))
        );
        let image = b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\x89PNG".to_vec();
        assert!(http_response(image).unwrap().is_none());
        let chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n<p>\r\n2;x=y\r\nab\r\n0\r\n\r\n".to_vec();
        assert_eq!(http_response(chunked).unwrap().unwrap().0, b"<p>ab");
        assert!(http_response(b"GET / HTTP/1.1\r\n\r\n".to_vec()).is_err());
        let brotli = b"HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\nxx".to_vec();
        assert!(http_response(brotli).unwrap_err().contains("br"));
        assert!(dechunk(b"zz\r\n").is_err());
        assert!(dechunk(b"10\r\nabc").is_err());
    }
}
