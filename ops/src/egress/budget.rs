//! Per-call egress budgets: how much one tool call may ask of the network.
//!
//! [`EgressBudgets`] is the one place the limits live. The embedder sets them on
//! [`crate::CallEnv::budgets`] (the defaults below when it does not); a toolkit can neither
//! see nor widen them. [`EgressUsage`] is the call's running count, kept in the call's
//! [`crate::Ledger`] so nothing of one call carries over to the next.
//!
//! | budget | default | when exceeded |
//! |---|---|---|
//! | `connect_timeout` | 10 s | `TypeError("fetch failed")` (a network failure, as in the SDK) |
//! | `total_timeout` | 30 s per `ctx.fetch` (all redirect hops, an OAuth mint and the body) | `TypeError("fetch failed")` |
//! | `max_response_bytes` | 10 MiB, counted while streaming | non-retryable `ToolError("Upstream response exceeded the N-byte limit.")` |
//! | `max_request_body_bytes` | 2 MiB | non-retryable `ToolError("Request body exceeded the N-byte limit.")` |
//! | `max_requests` | 100 requests on the wire per call (each redirect hop and token mint counts) | non-retryable `ToolError("Egress budget exhausted: a call may send at most N requests.")` |
//! | `max_concurrent` | 6 requests in flight per call; more wait for a slot | (queued, never refused) |

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The limits of one call's egress. See the module docs for the defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EgressBudgets {
    /// TCP connect timeout of each connection.
    pub connect_timeout: Duration,
    /// Wall-clock limit of one `ctx.fetch`: every redirect hop, an OAuth mint, the whole body.
    /// Time spent waiting for a concurrency slot does not count.
    pub total_timeout: Duration,
    /// Largest response body, in bytes (checked against `content-length` and while streaming).
    pub max_response_bytes: usize,
    /// Largest request body, in bytes.
    pub max_request_body_bytes: usize,
    /// Requests a call may put on the wire (redirect hops and token mints included).
    pub max_requests: usize,
    /// Requests of one call in flight at once; the rest wait.
    pub max_concurrent: usize,
}

impl Default for EgressBudgets {
    fn default() -> Self {
        Self {
            connect_timeout: Duration::from_secs(10),
            total_timeout: Duration::from_secs(30),
            max_response_bytes: 10 * 1024 * 1024,
            max_request_body_bytes: 2 * 1024 * 1024,
            max_requests: 100,
            max_concurrent: 6,
        }
    }
}

/// The messages a toolkit sees when a budget is exceeded (non-retryable `ToolError`s).
pub mod messages {
    /// The response body cap.
    pub fn response_too_large(limit: usize) -> String {
        format!("Upstream response exceeded the {limit}-byte limit.")
    }
    /// The request body cap.
    pub fn request_too_large(limit: usize) -> String {
        format!("Request body exceeded the {limit}-byte limit.")
    }
    /// The request count.
    pub fn too_many_requests(limit: usize) -> String {
        format!("Egress budget exhausted: a call may send at most {limit} requests.")
    }
}

/// What one call has used so far. Lives in the call's ledger.
#[derive(Debug, Default)]
pub struct EgressUsage {
    sent: AtomicUsize,
    in_flight: OnceLock<Arc<Semaphore>>,
    peak: AtomicUsize,
    active: Arc<AtomicUsize>,
}

/// A slot among the call's concurrent requests; released on drop (also when the request is
/// cancelled by the toolkit's `AbortSignal`).
#[derive(Debug)]
pub struct Slot {
    _permit: OwnedSemaphorePermit,
    active: Arc<AtomicUsize>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.active.fetch_sub(1, Ordering::SeqCst);
    }
}

impl EgressUsage {
    /// Counts one request about to go on the wire; `false` when it would exceed `limit`.
    pub fn take_request(&self, limit: usize) -> bool {
        self.sent
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| (n < limit).then_some(n + 1))
            .is_ok()
    }

    /// Requests put on the wire so far.
    pub fn requests_sent(&self) -> usize {
        self.sent.load(Ordering::SeqCst)
    }

    /// Waits for one of the call's `limit` concurrency slots (the limit seen by the call's
    /// first request is the call's limit).
    pub async fn slot(&self, limit: usize) -> Slot {
        let sem = self.in_flight.get_or_init(|| Arc::new(Semaphore::new(limit.max(1)))).clone();
        let permit = sem.acquire_owned().await.expect("the semaphore is never closed");
        let now = self.active.fetch_add(1, Ordering::SeqCst) + 1;
        self.peak.fetch_max(now, Ordering::SeqCst);
        Slot { _permit: permit, active: self.active.clone() }
    }

    /// Most requests of this call that were in flight at once.
    pub fn peak_concurrency(&self) -> usize {
        self.peak.load(Ordering::SeqCst)
    }
}
