//! Formatting element end tags (§ parsing-main-inbody, the adoption agency algorithm).
//!
//! `TreeBuilder::adoption_agency` closes the current node at once when it is the HTML element
//! with the end tag's name and the last entry of the list of active formatting elements is
//! its entry (steps 2 and 4.3 to 4.8 then pop it and remove that entry). Each case below sits
//! at the edge of that shortcut: the current node has the name but the last entry belongs to
//! another element, or the entry is another element with the same name, so that a shortcut
//! taken too often changes a tree here. `TreeBuilder::in_body_end_tag_of_current_node` takes
//! the same shortcut for an "in body" end tag before the dispatcher's rules (the tests below
//! the first four pin that it leaves nothing behind and that other modes keep their rules).

mod support;

use support::body_dump as body;

#[test]
fn end_tag_of_the_current_node_and_its_last_entry() {
    // The shortcut's case: the inner `b` is closed, the text goes into the outer one.
    assert_eq!(
        body("<b><b></b>x"),
        "|     <b>\n|       <b>\n|       \"x\"\n"
    );
}

#[test]
fn last_entry_of_another_element_after_the_current_node_s() {
    // `</p>` closes the `i` (its entry stays); `</b>` closes `b` and removes its entry from
    // the middle of the list; the text reconstructs the `i` alone.
    assert_eq!(
        body("<b><p><i></p></b>x"),
        "|     <b>\n|       <p>\n|         <i>\n|     <i>\n|       \"x\"\n"
    );
}

#[test]
fn last_entry_of_a_closed_element_with_the_same_name() {
    // The last `b` entry is the inner `b`, closed by `</p>`: step 4.4 removes that entry and
    // returns, so the outer `b`, the current node, stays open and holds the text.
    assert_eq!(
        body("<b><p><b></p></b>x"),
        "|     <b>\n|       <p>\n|         <b>\n|       \"x\"\n"
    );
}

#[test]
fn current_node_not_in_the_list() {
    // The fourth equal `b` pushes the first one's entry out (the Noah's Ark clause); the
    // end tags then close the fourth, third and second `b` through their entries, and the
    // first one, no longer in the list, by step 2.
    assert_eq!(
        body("<b><b><b><b></b></b></b></b>x"),
        "|     <b>\n|       <b>\n|         <b>\n|           <b>\n|     \"x\"\n"
    );
}

#[test]
fn nested_shortcuts_leave_no_entries() {
    // Both end tags take the shortcut; were an entry left in the list, the text after them
    // would reconstruct a `b` or an `i` around itself.
    assert_eq!(
        body("<b><i>1</i>2</b>3<a>4</a>5"),
        "|     <b>\n|       <i>\n|         \"1\"\n|       \"2\"\n|     \"3\"\n\
         |     <a>\n|       \"4\"\n|     \"5\"\n"
    );
}

#[test]
fn in_cell_the_same_tree() {
    // "In cell" hands the end tag to the "in body" rules through the dispatcher, not the
    // shortcut: the same tree.
    assert_eq!(
        body("<table><tr><td><b>1</b>2</td></tr></table>3"),
        "|     <table>\n|       <tbody>\n|         <tr>\n|           <td>\n\
         |             <b>\n|               \"1\"\n|             \"2\"\n|     \"3\"\n"
    );
}
