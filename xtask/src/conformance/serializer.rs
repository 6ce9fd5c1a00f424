//! The html5lib serializer suite (`serializer/*.test`), run against
//! the token-stream serializer (`token_stream.rs`).
//!
//! Each test gives a list of input tokens, options, and `expected`: a list of acceptable
//! outputs. (The older `xhtml` expectations are ignored, as html5lib's own runner does.)
//! Like html5lib's runner, attributes are serialized in alphabetical order.

use super::token_stream::{
    serialize_tokens, AttributeQuoting, QuoteChar, Token, TokenAttribute, TokenSerializerOptions,
};
use super::{file_name, files_with_suffix, FileResult, Suite};
use kauri_tokenizer::{AttrNamespace, Namespace};
use serde_json::Value;
use std::borrow::Cow;
use std::path::Path;

pub fn run(dir: &Path) -> Suite {
    let mut suite = Suite {
        name: "serializer",
        ..Suite::default()
    };
    for path in files_with_suffix(dir, ".test") {
        let file = file_name(&path);
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let json: Value = serde_json::from_str(&text).unwrap_or_default();
        let tests = json["tests"].as_array().map(Vec::as_slice).unwrap_or(&[]);
        let mut passed = 0;
        for (index, test) in tests.iter().enumerate() {
            let description = test["description"].as_str().unwrap_or("");
            match run_test(test) {
                Ok(()) => passed += 1,
                Err(why) => suite
                    .failures
                    .push(format!("{file} #{index} {description}: {why}")),
            }
        }
        suite.files.push(FileResult {
            file,
            passed,
            total: tests.len(),
        });
    }
    suite.notes.push(
        "Serializer: runs the token-stream serializer (`xtask/src/conformance/token_stream.rs`) with attributes in alphabetical \
         order (as html5lib's runner does); the `xhtml` expectations are ignored. The suite keeps \
         three rules older than the 2026 standard, which the serializer follows (marked in its \
         code): `</p>` omitted before `<datagrid>`, `</tfoot>` omitted before `<tbody>`, and \
         `irrelevant` as a boolean attribute. `escape_lt_in_attrs` needs nothing: since 2025 `<` \
         and `>` are always escaped in attribute values. See docs/serialization.md."
            .to_owned(),
    );
    suite
}

/// Runs one test: Ok when the output is one of the expected ones.
fn run_test(test: &Value) -> Result<(), String> {
    let tokens = test["input"]
        .as_array()
        .ok_or("no input")?
        .iter()
        .map(parse_token)
        .collect::<Result<Vec<_>, _>>()?;
    let options = parse_options(&test["options"])?;
    let expected: Vec<&str> = test["expected"]
        .as_array()
        .ok_or("no expected")?
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let mut out = String::new();
    serialize_tokens(&tokens, &options, &mut out);
    if expected.contains(&out.as_str()) {
        Ok(())
    } else {
        Err(format!("got {out:?}, expected one of {expected:?}"))
    }
}

fn parse_options(json: &Value) -> Result<TokenSerializerOptions, String> {
    // html5lib's runner serializes attributes alphabetically.
    let mut options = TokenSerializerOptions {
        alphabetical_attributes: true,
        ..TokenSerializerOptions::default()
    };
    let Some(map) = json.as_object() else {
        return Ok(options);
    };
    for (key, value) in map {
        let flag = || {
            value
                .as_bool()
                .ok_or(format!("option {key}: not a boolean"))
        };
        match key.as_str() {
            "quote_char" => {
                options.quote_char = Some(match value.as_str() {
                    Some("\"") => QuoteChar::Double,
                    Some("'") => QuoteChar::Single,
                    _ => return Err(format!("quote_char {value}")),
                })
            }
            "quote_attr_values" => {
                options.quote_attr_values = match value.as_bool().or(match value.as_str() {
                    Some("always") => Some(true),
                    Some("spec" | "legacy") => Some(false),
                    _ => None,
                }) {
                    Some(true) => AttributeQuoting::Always,
                    Some(false) => AttributeQuoting::WhenNeeded,
                    None => return Err(format!("quote_attr_values {value}")),
                }
            }
            "omit_optional_tags" => options.omit_optional_tags = flag()?,
            "minimize_boolean_attributes" => options.minimize_boolean_attributes = flag()?,
            "use_trailing_solidus" => options.use_trailing_solidus = flag()?,
            "space_before_trailing_solidus" => options.space_before_trailing_solidus = flag()?,
            "escape_rcdata" => options.escape_rcdata = flag()?,
            "strip_whitespace" => options.strip_whitespace = flag()?,
            "inject_meta_charset" => options.inject_meta_charset = flag()?,
            "alphabetical_attributes" => options.alphabetical_attributes = flag()?,
            "encoding" => options.encoding = value.as_str().map(str::to_owned),
            // Since the 2025 standard `<` and `>` are always escaped in attribute values, so
            // `escape_lt_in_attrs: true` asks for what the serializer does anyway.
            "escape_lt_in_attrs" if value == true => {}
            other => return Err(format!("unsupported option {other}={value}")),
        }
    }
    Ok(options)
}

fn namespace(url: &Value) -> Result<Namespace, String> {
    match url.as_str() {
        Some("http://www.w3.org/1999/xhtml") => Ok(Namespace::Html),
        Some("http://www.w3.org/2000/svg") => Ok(Namespace::Svg),
        Some("http://www.w3.org/1998/Math/MathML") => Ok(Namespace::MathMl),
        _ => Err(format!("unknown namespace {url}")),
    }
}

fn attr_namespace(url: &Value) -> Result<AttrNamespace, String> {
    match url {
        Value::Null => Ok(AttrNamespace::None),
        Value::String(s) if s == "http://www.w3.org/1999/xlink" => Ok(AttrNamespace::XLink),
        Value::String(s) if s == "http://www.w3.org/XML/1998/namespace" => Ok(AttrNamespace::Xml),
        Value::String(s) if s == "http://www.w3.org/2000/xmlns/" => Ok(AttrNamespace::Xmlns),
        _ => Err(format!("unknown attribute namespace {url}")),
    }
}

fn string(value: &Value) -> Result<Cow<'_, str>, String> {
    value
        .as_str()
        .map(Cow::Borrowed)
        .ok_or_else(|| format!("expected a string, got {value}"))
}

/// Attributes are a list of `{namespace, name, value}` objects, or `{}` for none.
fn attributes(json: &Value) -> Result<Vec<TokenAttribute<'_>>, String> {
    match json {
        Value::Array(list) => list
            .iter()
            .map(|a| {
                Ok(TokenAttribute {
                    namespace: attr_namespace(&a["namespace"])?,
                    name: string(&a["name"])?,
                    value: string(&a["value"])?,
                })
            })
            .collect(),
        Value::Object(map) if map.is_empty() => Ok(Vec::new()),
        _ => Err(format!("bad attributes {json}")),
    }
}

/// `["StartTag", ns, name, attrs]`, `["EmptyTag", name, attrs]`, `["EndTag", ns, name]`,
/// `["Comment", data]`, `["Characters", data]`, `["Doctype", name, public?, system?]`.
fn parse_token(json: &Value) -> Result<Token<'_>, String> {
    let parts = json.as_array().ok_or("token is not a list")?;
    let field = |i: usize| parts.get(i).unwrap_or(&Value::Null);
    let optional = |i: usize| parts.get(i).map(string).transpose();
    match field(0).as_str() {
        Some("StartTag") => Ok(Token::StartTag {
            namespace: namespace(field(1))?,
            name: string(field(2))?,
            attributes: attributes(field(3))?,
        }),
        Some("EmptyTag") => Ok(Token::EmptyTag {
            namespace: Namespace::Html,
            name: string(field(1))?,
            attributes: attributes(field(2))?,
        }),
        Some("EndTag") => Ok(Token::EndTag {
            namespace: namespace(field(1))?,
            name: string(field(2))?,
        }),
        Some("Comment") => Ok(Token::Comment(string(field(1))?)),
        Some("Characters") => Ok(Token::Characters(string(field(1))?)),
        Some("Doctype") => Ok(Token::Doctype {
            name: string(field(1))?,
            public_id: optional(2)?,
            system_id: optional(3)?,
        }),
        _ => Err(format!("unknown token {json}")),
    }
}
