//! `kauri.Document` and `kauri.ParseError`.

use pyo3::exceptions::{PyIndexError, PyRuntimeError};
use std::sync::{Mutex, OnceLock};

use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::edit::edit_error;
use crate::node::{self, NodePtr};
use crate::SelectorError;

/// A parsed document or fragment. It owns every node; the node objects it hands out keep it
/// alive.
#[pyclass(module = "kauri", weakref)]
pub struct Document {
    pub(crate) inner: kauri::Document,
    /// The encoding the bytes were decoded from; `None` for str input and fragments.
    encoding: Option<&'static str>,
    /// Whether `errors=True` was given (otherwise `.errors` is empty).
    keep_errors: bool,
    /// The document's URL (`url=`), if given.
    pub(crate) url: Option<kauri::Url>,
    /// The base URL and the resolving of URLs, made on first use and dropped by every edit
    /// (an edit can add or change a `<base href>`).
    urls: OnceLock<kauri::DocumentUrls>,
    /// With `locations=True`: the text the parser read, for node locations, and the line
    /// counter they share (nodes are mostly asked for in document order, which it is fast at).
    source: Option<(kauri::SourceText, Mutex<kauri::LineCounter>)>,
}

impl Document {
    pub(crate) fn new_py(
        py: Python<'_>,
        inner: kauri::Document,
        encoding: Option<&'static str>,
        keep_errors: bool,
    ) -> PyResult<Py<Document>> {
        Py::new(
            py,
            Document {
                inner,
                encoding,
                keep_errors,
                url: None,
                urls: OnceLock::new(),
                source: None,
            },
        )
    }
}

impl Document {
    /// Keeps the source text of a parse with `locations=True`.
    pub(crate) fn set_source(&mut self, source: Option<kauri::SourceText>) {
        self.source = source.map(|s| (s, Mutex::new(kauri::LineCounter::new())));
    }

    /// The location of `span`, when the document keeps its source.
    pub(crate) fn locate(&self, span: Option<kauri::Span>) -> Option<Location> {
        let (source, lines) = self.source.as_ref()?;
        let mut lines = lines
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        Some(Location(source.locate(&mut lines, span?)))
    }

    /// The location of the attribute `name` of `element` (see `kauri::SourceText`).
    pub(crate) fn locate_attribute(
        &self,
        element: &kauri::Node<'_>,
        name: &str,
    ) -> Option<Location> {
        let (source, _) = self.source.as_ref()?;
        self.locate(Some(source.attribute_span(element, name)?))
    }

    /// Called by every edit: what was computed from the tree is out of date.
    pub(crate) fn edited(&mut self) {
        self.urls = OnceLock::new();
    }

    /// The document's URLs (see `kauri::DocumentUrls`).
    pub(crate) fn urls(&self) -> &kauri::DocumentUrls {
        self.urls
            .get_or_init(|| kauri::DocumentUrls::new(&self.inner, self.url.clone()))
    }

    /// Runs `make` in an edit of `slf` and wraps the node it made.
    fn create(
        slf: &Bound<'_, Self>,
        make: impl for<'a> FnOnce(&kauri::Editor<'a>) -> Result<&'a kauri::Node<'a>, kauri::EditError>,
    ) -> PyResult<Py<PyAny>> {
        let ptr = {
            let mut doc = slf.try_borrow_mut().map_err(|_| {
                PyRuntimeError::new_err("the document is being read and cannot be edited now")
            })?;
            doc.edited();
            doc.inner
                .edit(|ed| make(ed).map(|n| NodePtr::new(n)))
                .map_err(edit_error)?
        };
        let doc = slf.borrow();
        node::wrap(slf.py(), slf.as_unbound(), ptr.get(&doc))
    }
}

/// Parses `css`, or raises `kauri.SelectorError` naming the selector and the problem.
pub(crate) fn selector(css: &str) -> PyResult<kauri::Selector> {
    kauri::Selector::parse(css)
        .map_err(|err| SelectorError::new_err(format!("invalid CSS selector {css:?}: {err}")))
}

#[pymethods]
impl Document {
    /// The root node: the Document node, or the DocumentFragment of a fragment parse.
    #[getter]
    fn root(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let doc = slf.borrow();
        node::wrap(slf.py(), slf.as_unbound(), doc.inner.root())
    }

    /// The name of the encoding the bytes were decoded from (`"UTF-8"`, `"windows-1252"`,
    /// ...); `None` when the input was a str or a fragment.
    #[getter]
    fn encoding(&self) -> Option<&'static str> {
        self.encoding
    }

    /// `"no-quirks"`, `"quirks"` or `"limited-quirks"`.
    #[getter]
    fn quirks_mode(&self) -> &'static str {
        match self.inner.quirks_mode() {
            kauri::QuirksMode::NoQuirks => "no-quirks",
            kauri::QuirksMode::Quirks => "quirks",
            kauri::QuirksMode::LimitedQuirks => "limited-quirks",
        }
    }

    /// Whether this is a fragment parse (`kauri.parse_fragment`).
    #[getter]
    fn is_fragment(&self) -> bool {
        self.inner.is_fragment()
    }

    /// The parse errors in input order (empty unless parsed with `errors=True`).
    #[getter]
    fn errors(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        let list = PyList::empty(py);
        if self.keep_errors {
            for err in self.inner.errors() {
                list.append(ParseError {
                    code: err.code.as_str(),
                    line: err.line,
                    col: err.col,
                    offset: err.offset,
                })?;
            }
        }
        Ok(list.unbind())
    }

    /// A new element, not yet in the tree (the DOM's `createElement`: the tag is lowercased),
    /// with the attributes of `attrs` (a mapping or `(name, value)` pairs) set in order. Insert
    /// it with `append`, `insert_before`, ... Raises `EditError` for an invalid name.
    #[pyo3(signature = (tag, attrs=None))]
    fn create_element(
        slf: &Bound<'_, Self>,
        tag: &Bound<'_, PyAny>,
        attrs: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let tag = node::str_argument("tag", tag)?;
        let mut pairs = Vec::new();
        if let Some(attrs) = attrs.filter(|a| !a.is_none()) {
            let items = if attrs.hasattr("items")? {
                attrs.call_method0("items")?
            } else {
                attrs.clone()
            };
            for pair in items.try_iter()? {
                let (name, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = pair?.extract()?;
                pairs.push((
                    node::str_argument("attribute name", &name)?,
                    node::str_argument("attribute value", &value)?,
                ));
            }
        }
        Self::create(slf, |ed| {
            let element = ed.create_element(&tag)?;
            for (name, value) in &pairs {
                ed.set_attribute(element, name, value)?;
            }
            Ok(element)
        })
    }

    /// A new Text node, not yet in the tree (the DOM's `createTextNode`).
    fn create_text_node(slf: &Bound<'_, Self>, data: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let data = node::str_argument("data", data)?;
        Self::create(slf, |ed| Ok(ed.create_text_node(&data)))
    }

    /// A new Comment node, not yet in the tree (the DOM's `createComment`).
    fn create_comment(slf: &Bound<'_, Self>, data: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let data = node::str_argument("data", data)?;
        Self::create(slf, |ed| Ok(ed.create_comment(&data)))
    }

    /// The `html` element, if any.
    #[getter]
    fn document_element(slf: &Bound<'_, Self>) -> PyResult<Option<Py<PyAny>>> {
        let doc = slf.borrow();
        node::wrap_opt(slf.py(), slf.as_unbound(), doc.inner.document_element())
    }

    /// The `head` element, if any.
    #[getter]
    fn head(slf: &Bound<'_, Self>) -> PyResult<Option<Py<PyAny>>> {
        let doc = slf.borrow();
        node::wrap_opt(slf.py(), slf.as_unbound(), doc.inner.head())
    }

    /// The `body` element, if any.
    #[getter]
    fn body(slf: &Bound<'_, Self>) -> PyResult<Option<Py<PyAny>>> {
        let doc = slf.borrow();
        node::wrap_opt(slf.py(), slf.as_unbound(), doc.inner.body())
    }

    /// The document's title as the DOM's `document.title` gives it: the first HTML `title`
    /// element's text with whitespace collapsed and trimmed; `""` when there is none.
    #[getter]
    fn title(&self) -> String {
        kauri::title(&self.inner)
    }

    /// The `href` of every `a` and `area` element that has one, in document order: as written,
    /// or with `absolute=True` resolved against the base URL as the DOM's `href` getter does
    /// (a value that is not a valid URL stays as written).
    #[pyo3(signature = (*, absolute=false))]
    fn links(&self, py: Python<'_>, absolute: bool) -> PyResult<Py<PyList>> {
        if absolute {
            Ok(PyList::new(py, self.urls().links(&self.inner))?.unbind())
        } else {
            Ok(PyList::new(py, kauri::links(&self.inner))?.unbind())
        }
    }

    /// The document's URL, as given to `parse(url=...)`, or `None`.
    #[getter]
    fn url(&self) -> Option<String> {
        self.url.as_ref().map(|url| url.to_string())
    }

    /// The base URL (§ document-base-url): the first `<base href>`, resolved against the
    /// document's URL, else the document's URL; `about:blank` when parsed without `url=`.
    #[getter]
    fn base_url(&self) -> String {
        self.urls().base().to_string()
    }

    /// `url` resolved against the base URL, as the standard parses URLs (the document's
    /// encoding for the query), or `None` when it is not a valid URL there.
    fn resolve_url(&self, url: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let url = node::str_argument("url", url)?;
        Ok(self.urls().resolve(&url).map(String::from))
    }

    /// The elements matching the CSS selector, in document order.
    fn select(slf: &Bound<'_, Self>, css: &str) -> PyResult<Py<PyList>> {
        let selector = selector(css)?;
        let doc = slf.borrow();
        node::wrap_all(slf.py(), slf.as_unbound(), doc.inner.select(&selector))
    }

    /// The first element matching the CSS selector, or `None`.
    fn select_one(slf: &Bound<'_, Self>, css: &str) -> PyResult<Option<Py<PyAny>>> {
        let selector = selector(css)?;
        let doc = slf.borrow();
        node::wrap_opt(
            slf.py(),
            slf.as_unbound(),
            doc.inner.select_first(&selector),
        )
    }

    /// The text a reader sees: no head, scripts or styles; block elements on lines of their
    /// own; whitespace collapsed.
    fn readable_text(&self) -> String {
        self.inner.readable_text()
    }

    /// The concatenated data of every Text node.
    #[getter]
    fn text(&self) -> String {
        self.inner.text_content()
    }

    /// The HTML serialization of the whole tree.
    fn to_html(&self) -> String {
        self.inner.to_html()
    }

    /// The tree in the html5lib tests' format (`| <html>` lines).
    fn to_test_tree(&self) -> String {
        self.inner.to_test_tree()
    }

    /// The tree as JSON (Kauri's format, as `kauri parse --format json` prints it).
    #[pyo3(signature = (*, errors=false, locations=false))]
    fn to_json(&self, errors: bool, locations: bool) -> String {
        self.inner.to_json_with(errors, locations)
    }

    fn __repr__(&self) -> String {
        let kind = if self.inner.is_fragment() {
            "fragment"
        } else {
            "document"
        };
        match self.encoding {
            Some(encoding) => format!("<kauri.Document {kind} encoding={encoding:?}>"),
            None => format!("<kauri.Document {kind}>"),
        }
    }

    /// The children of the root node.
    fn __iter__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let doc = slf.borrow();
        let list = node::wrap_all(slf.py(), slf.as_unbound(), doc.inner.root().children())?;
        Ok(list.bind(slf.py()).try_iter()?.into_any().unbind())
    }
}

/// One parse error: the standard's code, the line and column (1-based, columns in UTF-16
/// code units), and the byte offset into the decoded text. Unpacks as `(code, line, col)`.
#[pyclass(module = "kauri", frozen)]
pub struct ParseError {
    #[pyo3(get)]
    code: &'static str,
    #[pyo3(get)]
    line: u32,
    #[pyo3(get)]
    col: u32,
    #[pyo3(get)]
    offset: usize,
}

impl ParseError {
    fn triple<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (self.code, self.line, self.col).into_pyobject(py)
    }
}

#[pymethods]
impl ParseError {
    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(self.triple(py)?.try_iter()?.into_any().unbind())
    }

    fn __len__(&self) -> usize {
        3
    }

    fn __getitem__(&self, py: Python<'_>, index: isize) -> PyResult<Py<PyAny>> {
        let index = if index < 0 { index + 3 } else { index };
        match index {
            0 => Ok(self.code.into_pyobject(py)?.into_any().unbind()),
            1 => Ok(self.line.into_pyobject(py)?.into_any().unbind()),
            2 => Ok(self.col.into_pyobject(py)?.into_any().unbind()),
            _ => Err(PyIndexError::new_err("ParseError index out of range")),
        }
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(other) = other.cast::<ParseError>() {
            let other = other.get();
            return Ok((self.code, self.line, self.col, self.offset)
                == (other.code, other.line, other.col, other.offset));
        }
        if other.cast::<PyTuple>().is_ok() {
            return self.triple(py)?.eq(other);
        }
        Ok(false)
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.triple(py)?.hash()
    }

    fn __repr__(&self) -> String {
        format!(
            "ParseError(code={:?}, line={}, col={})",
            self.code, self.line, self.col
        )
    }

    fn __str__(&self) -> String {
        format!("({},{}): {}", self.line, self.col, self.code)
    }
}

/// Where a node is in the page (parsed with `locations=True`): `start` and `end`, byte offsets
/// into the original input (the bytes given to `parse`, or the UTF-8 form of a str), and the
/// `line` and `col` of the start and `end_line` and `end_col` of the end, counted as parse
/// errors count them (1-based; columns in UTF-16 code units).
#[pyclass(module = "kauri", frozen)]
pub struct Location(kauri::Location);

#[pymethods]
impl Location {
    #[getter]
    fn start(&self) -> usize {
        self.0.start
    }

    #[getter]
    fn end(&self) -> usize {
        self.0.end
    }

    #[getter]
    fn line(&self) -> u32 {
        self.0.line
    }

    #[getter]
    fn col(&self) -> u32 {
        self.0.col
    }

    #[getter]
    fn end_line(&self) -> u32 {
        self.0.end_line
    }

    #[getter]
    fn end_col(&self) -> u32 {
        self.0.end_col
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Location>().is_ok_and(|o| o.get().0 == self.0)
    }

    fn __repr__(&self) -> String {
        let l = &self.0;
        format!(
            "Location(start={}, end={}, line={}, col={}, end_line={}, end_col={})",
            l.start, l.end, l.line, l.col, l.end_line, l.end_col
        )
    }
}
