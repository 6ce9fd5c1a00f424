//! `kauri sanitize`: the default config, --config (inline JSON and a file), --context, --unsafe,
//! the exit statuses, and the output's fixpoint through a second run.

mod common;

use common::kauri;

/// Exit status 0: the output.
fn ok(args: &[&str], stdin: &str) -> String {
    let out = kauri(args, stdin.as_bytes());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Exit status 2 and exactly one line on stderr, nothing on stdout.
fn usage_error(args: &[&str], stdin: &str) -> String {
    let out = kauri(args, stdin.as_bytes());
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
    assert!(out.stdout.is_empty());
    err
}

#[test]
fn default_config_removes_script_handlers_and_javascript_urls() {
    let out = ok(
        &["sanitize"],
        r#"<p onclick="x()">Hi <a href="javascript:y()">you</a><script>z()</script><img src=x onerror=alert(1)>"#,
    );
    assert_eq!(out, "<p>Hi <a>you</a></p>");
    // `-` is standard input too.
    assert_eq!(ok(&["sanitize", "-"], "<b>b</b>"), "<b>b</b>");
}

#[test]
fn config_inline_and_from_a_file() {
    let config = r#"{"elements": ["p", {"name": "a", "attributes": ["href"]}], "comments": true}"#;
    let input = r#"<p title=t>x<!--c--><a href="/y" rel=r>y</a><i>z</i></p>"#;
    // No `attributes` allow-list: the p keeps its title; the a keeps only its own href.
    let expected = r#"<p title="t">x<!--c--><a href="/y">y</a></p>"#;
    assert_eq!(ok(&["sanitize", "--config", config], input), expected);
    let dir = std::env::temp_dir().join(format!("kauri-sanitize-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("policy.json");
    std::fs::write(&file, config).unwrap();
    let page = dir.join("in.html");
    std::fs::write(&page, input).unwrap();
    let out = ok(
        &[
            "sanitize",
            page.to_str().unwrap(),
            "--config",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out, expected);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn context_and_unsafe() {
    assert_eq!(
        ok(&["sanitize", "--context", "tr"], "<td>1<td>2"),
        "<td>1</td><td>2</td>"
    );
    assert_eq!(
        ok(
            &["sanitize", "--context", "svg g"],
            "<rect width=1 onclick=x>"
        ),
        r#"<rect width="1"></rect>"#
    );
    // A script context: setHTML does nothing.
    assert_eq!(ok(&["sanitize", "--context", "script"], "x<b>y"), "");
    // --unsafe without a config keeps everything; with one, applies it as written.
    assert_eq!(
        ok(
            &["sanitize", "--unsafe"],
            "<p onclick=x>a<script>s</script>"
        ),
        r#"<p onclick="x">a<script>s</script></p>"#
    );
    assert_eq!(
        ok(
            &[
                "sanitize",
                "--unsafe",
                "--config",
                r#"{"removeElements": ["script"]}"#
            ],
            "<p onclick=x>a<script>s</script>"
        ),
        r#"<p onclick="x">a</p>"#
    );
    // The safe method removes the script whatever the config allows.
    assert_eq!(
        ok(
            &[
                "sanitize",
                "--config",
                r#"{"elements": ["p", "script"], "attributes": ["onclick"]}"#
            ],
            "<p onclick=x>a<script>s</script>"
        ),
        "<p>a</p>"
    );
}

#[test]
fn bad_configs_exit_2_with_one_line() {
    let err = usage_error(
        &[
            "sanitize",
            "--config",
            r#"{"elements": ["div"], "removeElements": ["div"]}"#,
        ],
        "x",
    );
    assert!(
        err.contains("invalid sanitizer config") && err.contains("removeElements"),
        "{err}"
    );
    let err = usage_error(&["sanitize", "--config", r#"{"elements": 1}"#], "x");
    assert!(err.contains("elements must be an array"), "{err}");
    let err = usage_error(&["sanitize", "--config", "{not json"], "x");
    assert!(err.contains("not JSON"), "{err}");
    let err = usage_error(&["sanitize", "--config", "/no/such/policy.json"], "x");
    assert!(err.contains("cannot read the config file"), "{err}");
    let err = usage_error(
        &[
            "sanitize",
            "--config",
            r#"{"replaceWithChildrenElements": ["html"]}"#,
        ],
        "x",
    );
    assert!(err.contains("replaceWithChildrenElements"), "{err}");
    usage_error(&["sanitize", "--context", ""], "x");
    usage_error(&["sanitize", "/no/such/input.html"], "");
}

#[test]
fn output_is_a_fixpoint_through_the_command_line() {
    let permissive = r#"{"elements": ["form", "math", "mtext", "mglyph", "style", "noscript", "img", "table", "p"], "attributes": ["src"]}"#;
    for input in [
        "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
        "<noscript><style></noscript><img src=x onerror=alert(1)></style></noscript>",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    ] {
        let once = ok(&["sanitize", "--config", permissive], input);
        let twice = ok(&["sanitize", "--config", permissive], &once);
        assert_eq!(once, twice, "{input}");
        assert!(!once.contains("onerror"), "{input} -> {once}");
    }
}
