//! Issue #3's hostile suite: attacks on the egress boundary, each a test against real
//! servers on loopback (see [`egress::support`]). Every refusal case asserts the exact
//! message of contract §6 (or the budget/fetch error) AND that no connection reached the
//! forbidden listener. The table of cases, with the source of each idea, is `docs/egress.md`.
//!
//! Attacks go through the real path: `tests/fixtures/egress-probe` loaded with
//! `Toolkit::load`, `ctx.fetch` → ops → `Egress::fetch` → `NetworkTransport` (reqwest,
//! rustls), with a test resolver; only `127.0.0.1` (the TLS upstream) is permitted through
//! the `test-support` hook, so every other loopback answer must be refused by the vetting.
//! `production_dns` and `nat64` use no hook: the production setting (nothing permitted) behind
//! a DNS server on loopback and behind the system resolver.

/// `ctx.fetch(<url>)` must be refused with `<message>`, nothing reaching the forbidden port.
macro_rules! refuses {
    ($(#[$m:meta])* $name:ident, |$w:ident| $url:expr, $msg:expr) => {
        $(#[$m])*
        #[tokio::test]
        async fn $name() {
            let $w = crate::egress::support::World::new().await;
            let url: String = $url;
            let msg: String = $msg.to_string();
            crate::egress::support::fetch_refused(&$w, &url, &msg).await;
        }
    };
}

mod egress {
    pub mod support;

    mod budgets;
    mod compression;
    mod confusion;
    mod dns;
    mod host;
    mod literals;
    mod nat64;
    mod oauth;
    mod production_dns;
    mod redirects;
    mod requests;
    mod shared_tokens;
    mod tls;
}
