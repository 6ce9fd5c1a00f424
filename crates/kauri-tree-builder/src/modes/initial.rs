//! The "initial" insertion mode (§ the-initial-insertion-mode).

use crate::sink::{QuirksMode, TreeSink};
use crate::tag_sets::leading_ws;
use crate::tree_builder::{Flow, InsertionMode, TreeBuilder};
use kauri_tokenizer::{Doctype, ErrorCode, Token};

/// Public identifiers that start one of these put the document in quirks mode.
const QUIRKY_PUBLIC_PREFIXES: &[&str] = &[
    "+//silmaril//dtd html pro v0r11 19970101//",
    "-//as//dtd html 3.0 aswedit + extensions//",
    "-//advasoft ltd//dtd html 3.0 aswedit + extensions//",
    "-//ietf//dtd html 2.0 level 1//",
    "-//ietf//dtd html 2.0 level 2//",
    "-//ietf//dtd html 2.0 strict level 1//",
    "-//ietf//dtd html 2.0 strict level 2//",
    "-//ietf//dtd html 2.0 strict//",
    "-//ietf//dtd html 2.0//",
    "-//ietf//dtd html 2.1e//",
    "-//ietf//dtd html 3.0//",
    "-//ietf//dtd html 3.2 final//",
    "-//ietf//dtd html 3.2//",
    "-//ietf//dtd html 3//",
    "-//ietf//dtd html level 0//",
    "-//ietf//dtd html level 1//",
    "-//ietf//dtd html level 2//",
    "-//ietf//dtd html level 3//",
    "-//ietf//dtd html strict level 0//",
    "-//ietf//dtd html strict level 1//",
    "-//ietf//dtd html strict level 2//",
    "-//ietf//dtd html strict level 3//",
    "-//ietf//dtd html strict//",
    "-//ietf//dtd html//",
    "-//metrius//dtd metrius presentational//",
    "-//microsoft//dtd internet explorer 2.0 html strict//",
    "-//microsoft//dtd internet explorer 2.0 html//",
    "-//microsoft//dtd internet explorer 2.0 tables//",
    "-//microsoft//dtd internet explorer 3.0 html strict//",
    "-//microsoft//dtd internet explorer 3.0 html//",
    "-//microsoft//dtd internet explorer 3.0 tables//",
    "-//netscape comm. corp.//dtd html//",
    "-//netscape comm. corp.//dtd strict html//",
    "-//o'reilly and associates//dtd html 2.0//",
    "-//o'reilly and associates//dtd html extended 1.0//",
    "-//o'reilly and associates//dtd html extended relaxed 1.0//",
    "-//sq//dtd html 2.0 hotmetal + extensions//",
    "-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//",
    "-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//",
    "-//spyglass//dtd html 2.0 extended//",
    "-//sun microsystems corp.//dtd hotjava html//",
    "-//sun microsystems corp.//dtd hotjava strict html//",
    "-//w3c//dtd html 3 1995-03-24//",
    "-//w3c//dtd html 3.2 draft//",
    "-//w3c//dtd html 3.2 final//",
    "-//w3c//dtd html 3.2//",
    "-//w3c//dtd html 3.2s draft//",
    "-//w3c//dtd html 4.0 frameset//",
    "-//w3c//dtd html 4.0 transitional//",
    "-//w3c//dtd html experimental 19960712//",
    "-//w3c//dtd html experimental 970421//",
    "-//w3c//dtd w3 html//",
    "-//w3o//dtd w3 html 3.0//",
    "-//webtechs//dtd mozilla html 2.0//",
    "-//webtechs//dtd mozilla html//",
];

/// ASCII case-insensitive "starts with".
fn starts_with_ci(s: &str, prefix: &str) -> bool {
    s.len() >= prefix.len() && s.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}

/// The quirks mode a DOCTYPE token selects (§ the-initial-insertion-mode), for a document that is
/// not an iframe srcdoc document.
fn doctype_quirks_mode(d: &Doctype) -> QuirksMode {
    if d.force_quirks || d.name.as_deref() != Some("html") {
        return QuirksMode::Quirks;
    }
    let public = d.public_id.as_deref();
    let system = d.system_id.as_deref();
    if let Some(p) = public {
        if p.eq_ignore_ascii_case("-//W3O//DTD W3 HTML Strict 3.0//EN//")
            || p.eq_ignore_ascii_case("-/W3C/DTD HTML 4.0 Transitional/EN")
            || p.eq_ignore_ascii_case("HTML")
            || QUIRKY_PUBLIC_PREFIXES.iter().any(|q| starts_with_ci(p, q))
        {
            return QuirksMode::Quirks;
        }
    }
    if system.is_some_and(|s| {
        s.eq_ignore_ascii_case("http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd")
    }) {
        return QuirksMode::Quirks;
    }
    // 2026: an empty system identifier counts as missing.
    let system_missing = system.is_none_or(str::is_empty);
    if let Some(p) = public {
        let html401 = starts_with_ci(p, "-//W3C//DTD HTML 4.01 Frameset//")
            || starts_with_ci(p, "-//W3C//DTD HTML 4.01 Transitional//");
        if html401 && system_missing {
            return QuirksMode::Quirks;
        }
        if starts_with_ci(p, "-//W3C//DTD XHTML 1.0 Frameset//")
            || starts_with_ci(p, "-//W3C//DTD XHTML 1.0 Transitional//")
        {
            return QuirksMode::LimitedQuirks;
        }
        if html401 && !system_missing {
            return QuirksMode::LimitedQuirks;
        }
    }
    QuirksMode::NoQuirks
}

impl<S: TreeSink> TreeBuilder<S> {
    /// The "initial" insertion mode (§ the-initial-insertion-mode).
    pub(crate) fn initial<'a>(&mut self, token: Token<'a>) -> Flow<'a> {
        match token {
            Token::Characters(s) => {
                let n = leading_ws(s);
                if n == s.len() {
                    return Flow::Done;
                }
                self.initial_anything_else();
                Flow::Reprocess(Token::Characters(&s[n..]))
            }
            Token::Comment(_) | Token::ProcessingInstruction { .. } => {
                let doc = self.doc.clone();
                self.append_comment_or_pi_to(&doc, &token);
                Flow::Done
            }
            Token::Doctype(d) => {
                let name = d.name.as_deref();
                let legacy = d.system_id.as_deref() == Some("about:legacy-compat");
                if name != Some("html")
                    || d.public_id.is_some()
                    || (d.system_id.is_some() && !legacy)
                {
                    self.error(ErrorCode::BadDoctype);
                }
                self.sink.append_doctype_to_document(
                    name.unwrap_or(""),
                    d.public_id.as_deref().unwrap_or(""),
                    d.system_id.as_deref().unwrap_or(""),
                );
                if self.spans {
                    self.sink.set_doctype_span(self.span);
                }
                if !self.opts.iframe_srcdoc {
                    self.quirks = doctype_quirks_mode(d);
                    self.sink.set_quirks_mode(self.quirks);
                }
                self.mode = InsertionMode::BeforeHtml;
                Flow::Done
            }
            token => {
                self.initial_anything_else();
                Flow::Reprocess(token)
            }
        }
    }

    fn initial_anything_else(&mut self) {
        if !self.opts.iframe_srcdoc {
            self.error(ErrorCode::MissingDoctype);
            self.quirks = QuirksMode::Quirks;
            self.sink.set_quirks_mode(QuirksMode::Quirks);
        }
        self.mode = InsertionMode::BeforeHtml;
    }
}
