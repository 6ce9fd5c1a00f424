//! "In body" end tags whose element is the current node (§ parsing-main-inbody).
//!
//! `TreeBuilder::in_body_end_tag` pops the current node at once when the end tag has its
//! name, except for the end tags whose rule does more than that (the formatting elements'
//! end tags go to the adoption agency before that test). Each case below closes the current
//! node with one of those end tags and shows what the rest of its rule does, so that dropping
//! a name from the exceptions changes a tree here. (The html5lib suite does not catch every
//! one: without `form` or `object` in the list it still passed.) The dispatcher makes the
//! same test inline before the call (`in_body_end_tag_of_current_node`), from the current
//! node's `END_TAG_DOES_MORE` flag, which these cases pin too.

mod support;

use support::body_dump as body;

#[test]
fn form_end_tag_clears_the_form_element_pointer() {
    // Were `</form>` a plain pop, the pointer would stay set and the second `<form>` would
    // be ignored.
    assert_eq!(
        body("<form></form><form><input>"),
        "|     <form>\n|     <form>\n|       <input>\n"
    );
}

#[test]
fn applet_marquee_and_object_end_tags_clear_the_list_up_to_the_marker() {
    // The `b` that `</p>` closed is reconstructed for the text only if the marker the
    // element pushed is gone.
    for name in ["applet", "marquee", "object"] {
        assert_eq!(
            body(&format!("<p><b><{name}></{name}></p>x")),
            format!("|     <p>\n|       <b>\n|         <{name}>\n|     <b>\n|       \"x\"\n"),
            "{name}"
        );
    }
}

#[test]
fn formatting_end_tags_remove_the_list_entry() {
    // Were the end tag a plain pop, the closed element would stay in the list of active
    // formatting elements and be reconstructed around the text.
    for name in [
        "a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt",
        "u",
    ] {
        assert_eq!(
            body(&format!("<p><{name}></{name}>x")),
            format!("|     <p>\n|       <{name}>\n|       \"x\"\n"),
            "{name}"
        );
    }
}

#[test]
fn body_end_tag_keeps_body_open() {
    // `</body>` switches to "after body"; text there goes back to "in body", into `body`.
    assert_eq!(body("<body></body>x"), "|     \"x\"\n");
}

#[test]
fn template_end_tag_takes_the_in_head_rule() {
    assert_eq!(
        body("<body><template></template><p>x"),
        "|     <template>\n|       content\n|     <p>\n|       \"x\"\n"
    );
}

#[test]
fn html_end_tag_in_a_fragment_is_ignored() {
    // The context is `body`: the `html` root is the current node, and `</html>` has no body
    // in scope, so it is ignored rather than popping the root.
    assert_eq!(
        support::parse_and_dump("x</html>y", Some("body"), false),
        "| \"xy\"\n"
    );
}

#[test]
fn other_end_tags_pop_the_current_node() {
    assert_eq!(
        body("<div><p><span></span></p><li><dd><h2></h2></dd></li></div><x-y></x-y>"),
        "|     <div>\n|       <p>\n|         <span>\n|       <li>\n|         <dd>\n|           <h2>\n|     <x-y>\n"
    );
}
