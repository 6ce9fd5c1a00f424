/*
 * The whole-job rows of `compare jobs` on lexbor's side: CSS selection with lexbor's selectors
 * engine, serialization with its HTML serializer, text extraction, and fragment parsing, each
 * through lexbor's public API as its examples use it. Built by build.rs with lexbor itself.
 */

#include <stdlib.h>
#include <string.h>

#include <lexbor/html/html.h>
#include <lexbor/css/css.h>
#include <lexbor/selectors/selectors.h>

/* A full-document parse with the scripting flag set, as Kauri's and html5ever's defaults have it
 * (lexbor's default is off, which parses `noscript` content as markup): create and parse; NULL
 * when either fails. */
lxb_html_document_t *
kc_document_parse(const char *html, size_t len)
{
    lxb_html_document_t *document = lxb_html_document_create();
    if (document == NULL) {
        return NULL;
    }
    lxb_html_document_scripting_set(document, true);
    if (lxb_html_document_parse(document, (const lxb_char_t *) html, len) != LXB_STATUS_OK) {
        lxb_html_document_destroy(document);
        return NULL;
    }
    return document;
}

/* A CSS parser, a selectors engine and the parsed selector lists, made once per run. */
typedef struct {
    lxb_css_parser_t *parser;
    lxb_selectors_t *selectors;
    lxb_css_selector_list_t **lists;
    size_t count;
} kc_selectors_t;

/* Parses `count` selectors (`texts[i]` of `lens[i]` bytes); NULL if one does not parse. */
kc_selectors_t *
kc_selectors_create(const char *const *texts, const size_t *lens, size_t count)
{
    kc_selectors_t *s = calloc(1, sizeof(kc_selectors_t));
    if (s == NULL) {
        return NULL;
    }
    s->parser = lxb_css_parser_create();
    if (lxb_css_parser_init(s->parser, NULL) != LXB_STATUS_OK) {
        return NULL;
    }
    s->selectors = lxb_selectors_create();
    if (lxb_selectors_init(s->selectors) != LXB_STATUS_OK) {
        return NULL;
    }
    /* Each element once, as querySelectorAll returns it. */
    lxb_selectors_opt_set(s->selectors, LXB_SELECTORS_OPT_MATCH_FIRST);
    s->lists = calloc(count, sizeof(lxb_css_selector_list_t *));
    s->count = count;
    for (size_t i = 0; i < count; i++) {
        s->lists[i] = lxb_css_selectors_parse(s->parser, (const lxb_char_t *) texts[i],
                                              lens[i]);
        if (s->parser->status != LXB_STATUS_OK || s->lists[i] == NULL) {
            return NULL;
        }
    }
    return s;
}

static lxb_status_t
kc_count_match(lxb_dom_node_t *node, lxb_css_selector_specificity_t spec, void *ctx)
{
    (void) node;
    (void) spec;
    (*(size_t *) ctx)++;
    return LXB_STATUS_OK;
}

/* The number of elements of `document` that selector `index` matches. */
size_t
kc_selectors_count(kc_selectors_t *s, size_t index, lxb_html_document_t *document)
{
    size_t count = 0;
    lxb_selectors_find(s->selectors, lxb_dom_interface_node(document), s->lists[index],
                       kc_count_match, &count);
    return count;
}

/* A growing buffer that a serialization writes into, as Kauri's `to_html` fills a String. */
typedef struct {
    char *data;
    size_t len;
    size_t cap;
} kc_buffer_t;

static lxb_status_t
kc_buffer_append(const lxb_char_t *data, size_t len, void *ctx)
{
    kc_buffer_t *buf = ctx;
    if (buf->len + len > buf->cap) {
        size_t cap = buf->cap ? buf->cap * 2 : 4096;
        while (cap < buf->len + len) {
            cap *= 2;
        }
        char *grown = realloc(buf->data, cap);
        if (grown == NULL) {
            return LXB_STATUS_ERROR_MEMORY_ALLOCATION;
        }
        buf->data = grown;
        buf->cap = cap;
    }
    memcpy(buf->data + buf->len, data, len);
    buf->len += len;
    return LXB_STATUS_OK;
}

/* Serializes the document's children (lexbor's serializer) into a new buffer; returns its
 * length and frees it. */
size_t
kc_serialize_len(lxb_html_document_t *document)
{
    kc_buffer_t buf = {NULL, 0, 0};
    lxb_dom_node_t *child = lxb_dom_interface_node(document)->first_child;
    while (child != NULL) {
        lxb_html_serialize_tree_cb(child, kc_buffer_append, &buf);
        child = child->next;
    }
    free(buf.data);
    return buf.len;
}

/* The text content of the document element (every Text node below it), made and freed; returns
 * its length. */
size_t
kc_text_len(lxb_html_document_t *document)
{
    size_t len = 0;
    lxb_dom_document_t *dom = lxb_dom_interface_document(document);
    lxb_dom_element_t *root = lxb_dom_document_element(dom);
    if (root == NULL) {
        return 0;
    }
    lxb_char_t *text = lxb_dom_node_text_content(lxb_dom_interface_node(root), &len);
    if (text != NULL) {
        lxb_dom_document_destroy_text(dom, text);
    }
    return len;
}

/* A fragment parse as a caller with one string does it: a new document, a `body` context
 * element, the fragment algorithm, then everything destroyed. Returns the number of children of
 * the fragment's root. */
size_t
kc_parse_fragment(const char *html, size_t len)
{
    lxb_html_document_t *document = lxb_html_document_create();
    if (document == NULL) {
        return 0;
    }
    lxb_html_document_scripting_set(document, true);
    lxb_dom_document_t *dom = lxb_dom_interface_document(document);
    lxb_dom_element_t *body = lxb_dom_document_create_element(dom, (const lxb_char_t *) "body",
                                                              4, NULL);
    lxb_dom_node_t *root = lxb_html_document_parse_fragment(document, body,
                                                            (const lxb_char_t *) html, len);
    size_t children = 0;
    if (root != NULL) {
        for (lxb_dom_node_t *c = root->first_child; c != NULL; c = c->next) {
            children++;
        }
    }
    lxb_html_document_destroy(document);
    return children;
}
