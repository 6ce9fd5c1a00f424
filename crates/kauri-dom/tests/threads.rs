//! A `Document` is `Send + Sync`: threads that share one only read it. The first read of an
//! element's attributes indexes them in place (under a `Once`), so these tests race that first
//! read, and everything else a reader touches, from several threads. CI runs them under
//! ThreadSanitizer and Miri (`.ci/sanitizers`).

use kauri_dom::{Document, DomSink};
use kauri_tokenizer::{local_name, AttrName, Attribute, DistinctAttrs, LocalName, QualName};
use kauri_tokenizer::{Tokenizer, TokenizerOptions};
use kauri_tree_builder::{NodeOrText, TreeBuilder, TreeBuilderOptions, TreeSink};

/// The attribute map is built on first access; a shared `Document` may be read by two threads
/// at once, and both see the same, first-wins map.
#[test]
fn attributes_indexed_lazily_from_two_threads() {
    let doc = Document::build(|arena| {
        let mut sink = DomSink::new(arena);
        let root = sink.document();
        let attr = |name: &str, value: &str| Attribute {
            name: AttrName::new(LocalName::from(name)),
            value: value.to_owned(),
        };
        let mut attrs = vec![attr("href", "/x"), attr("id", "a"), attr("href", "/y")];
        let attrs = DistinctAttrs::dedup(&mut attrs);
        let el = sink.create_element(QualName::html(local_name!("a")), attrs);
        sink.append(&root, NodeOrText::Node(el));
        sink.finish()
    });
    let read = || {
        let a = doc.root().first_child().unwrap().as_element().unwrap();
        (a.attr("href").map(str::to_owned), a.attrs().len())
    };
    std::thread::scope(|s| {
        let one = s.spawn(read);
        let two = s.spawn(read);
        for got in [one.join().unwrap(), two.join().unwrap()] {
            assert_eq!(got, (Some("/x".to_owned()), 2));
        }
    });
}

const INPUT: &str = "<!DOCTYPE html><title>T</title><p id=a class='x y'>one<b title=t>two</b>\
                     <!--c--><a href=/h hreflang=en>three</a><template><i lang=mi>four</i>\
                     </template><select><option selected>o</option><selectedcontent>\
                     </selectedcontent></select>";

/// Parses `INPUT` with source ranges, untouched: no attribute map is built yet.
fn fresh_document() -> Document {
    Document::build(|arena| {
        let sink = DomSink::new(arena).with_spans(true);
        let builder = TreeBuilder::new(sink, TreeBuilderOptions::default());
        let mut tokenizer = Tokenizer::new(builder, TokenizerOptions::default());
        tokenizer.feed(INPUT).unwrap();
        tokenizer.end().unwrap();
        tokenizer.into_sink().into_sink().finish()
    })
}

/// What a reader sees: every element's attributes (the first read indexes them), every text,
/// every source range, and a deep copy made by `clone`.
fn read_everything(doc: &Document) -> (String, String) {
    let mut seen = String::new();
    let mut roots = vec![doc.root()];
    while let Some(root) = roots.pop() {
        for node in root.descendants() {
            if let Some(e) = node.as_element() {
                for (name, value) in e.attrs() {
                    seen.push_str(&format!(" {}={value}", name.local));
                }
                if let Some(contents) = e.template_contents() {
                    roots.push(contents);
                }
            }
            if let Some(text) = node.as_text() {
                seen.push_str(text);
            }
            seen.push_str(&format!(" {:?}{:?}", node.span(), node.end_tag_span()));
        }
    }
    (seen, doc.clone().to_json_with(true, true))
}

/// Four threads race the first `attrs()` of every element, the texts, the source ranges and
/// `clone()` of one freshly parsed document, and all see what one thread sees alone.
#[test]
fn four_threads_race_the_first_reads_and_clone() {
    let expected = read_everything(&fresh_document());
    assert!(expected.0.contains(" hreflang=en") && expected.0.contains("four"));
    assert!(expected.0.contains("Some(Span"));
    let doc = fresh_document();
    std::thread::scope(|s| {
        let readers: Vec<_> = (0..4).map(|_| s.spawn(|| read_everything(&doc))).collect();
        for reader in readers {
            assert_eq!(reader.join().unwrap(), expected);
        }
    });
    assert_eq!(doc.to_json_with(true, true), expected.1);
}
