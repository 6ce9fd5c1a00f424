//! `Node::readable_text` / `Document::readable_text`.

use kauri_dom::{Document, DomSink, LocalName, QualName};

/// `html` parsed as the children of an `html` element (as `innerHTML` of the root element).
fn page(html: &str) -> Document {
    let mut doc = Document::new();
    doc.edit(|ed| {
        let root = ed.create_element("html")?;
        ed.append_child(ed.root(), root)?;
        ed.set_inner_html(root, html)
    })
    .unwrap();
    doc
}

fn text(html: &str) -> String {
    page(html).readable_text()
}

#[test]
fn skips_what_is_not_rendered() {
    assert_eq!(
        text(
            "<head><title>T</title><style>p{}</style><meta charset=utf-8></head>\
             <body><script>x()</script>a<noscript>n</noscript><template>t</template>\
             <iframe>i</iframe><p hidden>h</p><p hidden=until-found>u</p><datalist><option>d\
             </datalist><ruby>k<rp>(</rp><rt>r</rt><rp>)</rp></ruby>"
        ),
        "a\n\nu\n\nkr"
    );
    // Comments and doctypes give nothing.
    assert_eq!(text("a<!--c-->b"), "ab");
}

#[test]
fn the_node_itself_is_never_skipped() {
    let doc = page("<head><title> The  title </title></head>");
    let title = doc.root().elements_by_tag_name("title").next().unwrap();
    assert_eq!(title.readable_text(), "The title");
    assert_eq!(doc.readable_text(), "");
}

#[test]
fn blocks_paragraphs_and_line_breaks() {
    assert_eq!(
        text("<h1>Title</h1><p>one</p><p>two</p><div>three</div><div><div>four</div></div>"),
        "Title\n\none\n\ntwo\n\nthree\nfour"
    );
    assert_eq!(text("a<br>b<br><br>c"), "a\nb\n\nc");
    assert_eq!(text("<ul><li>a</li><li>b</li></ul>after"), "a\nb\nafter");
    assert_eq!(text("<br>a"), "\na");
    // No break before the first text or after the last.
    assert_eq!(text("<div><p>x</p></div>"), "x");
}

#[test]
fn whitespace_collapses_as_white_space_normal() {
    assert_eq!(text("  a \n\t b  <b> c </b>d  "), "a b c d");
    assert_eq!(text("<p>  lead</p><p>trail  </p>"), "lead\n\ntrail");
    assert_eq!(text("a<span> </span>b"), "a b");
    assert_eq!(text("<div>a </div> <div> b</div>"), "a\nb");
}

#[test]
fn preformatted_text_is_kept() {
    assert_eq!(text("<pre>  a\n   b  </pre>c"), "  a\n   b  \nc");
    assert_eq!(text("x<textarea>  t\n u</textarea>"), "x\n  t\n u");
}

#[test]
fn tables_use_tabs_and_lines() {
    assert_eq!(
        text("<table><tr><th>a<th>b</tr><tr><td>1<td> 2 </table>"),
        "a\tb\n1\t2"
    );
}

#[test]
fn foreign_content_is_inline() {
    assert_eq!(
        text("<p>x<svg><text>svg</text><title>t</title></svg>y</p>"),
        "xsvgty"
    );
}

#[test]
fn deep_trees_do_not_recurse() {
    let depth = if cfg!(miri) { 1_000 } else { 100_000 }; // smaller under Miri
    let doc = Document::build(|arena| {
        use kauri_tree_builder::{NodeOrText, TreeSink};
        let mut sink = DomSink::new(arena);
        let mut parent = sink.document();
        for _ in 0..depth {
            let div = sink.create_element(
                QualName::html(LocalName::from("div")),
                kauri_tokenizer::DistinctAttrs::EMPTY,
            );
            sink.append(&parent, NodeOrText::Node(div));
            parent = div;
        }
        sink.append(&parent, NodeOrText::Text(" deep "));
        sink.finish()
    });
    assert_eq!(doc.readable_text(), "deep");
}
