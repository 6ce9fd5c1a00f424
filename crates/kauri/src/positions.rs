//! Line and column numbers for parse errors that only carry a byte offset (tree construction
//! errors: the tree builder knows the token's offset, not its line).

use kauri_tokenizer::ParseError;

/// Fills in `line` and `col` (1-based; the column counts characters) of every error whose line
/// is 0, from its byte offset into `input`. A CR LF pair, a lone CR and a LF each end a line.
pub(crate) fn fill_positions(input: &str, errors: &mut [ParseError]) {
    if !errors.iter().any(|e| e.line == 0) {
        return;
    }
    let bytes = input.as_bytes();
    // Offsets at which lines start.
    let mut line_starts = vec![0usize];
    for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
        if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
            continue;
        }
        line_starts.push(i + 1);
    }
    // Errors come (nearly) in input order: count characters on from the previous error when
    // it is on the same line and not after this one, so many errors on one long line cost
    // linear time, not quadratic.
    let mut last: Option<(usize, usize, u32)> = None; // (line, offset, col)
    for error in errors.iter_mut().filter(|e| e.line == 0) {
        let mut offset = error.offset.min(input.len());
        while !input.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = line_starts.partition_point(|&start| start <= offset);
        let (from, col0) = match last {
            Some((l, o, c)) if l == line && o <= offset => (o, c),
            _ => (line_starts[line - 1], 1),
        };
        let col = col0 + input[from..offset].chars().count() as u32;
        error.line = line as u32;
        error.col = col;
        last = Some((line, offset, col));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(offset: usize) -> ParseError {
        ParseError {
            code: "x",
            line: 0,
            col: 0,
            offset,
        }
    }

    #[test]
    fn lines_and_columns() {
        let mut errors = [at(0), at(3), at(5), at(8), at(12), at(100)];
        fill_positions("ab\ncd\r\néf\rgh", &mut errors);
        let got: Vec<(u32, u32)> = errors.iter().map(|e| (e.line, e.col)).collect();
        assert_eq!(got, [(1, 1), (2, 1), (2, 3), (3, 1), (4, 2), (4, 3)]);
    }
}
