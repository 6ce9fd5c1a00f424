//! `DocumentInProgress` (its `unsafe` lifetime erasure) under the uses a streaming parser
//! makes of it: feed in pieces (the tokenizer lends each chunk), pause at scripts, read and edit
//! the tree between calls (the sink then merges text into nodes the reader looked at), finish,
//! or drop unfinished, on one thread or moved between threads. Run under Miri by
//! `.ci/sanitizers`.

use kauri_dom::DocumentInProgress;
use kauri_tokenizer::{Tokenizer, TokenizerOptions};
use kauri_tree_builder::{TreeBuilder, TreeBuilderOptions};

fn new_document() -> DocumentInProgress {
    DocumentInProgress::new(|sink| {
        let builder = TreeBuilder::new(sink, TreeBuilderOptions::default()).with_script_pauses();
        Tokenizer::new(builder, TokenizerOptions::default())
    })
}

#[test]
fn read_edit_and_write_between_pieces() {
    let mut doc = new_document();
    doc.with_pipeline(|p| p.feed("<p id=a>one <b>two")).unwrap();
    // Read the text the sink will merge into later, then let the reader go.
    let before = doc.root().text_content();
    assert_eq!(before, "one ");
    doc.with_pipeline(|p| p.feed(" three<script>s(1)</script>after"))
        .unwrap();
    assert!(doc.take_pending_script());
    assert_eq!(doc.scripts_running(), 1);
    let code = doc.script().unwrap().text_content();
    assert_eq!(code, "s(1)");
    doc.edit(|ed| {
        let p = ed.root().elements_by_tag_name("p").next().unwrap();
        ed.set_attribute(p, "id", "changed")?;
        let b = ed.root().elements_by_tag_name("b").next().unwrap();
        let text = b.first_child().unwrap();
        ed.set_text_content(text, "TWO");
        let extra = ed.create_text_node("+");
        ed.append_child(b, extra)
    })
    .unwrap();
    // What the script writes, then the rest of the input, merge into the text node the edit
    // appended (the last child of the current node).
    let rest = doc
        .with_pipeline(|p| p.take_paused_input())
        .unwrap()
        .unwrap();
    doc.with_pipeline(|p| p.feed("written")).unwrap();
    doc.pop_script();
    doc.with_pipeline(|p| {
        p.feed(&rest).unwrap();
        p.end().unwrap();
    });
    assert_eq!(doc.errors().len(), 2);
    let doc = doc.finish();
    assert_eq!(
        doc.body().unwrap().inner_html(),
        "<p id=\"changed\">one <b>TWO<script>s(1)</script>+writtenafter</b></p>"
    );
    let moved = std::thread::spawn(move || doc.to_html()).join().unwrap();
    assert!(moved.contains("writtenafter"));
}

#[test]
fn dropped_unfinished() {
    let mut doc = new_document();
    doc.with_pipeline(|p| p.feed("<table><tr><td>x<script>"))
        .unwrap();
    doc.with_pipeline(|p| p.feed("a</script><svg><script/>"))
        .unwrap();
    assert!(doc.take_pending_script());
    assert_eq!(doc.root().text_content(), "xa");
    drop(doc);
}

/// A document in progress is `Send`: it moves to another thread between pieces (as an async
/// task holding a streaming parser does across an `.await`), is fed, edited and paused there,
/// comes back, and is finished or dropped unfinished on either side.
#[test]
fn moves_between_threads_between_pieces() {
    let mut doc = new_document();
    doc.with_pipeline(|p| p.feed("<div id=a>one <b>two"))
        .unwrap();
    let mut doc = std::thread::spawn(move || {
        doc.with_pipeline(|p| p.feed(" three<script>s()</script>"))
            .unwrap();
        assert!(doc.take_pending_script());
        doc.edit(|ed| {
            let div = ed.root().elements_by_tag_name("div").next().unwrap();
            ed.set_attribute(div, "id", "moved")
        })
        .unwrap();
        doc
    })
    .join()
    .unwrap();
    assert_eq!(doc.script().unwrap().text_content(), "s()");
    doc.pop_script();
    let rest = doc
        .with_pipeline(|p| p.take_paused_input())
        .unwrap()
        .unwrap_or_default();
    doc.with_pipeline(|p| {
        p.feed(&rest)?;
        p.feed("four")?;
        p.end()
    })
    .unwrap();
    let doc = std::thread::spawn(move || doc.finish()).join().unwrap();
    assert_eq!(
        doc.body().unwrap().inner_html(),
        "<div id=\"moved\">one <b>two three<script>s()</script>four</b></div>"
    );
    let mut unfinished = new_document();
    unfinished.with_pipeline(|p| p.feed("<p>x")).unwrap();
    std::thread::spawn(move || drop(unfinished)).join().unwrap();
}
