//! `kauri.sanitize` and `kauri.Sanitizer`: the HTML standard's sanitizer (`setHTML`) from
//! Python. A config is the standard's `SanitizerConfig` dictionary, as a `dict` or its JSON
//! text; sanitizing runs with the interpreter detached.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::{text_of, FragmentContextError, SanitizerConfigError};

/// The context element named as `parse_fragment` names it (`"div"`, `"td"`, `"svg g"`).
fn context(name: &str) -> PyResult<kauri::FragmentContext> {
    name.parse()
        .map_err(|e: kauri::ContextError| FragmentContextError::new_err(e.to_string()))
}

/// The JSON text of a config given as a `dict` (through Python's `json`), or as JSON text.
fn config_json(py: Python<'_>, config: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = config.cast::<PyString>() {
        return Ok(crate::text_of(text)?.into_owned());
    }
    if config.is_instance_of::<PyDict>() {
        let json = py.import("json")?;
        return json.call_method1("dumps", (config,))?.extract();
    }
    Err(SanitizerConfigError::new_err(
        "a sanitizer config is a dict (or its JSON text) in the SanitizerConfig shape, e.g. {\"elements\": [\"p\", \"b\"]}",
    ))
}

/// The sanitizer a `config=` or `sanitizer=` argument names: a `Sanitizer` as it is, or a
/// `SanitizerConfig` dict (or its JSON text), made for the safe methods (`setHTML`) when
/// `safe`; `None` for `None`.
pub(crate) fn sanitizer_argument(
    py: Python<'_>,
    config: Option<&Bound<'_, PyAny>>,
    safe: bool,
) -> PyResult<Option<kauri::Sanitizer>> {
    let Some(config) = config.filter(|c| !c.is_none()) else {
        return Ok(None);
    };
    if let Ok(sanitizer) = config.extract::<PyRef<'_, Sanitizer>>() {
        return Ok(Some(sanitizer.inner.clone()));
    }
    let json = config_json(py, config)?;
    let sanitizer = if safe {
        kauri::Sanitizer::from_json_for_safe_methods(&json)
    } else {
        kauri::Sanitizer::from_json(&json)
    };
    sanitizer.map(Some).map_err(config_error)
}

fn config_error(error: kauri::ConfigError) -> PyErr {
    SanitizerConfigError::new_err(error.to_string())
}

/// Sanitizes `html` as the children of a `context` element (`element.setHTML(html,
/// {sanitizer: config})`) and returns the serialization. `config=None` is the built-in safe
/// default configuration; a dict is a `SanitizerConfig` as `setHTML` takes one (comments and
/// `data-*` attributes dropped unless it keeps them); a `Sanitizer` is used as it is. Script,
/// event handlers and `javascript:` URLs are always removed. The result parses back, in the
/// same context, to the tree that was serialized.
#[pyfunction]
#[pyo3(signature = (html, /, config=None, context="div"))]
pub fn sanitize(
    py: Python<'_>,
    html: &Bound<'_, PyString>,
    config: Option<&Bound<'_, PyAny>>,
    context: &str,
) -> PyResult<String> {
    let ctx = self::context(context)?;
    let sanitizer = sanitizer_argument(py, config, true)?.unwrap_or_default();
    let text = text_of(html)?;
    Ok(py.detach(|| sanitizer.sanitize_for(&text, ctx.name())))
}

/// A sanitizer made from a `SanitizerConfig` (`new Sanitizer(config)`): a dict or its JSON
/// text; `None` is the built-in safe default configuration. An invalid config raises
/// `SanitizerConfigError` saying what is wrong.
#[pyclass(module = "kauri", frozen)]
pub struct Sanitizer {
    inner: kauri::Sanitizer,
}

impl Sanitizer {
    /// The safe (`setHTML`) or unsafe (`setHTMLUnsafe`) method, with the interpreter detached.
    fn run(
        &self,
        py: Python<'_>,
        html: &Bound<'_, PyString>,
        context: &str,
        safe: bool,
    ) -> PyResult<String> {
        let ctx = self::context(context)?;
        let text = text_of(html)?;
        Ok(py.detach(|| {
            if safe {
                self.inner.sanitize_for(&text, ctx.name())
            } else {
                self.inner.sanitize_unsafe_for(&text, ctx.name())
            }
        }))
    }
}

#[pymethods]
impl Sanitizer {
    #[new]
    #[pyo3(signature = (config=None))]
    fn new(py: Python<'_>, config: Option<&Bound<'_, PyAny>>) -> PyResult<Sanitizer> {
        let inner = match config {
            None => kauri::Sanitizer::default(),
            Some(c) if c.is_none() => kauri::Sanitizer::default(),
            Some(c) => kauri::Sanitizer::from_json(&config_json(py, c)?).map_err(config_error)?,
        };
        Ok(Sanitizer { inner })
    }

    /// `setHTML`: the safe method (script, event handlers and `javascript:` URLs removed
    /// whatever the config allows); returns the serialization.
    #[pyo3(signature = (html, /, context="div"))]
    fn sanitize(
        &self,
        py: Python<'_>,
        html: &Bound<'_, PyString>,
        context: &str,
    ) -> PyResult<String> {
        self.run(py, html, context, true)
    }

    /// `setHTMLUnsafe`: the config applied as written; returns the serialization.
    #[pyo3(signature = (html, /, context="div"))]
    fn sanitize_unsafe(
        &self,
        py: Python<'_>,
        html: &Bound<'_, PyString>,
        context: &str,
    ) -> PyResult<String> {
        self.run(py, html, context, false)
    }

    fn __repr__(&self) -> String {
        "<kauri.Sanitizer>".to_owned()
    }
}
