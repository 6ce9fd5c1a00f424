//! A `SanitizerConfig` dictionary written as JSON, converted as WebIDL converts the JavaScript
//! value `JSON.parse` gives (§ sanitizerconfig, WebIDL § js-dictionary): unknown members are
//! ignored; a list member must be an array; a name is a string (a number or boolean becomes its
//! string, as `ToString` gives it) or an object with a `name`; booleans follow `ToBoolean`.

use serde_json::{Map, Value};

use crate::config::{ConfigError, SanitizerConfig, SanitizerElement, SanitizerName};

fn type_error(member: &str, expected: &'static str) -> ConfigError {
    ConfigError::Type {
        member: member.to_owned(),
        expected,
    }
}

/// JavaScript's `ToString` of a JSON scalar; objects and arrays are refused.
fn to_string(value: &Value, member: &str) -> Result<String, ConfigError> {
    match value {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(number_to_string(n)),
        Value::Bool(b) => Ok(b.to_string()),
        Value::Null => Ok("null".to_owned()),
        _ => Err(type_error(member, "a string")),
    }
}

/// JavaScript's `Number::toString` for the integers and plain decimals a config holds.
fn number_to_string(n: &serde_json::Number) -> String {
    match (n.as_i64(), n.as_f64()) {
        (Some(i), _) => i.to_string(),
        (None, Some(f)) if f.fract() == 0.0 && f.abs() < 1e21 => format!("{f:.0}"),
        _ => n.to_string(),
    }
}

/// JavaScript's `ToBoolean`.
fn to_boolean(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0 && !f.is_nan()),
        Value::String(s) => !s.is_empty(),
        Value::Array(_) | Value::Object(_) => true,
    }
}

fn list<'v>(value: &'v Value, member: &str) -> Result<&'v [Value], ConfigError> {
    match value {
        Value::Array(items) => Ok(items),
        _ => Err(type_error(member, "an array")),
    }
}

/// A `(DOMString or dictionary)` name: a dictionary needs its required `name`; `namespace` is
/// `DOMString?` (null allowed).
fn name(value: &Value, member: &str) -> Result<SanitizerName, ConfigError> {
    match value {
        Value::Object(dict) => name_from_dict(dict, member),
        // `null` converts to the dictionary type, whose required `name` is then missing.
        Value::Null | Value::Array(_) => Err(type_error(
            member,
            "a string or an object with a \"name\" string",
        )),
        scalar => Ok(SanitizerName::from(to_string(scalar, member)?.as_str())),
    }
}

fn name_from_dict(dict: &Map<String, Value>, member: &str) -> Result<SanitizerName, ConfigError> {
    let name = dict
        .get("name")
        .ok_or_else(|| type_error(&format!("{member}.name"), "present (a string)"))?;
    let name = to_string(name, &format!("{member}.name"))?;
    let namespace = match dict.get("namespace") {
        None => None,
        Some(Value::Null) => Some(None),
        Some(ns) => Some(Some(to_string(ns, &format!("{member}.namespace"))?)),
    };
    Ok(SanitizerName { name, namespace })
}

fn names(value: &Value, member: &str) -> Result<Vec<SanitizerName>, ConfigError> {
    list(value, member)?
        .iter()
        .enumerate()
        .map(|(i, item)| name(item, &format!("{member}[{i}]")))
        .collect()
}

fn element(value: &Value, member: &str) -> Result<SanitizerElement, ConfigError> {
    let Value::Object(dict) = value else {
        return name(value, member).map(SanitizerElement::from);
    };
    let mut element = SanitizerElement::from(name_from_dict(dict, member)?);
    if let Some(attributes) = dict.get("attributes") {
        element.attributes = Some(names(attributes, &format!("{member}.attributes"))?);
    }
    if let Some(remove) = dict.get("removeAttributes") {
        element.remove_attributes = Some(names(remove, &format!("{member}.removeAttributes"))?);
    }
    Ok(element)
}

/// A `(DOMString or SanitizerProcessingInstruction)` list: strings or `{"target": ...}`.
fn targets(value: &Value, member: &str) -> Result<Vec<String>, ConfigError> {
    list(value, member)?
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let at = format!("{member}[{i}]");
            match item {
                Value::Object(dict) => match dict.get("target") {
                    Some(target) => to_string(target, &format!("{at}.target")),
                    None => Err(type_error(&format!("{at}.target"), "present (a string)")),
                },
                Value::Null | Value::Array(_) => Err(type_error(
                    &at,
                    "a string or an object with a \"target\" string",
                )),
                scalar => to_string(scalar, &at),
            }
        })
        .collect()
}

/// Whether `json` is the string `"default"`, the `SanitizerPresets` value naming the built-in
/// safe default configuration.
pub(crate) fn is_default_preset(json: &str) -> bool {
    matches!(serde_json::from_str::<Value>(json), Ok(Value::String(s)) if s == "default")
}

impl SanitizerConfig {
    /// Reads a config dictionary from JSON text: `{"elements": ["p", {"name": "a",
    /// "attributes": ["href"]}], "comments": true}`. `null` is the empty dictionary. Unknown
    /// members are ignored, as WebIDL ignores them; a member of the wrong type is a
    /// [`ConfigError::Type`].
    ///
    /// ```
    /// # mod kauri { pub use kauri_dom::*; pub use kauri_sanitizer::*; }
    /// use kauri::{ConfigError, SanitizerConfig};
    /// let config = SanitizerConfig::from_json(r#"{"removeElements": ["b", 123], "comments": 0, "x": 1}"#)?;
    /// assert_eq!(config.remove_elements.unwrap()[1].name, "123");
    /// assert_eq!(config.comments, Some(false));
    /// let error = SanitizerConfig::from_json(r#"{"elements": [{"namespace": null}]}"#).unwrap_err();
    /// assert_eq!(error.to_string(), "sanitizer config member elements[0].name must be present (a string)");
    /// # Ok::<(), ConfigError>(())
    /// ```
    pub fn from_json(json: &str) -> Result<SanitizerConfig, ConfigError> {
        let value: Value =
            serde_json::from_str(json).map_err(|e| ConfigError::Json(e.to_string()))?;
        let dict = match &value {
            Value::Object(dict) => dict,
            Value::Null => return Ok(SanitizerConfig::default()),
            _ => return Err(type_error("(the config)", "an object")),
        };
        let mut config = SanitizerConfig::default();
        // WebIDL reads dictionary members in lexicographic order; each is converted or throws.
        for (key, value) in dict {
            match key.as_str() {
                "attributes" => config.attributes = Some(names(value, key)?),
                "comments" => config.comments = Some(to_boolean(value)),
                "dataAttributes" => config.data_attributes = Some(to_boolean(value)),
                "elements" => {
                    let items = list(value, key)?;
                    config.elements = Some(
                        items
                            .iter()
                            .enumerate()
                            .map(|(i, item)| element(item, &format!("elements[{i}]")))
                            .collect::<Result<_, _>>()?,
                    );
                }
                "javascriptURLs" => config.javascript_urls = Some(to_boolean(value)),
                "processingInstructions" => {
                    config.processing_instructions = Some(targets(value, key)?)
                }
                "removeAttributes" => config.remove_attributes = Some(names(value, key)?),
                "removeElements" => config.remove_elements = Some(names(value, key)?),
                "removeProcessingInstructions" => {
                    config.remove_processing_instructions = Some(targets(value, key)?)
                }
                "replaceWithChildrenElements" => {
                    config.replace_with_children_elements = Some(names(value, key)?)
                }
                _ => {}
            }
        }
        Ok(config)
    }
}
