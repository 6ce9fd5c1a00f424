//! The adoption agency algorithm (§ parsing-main-inbody, "in body"), with the standard's step
//! numbers.

use crate::formatting::Entry;
use crate::sink::{NodeOrText, TreeSink};
use crate::tag_sets::SPECIAL;
use crate::tree_builder::TreeBuilder;
use kauri_tokenizer::{ErrorCode, LocalName, Namespace, QualName};

impl<S: TreeSink> TreeBuilder<S> {
    /// Runs the adoption agency algorithm for a token whose tag name is `subject`. Inline,
    /// for the usual case's shortcut; the steps are [`TreeBuilder::adoption_agency_steps`].
    #[inline]
    pub(crate) fn adoption_agency(&mut self, subject: &LocalName) {
        // The usual case first (`</b>` closing the `<b>` just opened): the current node is the
        // HTML element subject and the last entry of the list is its entry. Then step 2 does
        // not apply (it is in the list), 4.3 finds that entry (the last element after the
        // last marker with the tag name subject), and 4.4 to 4.8 pop it and remove the entry,
        // as in the shortcut below: done here without the scans of steps 2 and 4.3.
        if self.open.current().is_some_and(|cur| cur.is_html(subject))
            && self.pop_current_with_its_entry()
        {
            return;
        }
        self.adoption_agency_steps(subject);
    }

    /// The adoption agency's usual case, for a current node that is the HTML element with the
    /// tag name subject: when the last entry of the list of active formatting elements is the
    /// current node's, pops it and removes that entry (steps 4.3 to 4.8 as they end for it)
    /// and returns true; otherwise does nothing and returns false.
    #[inline(always)]
    pub(crate) fn pop_current_with_its_entry(&mut self) -> bool {
        let (Some(cur), Some(Entry::Element { id, .. })) =
            (self.open.current(), self.active.entries.last())
        else {
            return false;
        };
        if cur.id != *id {
            return false;
        }
        self.pop();
        self.active.remove_last();
        true
    }

    /// The adoption agency algorithm's steps (after [`TreeBuilder::adoption_agency`]'s
    /// shortcut for the usual case).
    #[inline(never)]
    fn adoption_agency_steps(&mut self, subject: &LocalName) {
        // 2. If the current node is an HTML element whose tag name is subject, and it is not
        //    in the list of active formatting elements, pop it and return.
        if let Some(cur) = self.open.current() {
            if cur.is_html(subject) && !self.active.is_listed(cur.id) {
                self.pop();
                return;
            }
        }
        // 3. Let outerLoopCounter be 0.
        let mut outer_loop_counter = 0;
        // 4. While true:
        loop {
            // 4.1. If outerLoopCounter >= 8, return.
            if outer_loop_counter >= 8 {
                return;
            }
            // 4.2. Increment outerLoopCounter.
            outer_loop_counter += 1;
            // 4.3. formattingElement: the last element in the list after the last marker with
            //      the tag name subject. If there is none, act as "any other end tag" and
            //      return (2026: the return leaves only this algorithm).
            let Some(fe_list_idx) = self.active.last_after_marker(subject) else {
                self.any_other_end_tag(subject);
                return;
            };
            let (fe_handle, fe_id) = match &self.active.entries[fe_list_idx] {
                Entry::Element { handle, id, .. } => (handle.clone(), *id),
                Entry::Marker => unreachable!("last_after_marker returns elements"),
            };
            // 4.4 to 4.8 when formattingElement is the current node (`</b>` closing the `<b>`
            // just opened, the usual case): it is in the stack (4.4) and in scope (4.5: the
            // current node always is), it is the current node (4.6: no error), and no element
            // is lower in the stack (4.7: no furthestBlock), so 4.8 pops it and removes it from
            // the list, at the index 4.3 found. (An id names one stack entry, and an element
            // has at most one entry in the list.)
            if self.open.current().is_some_and(|cur| cur.id == fe_id) {
                self.pop();
                self.active.remove(fe_list_idx);
                return;
            }
            // 4.4. Not in the stack: parse error; remove it from the list; return.
            let Some(fe_stack_idx) = self.open.position(&fe_handle) else {
                self.error(ErrorCode::AdoptionAgencyFormattingElementNotOpen);
                self.active.remove(fe_list_idx);
                return;
            };
            // 4.5. In the stack but not in scope: parse error; return.
            if !self.open.handle_in_scope(&fe_handle) {
                self.error(ErrorCode::AdoptionAgencyFormattingElementNotInScope);
                return;
            }
            // 4.6. Not the current node: parse error (but do not return).
            if fe_stack_idx != self.open.len() - 1 {
                self.error(ErrorCode::AdoptionAgencyMisnested);
            }
            // 4.7. furthestBlock: the topmost special element lower in the stack than
            //      formattingElement.
            let furthest_block_idx =
                (fe_stack_idx + 1..self.open.len()).find(|&i| self.open.get(i).has(SPECIAL));
            // 4.8. No furthestBlock: pop up to and including formattingElement, remove it
            //      from the list, return.
            let Some(mut fb_idx) = furthest_block_idx else {
                self.pop_to_len(fe_stack_idx);
                self.active.remove_element(fe_id);
                return;
            };
            let furthest_block = self.open.get(fb_idx).handle.clone();
            // 4.9. commonAncestor: the element immediately above formattingElement.
            let common_ancestor_idx = fe_stack_idx - 1;
            // 4.10. The bookmark: an insertion index into the list (initially just before
            //       formattingElement, which is removed in step 4.20).
            let mut bookmark = fe_list_idx;
            // 4.11. node and lastNode are furthestBlock.
            let mut node_idx = fb_idx;
            let mut last_node = furthest_block.clone();
            // 4.12. innerLoopCounter = 0.
            let mut inner_loop_counter = 0;
            // 4.13. While true:
            loop {
                // 4.13.1.
                inner_loop_counter += 1;
                // 4.13.2. node := the element immediately above node (the index works whether
                //         or not node was removed from the stack).
                node_idx -= 1;
                let node_handle = self.open.get(node_idx).handle.clone();
                // 4.13.3. If node is formattingElement, break.
                if node_handle == fe_handle {
                    break;
                }
                let node_id = self.open.get(node_idx).id;
                let mut node_list_idx = self.active.position(node_id);
                // 4.13.4. innerLoopCounter > 3 and node in the list: remove it from the list.
                if inner_loop_counter > 3 {
                    if let Some(i) = node_list_idx {
                        self.active.remove(i);
                        if i < bookmark {
                            bookmark -= 1;
                        }
                        node_list_idx = None;
                    }
                }
                // 4.13.5. Node not in the list: remove it from the stack; continue.
                let Some(node_list_idx) = node_list_idx else {
                    self.remove_from_stack(node_idx);
                    fb_idx -= 1;
                    continue;
                };
                // 4.13.6. Create an element for the token node was created for; replace node
                //         in the list and the stack; node := the new element.
                let (name, attrs) = self.entry_token(node_list_idx);
                let class = self.open.classify(Namespace::Html, &name, &attrs);
                let new = self.create_html_element(&name, attrs);
                let entry = self
                    .open
                    .fresh(new.clone(), Namespace::Html, name.clone(), class);
                self.active
                    .set_element(node_list_idx, new.clone(), entry.id);
                self.open.replace(node_idx, entry);
                // 4.13.7. lastNode is furthestBlock: move the bookmark after the new node.
                if last_node == furthest_block {
                    bookmark = node_list_idx + 1;
                }
                // 4.13.8. Append lastNode to node.
                self.sink.detach(&last_node);
                self.sink.append(&new, NodeOrText::Node(last_node.clone()));
                // 4.13.9. lastNode := node.
                last_node = new;
            }
            // 4.14. (target, refNode) := the adjusted insertion location given
            //       (commonAncestor, null).
            let place = self.appropriate_place_for(common_ancestor_idx);
            // 4.15. If lastNode has a parent, remove it.
            self.sink.detach(&last_node);
            // 4.16. Insert lastNode at that location (the guards always hold without scripts).
            self.insert_at(place, NodeOrText::Node(last_node));
            // 4.17. Create an element for the token formattingElement was created for.
            let fe_pos = self
                .active
                .position(fe_id)
                .expect("formattingElement is still in the list");
            let (fe_name, fe_attrs) = self.entry_token(fe_pos);
            let class = self.open.classify(Namespace::Html, &fe_name, &fe_attrs);
            let new = self.create_html_element(&fe_name, fe_attrs);
            let entry = self
                .open
                .fresh(new.clone(), Namespace::Html, fe_name, class);
            // 4.18. Move all children of furthestBlock to the new element.
            self.sink.reparent_children(&furthest_block, &new);
            // 4.19. Append the new element to furthestBlock.
            self.sink
                .append(&furthest_block, NodeOrText::Node(new.clone()));
            // 4.20. Remove formattingElement from the list; insert the new element at the
            //       bookmark (a position counted with formattingElement still in the list).
            let mut fe_entry = self.active.remove(fe_pos);
            if fe_pos < bookmark {
                bookmark -= 1;
            }
            fe_entry.set_element(new, entry.id);
            self.active.insert(bookmark, fe_entry);
            // 4.21. Remove formattingElement from the stack; insert the new element right
            //       below furthestBlock.
            if let Some(i) = self.open.position(&fe_handle) {
                self.remove_from_stack(i);
                if i < fb_idx {
                    fb_idx -= 1;
                }
            }
            self.open.insert(fb_idx + 1, entry);
        }
    }

    /// "Create an element for the token" in the HTML namespace (not inserted), from the token's
    /// name and attributes as [`TreeBuilder::entry_token`] gives them back. The clone gets no
    /// span of its own: no single tag created it.
    fn create_html_element(
        &mut self,
        name: &LocalName,
        mut attrs: Vec<kauri_tokenizer::Attribute>,
    ) -> S::Handle {
        // A copy of a token's list, or of an element's: distinct already, so `dedup` only
        // checks.
        let attrs = kauri_tokenizer::DistinctAttrs::dedup(&mut attrs);
        self.sink
            .create_element(QualName::html(name.clone()), attrs)
    }
}
