//! DNS answers that point an allowlisted name at a private address: private-only records,
//! mixed public/private records in either order, rebinding between two lookups, and the
//! IPv6 spellings of loopback. Only 127.0.0.1 is permitted (the stand-in for a public
//! address); everything else must fail closed with the private-address message, which the
//! SDK (no address vetting) would not give: these are all host-only refusals.

use serde_json::json;

use super::support::*;

refuses!(private_only_record, |w| w.forbidden_url("private.trove.test", "/"), PRIVATE);
refuses!(mixed_records_public_first, |w| w.forbidden_url("mixed.trove.test", "/"), PRIVATE);
refuses!(mixed_records_private_first, |w| w.forbidden_url("mixed-rev.trove.test", "/"), PRIVATE);
refuses!(ipv4_mapped_record, |w| w.forbidden_url("mapped.trove.test", "/"), PRIVATE);
refuses!(zero_address_record, |w| w.forbidden_url("zero.trove.test", "/"), PRIVATE);
refuses!(ipv6_loopback_record, |w| w.forbidden_url("v6loop.trove.test", "/"), PRIVATE);
refuses!(private_record_last_of_many, |w| w.forbidden_url("many.trove.test", "/"), PRIVATE);

/// Rebinding: the first lookup answers the public address (the request succeeds), the
/// second the private one; the second request is refused and never connects.
#[tokio::test]
async fn rebinding_between_requests() {
    let w = World::new().await;
    let out = refused(
        &w,
        "sequence",
        json!({ "requests": [
            { "url": w.upstream.url("rebind.trove.test", "/close") },
            { "url": w.forbidden_url("rebind.trove.test", "/") },
        ]}),
        PRIVATE,
    )
    .await;
    assert_eq!(w.upstream.state.hits("/close"), 1, "the first answer was used: {}", out.envelope);
    assert_eq!(w.resolver.asked(), vec!["rebind.trove.test".to_owned(), "rebind.trove.test".to_owned()]);
}

/// A name with no records fails closed as a network failure (`TypeError: fetch failed`).
#[tokio::test]
async fn nxdomain_is_a_network_failure() {
    let w = World::new().await;
    let out = fetch_with(w.env(), &w.forbidden_url("nxdomain.trove.test", "/"), serde_json::Value::Null).await;
    assert_threw(&out, "TypeError: fetch failed");
    assert_eq!(w.forbidden.settled_accepts().await, 0);
}

/// The vetting is at connect time, not only on the first request: a refused lookup is not
/// cached as a success, and an allowlisted name that resolves publicly still works after.
#[tokio::test]
async fn refusal_does_not_poison_later_requests() {
    let w = World::new().await;
    let mut tk = probe().await;
    let out = call(&mut tk, w.env(), "fetch", json!({ "url": w.forbidden_url("private.trove.test", "/") })).await;
    assert_tool_error(&out, PRIVATE, false);
    let r = fetch_ok(&w, &mut tk, &w.upstream.url("api.trove.test", "/ok"), serde_json::Value::Null).await;
    assert_eq!(r["body"], "ok");
    assert_eq!(w.forbidden.settled_accepts().await, 0);
}
