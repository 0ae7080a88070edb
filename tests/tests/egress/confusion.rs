//! URL confusion: parser differentials, userinfo, backslashes, IDN, schemes and ports. Every
//! case is decided on the WHATWG parse, which is also what the HTTP client connects to.
//! `evil.trove.test` and `ports.trove.test` resolve to 127.0.0.1 and every URL names the
//! forbidden port, so a request that got through would be counted there.

use serde_json::json;

use super::support::*;

refuses!(userinfo_allowlisted_name_before_at, |w| w.forbidden_url("api.trove.test@evil.trove.test", "/"), not_allowed("evil.trove.test"));
refuses!(userinfo_with_password_confusion, |w| w.forbidden_url("api.trove.test:443@evil.trove.test", "/"), not_allowed("evil.trove.test"));
refuses!(userinfo_encoded_slash, |w| w.forbidden_url("api.trove.test%2F@evil.trove.test", "/"), not_allowed("evil.trove.test"));
refuses!(fragment_hides_real_host, |w| format!("https://evil.trove.test:{}#@api.trove.test/", w.forbidden.port), not_allowed("evil.trove.test"));
refuses!(query_hides_real_host, |w| format!("https://evil.trove.test:{}?@api.trove.test/", w.forbidden.port), not_allowed("evil.trove.test"));
refuses!(backslash_as_path_separator, |w| format!("https://evil.trove.test:{}\\@api.trove.test/", w.forbidden.port), not_allowed("evil.trove.test"));
refuses!(backslashes_instead_of_slashes, |w| format!("https:\\\\evil.trove.test:{}\\", w.forbidden.port), not_allowed("evil.trove.test"));
refuses!(special_scheme_without_slashes, |w| format!("https:evil.trove.test:{}/", w.forbidden.port), not_allowed("evil.trove.test"));
refuses!(extra_slashes, |w| format!("https:////evil.trove.test:{}/", w.forbidden.port), not_allowed("evil.trove.test"));
refuses!(tab_and_newline_in_host, |w| format!("https://ev\til.trove.\ntest:{}/", w.forbidden.port), not_allowed("evil.trove.test"));
refuses!(allowlisted_name_as_prefix, |w| w.forbidden_url("api.trove.test.evil.trove.test", "/"), not_allowed("api.trove.test.evil.trove.test"));
refuses!(allowlisted_name_as_suffix, |w| w.forbidden_url("evilapi.trove.test", "/"), not_allowed("evilapi.trove.test"));
refuses!(unescaped_regex_dot, |w| w.forbidden_url("apixtrove.test", "/"), not_allowed("apixtrove.test"));
refuses!(trailing_dot_on_allowlisted_name, |w| w.forbidden_url("api.trove.test.", "/"), not_allowed("api.trove.test."));
refuses!(idn_homograph_cyrillic_a, |w| w.forbidden_url("\u{430}pi.trove.test", "/"), not_allowed("xn--pi-6kc.trove.test"));
refuses!(percent_encoded_allowlisted_lookalike, |w| w.forbidden_url("evil%2Etrove.test", "/"), not_allowed("evil.trove.test"));
refuses!(port_entry_other_port, |w| w.forbidden_url("ports.trove.test", "/"), not_allowed("ports.trove.test"));
// Port 443 is the point of these two, and nothing listens on 127.0.0.1:443: they rely on the
// exact message (the name resolves to the upstream's address, so a request let through would
// fail with `fetch failed`, not this refusal).
refuses!(port_entry_default_port, |_w| "https://ports.trove.test/".into(), not_allowed("ports.trove.test"));
// The SDK compares the WHATWG `host`, which drops a default port, so an entry `name:443`
// never matches `https://name:443/` (nor `https://name/`); trove-host keeps that answer.
refuses!(explicit_default_port_entry, |_w| "https://dflt.trove.test:443/".into(), not_allowed("dflt.trove.test"));
refuses!(scheme_ftp, |w| format!("ftp://api.trove.test:{}/", w.forbidden.port), scheme("ftp:"));
// `file:` and `data:` name no host to listen on: these rely on the exact message.
refuses!(scheme_file, |_w| "file:///etc/passwd".into(), scheme("file:"));
refuses!(scheme_gopher_smuggling, |w| format!("gopher://127.0.0.1:{}/_GET%20/%20HTTP/1.1", w.forbidden.port), scheme("gopher:"));
refuses!(scheme_dict, |w| format!("dict://127.0.0.1:{}/info", w.forbidden.port), scheme("dict:"));
refuses!(scheme_data, |_w| "data:text/plain,hello".into(), scheme("data:"));
refuses!(scheme_ws, |w| format!("ws://api.trove.test:{}/", w.forbidden.port), scheme("ws:"));
refuses!(scheme_relative_without_base, |w| format!("//api.trove.test:{}/", w.forbidden.port), MALFORMED);
refuses!(http_to_allowlisted_host, |w| format!("http://api.trove.test:{}/", w.forbidden.port), NON_HTTPS);
refuses!(http_upper_case_scheme, |w| format!("HTTP://API.TROVE.TEST:{}/", w.forbidden.port), NON_HTTPS);

#[tokio::test]
async fn request_object_is_checked_too() {
    let w = World::new().await;
    refused(&w, "request", json!({ "url": w.forbidden_url("127.0.0.1", "/") }), PRIVATE).await;
}

/// Userinfo on an allowlisted host: reqwest would send it as a Basic `authorization`
/// header; fetch refuses such a URL with a `TypeError`, and so does trove-host, before any
/// connection.
#[tokio::test]
async fn userinfo_on_allowlisted_host() {
    let w = World::new().await;
    let url = format!("https://user:secret@api.trove.test:{}/echo", w.upstream.port);
    let out = fetch_with(w.env(), &url, serde_json::Value::Null).await;
    assert_threw(&out, &format!("TypeError: {}", trove_host_ops::egress::CREDENTIALS_MESSAGE));
    assert_eq!(w.upstream.state.total(), 0, "nothing reached the upstream");
    assert_eq!(w.forbidden.settled_accepts().await, 0);
}

/// Upper case and an explicit default port on an allowlisted name are the same host (not
/// attacks, the control for the cases above): the request reaches the upstream.
#[tokio::test]
async fn upper_case_name_is_the_entry() {
    let w = World::new().await;
    let mut tk = probe().await;
    let r = fetch_ok(&w, &mut tk, &w.upstream.url("API.Trove.TEST", "/ok"), serde_json::Value::Null).await;
    assert_eq!(r["status"], 200);
    assert_eq!(w.resolver.asked(), vec!["api.trove.test".to_owned()], "looked up canonically");
}
