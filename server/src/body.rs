//! What a server's connections may hold in bodies, in and out. Request bodies, as both HTTP
//! front-ends (the wire and MCP over HTTP) read them: at most a limit, within a time the caller
//! sets, and out of a budget the server's connections share, so clients that stall mid-body
//! cannot make the server hold more than [`BODY_BUDGET_BYTES`] (review 48 for the wire; review
//! 58 for MCP, where 150 stalled 4 MiB bodies held 641 MiB). Answers, out of a budget of their
//! own per server ([`ANSWER_BUDGET_BYTES`]) until their client has taken them, so clients that
//! stop reading cannot either: the wire's whole ([`AnswerBudget::hold`]; review 58, where 24
//! unread 48 MiB answers held 1,190 MiB for as long as their connections stayed open), MCP's
//! frame by frame ([`AnswerBudget::meter`]; review 59, 60 unread results held 530 MiB). The
//! accept loop's write timeout ([`crate::serve::WRITE_TIMEOUT`]) closes a connection whose
//! client reads nothing.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::response::Response;
use hyper::body::{Frame, SizeHint};
use tokio::sync::OwnedSemaphorePermit;
use axum::http::header::{CONTENT_LENGTH, EXPECT};
use axum::http::HeaderMap;
use http_body_util::BodyExt as _;

/// How long a request body may take to arrive by default (408 after that).
pub const BODY_READ_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

/// A refused body is read and discarded up to this many times the limit (so a client still
/// sending it reads the 413 rather than a reset connection); past that the connection closes.
const DRAIN_FACTOR: usize = 4;

/// Longest time spent discarding a refused body.
const DRAIN_TIME: Duration = Duration::from_secs(5);

/// What the bodies being received by one server may hold at once: a semaphore of KiB
/// ([`BODY_BUDGET_BYTES`], or one body limit when that is larger). Clones share it.
#[derive(Clone)]
pub(crate) struct BodyBudget(Arc<tokio::sync::Semaphore>);

impl BodyBudget {
    /// The budget of a server whose bodies are limited to `max_body_bytes` each.
    pub(crate) fn new(max_body_bytes: usize) -> Self {
        Self(Arc::new(tokio::sync::Semaphore::new(body_budget_kib(max_body_bytes) as usize)))
    }
}

/// Why a body was not read.
pub(crate) enum BodyError {
    /// Over the limit (413).
    TooLarge,
    /// The connection failed, or the budget was closed.
    Read(String),
}

/// How many bytes the request bodies being received may hold together (64 MiB, or one body
/// limit when that is larger): a body reserves its declared length (or the body limit when it
/// declares none) before it is read, and waits while the rest is reserved; the wait counts
/// against the body timeout. Before, each connection could hold a body limit's worth for the
/// body timeout with nothing bounding their sum but the file-descriptor limit: 300 stalled 1 MiB
/// bodies took a server from 23 to 478 MiB (review 48). Bodies that arrive at once (a
/// platform's calls) hold their share for microseconds.
pub const BODY_BUDGET_BYTES: usize = 64 * 1024 * 1024;

/// The whole body budget in KiB with a body limit of `max` bytes: [`BODY_BUDGET_BYTES`], or one
/// body when that is larger (a body never waits for more than there is).
fn body_budget_kib(max: usize) -> u32 {
    u32::try_from(BODY_BUDGET_BYTES.max(max).div_ceil(1024)).unwrap_or(u32::MAX)
}

/// A request's body (`headers` are its request's), at most `max` bytes, its size reserved from
/// `budget` while it is read ([`BODY_BUDGET_BYTES`]).
pub(crate) async fn read_body(headers: &HeaderMap, mut body: Body, max: usize, budget: &BodyBudget) -> Result<Vec<u8>, BodyError> {
    let declared = headers.get(CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    // A client waiting for `100 Continue` has sent nothing yet: refuse without asking for it.
    let expects_continue = headers.get(EXPECT).is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"100-continue"));
    if let Some(n) = declared.filter(|&n| n > max as u64) {
        // A body declared longer than the drain would read is not waited for: the 413 goes at
        // once and the connection closes (before, a client that declared 100 GB and sent
        // nothing held it for the drain's 5 s; review 33).
        if !expects_continue && n <= max.saturating_mul(DRAIN_FACTOR) as u64 {
            drain(body, max).await;
        }
        return Err(BodyError::TooLarge);
    }
    let reserve = u32::try_from(declared.map_or(max, |n| n as usize).div_ceil(1024).max(1)).unwrap_or(u32::MAX);
    let _reserved = budget.0.acquire_many(reserve.min(body_budget_kib(max))).await.map_err(|e| BodyError::Read(e.to_string()))?;
    let mut bytes = Vec::with_capacity(declared.map_or(0, |n| n as usize));
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| BodyError::Read(e.to_string()))?;
        if let Ok(data) = frame.into_data() {
            if bytes.len() + data.len() > max {
                drain(body, max).await;
                return Err(BodyError::TooLarge);
            }
            bytes.extend_from_slice(&data);
        }
    }
    Ok(bytes)
}

/// Reads and discards the rest of a refused body, within [`DRAIN_FACTOR`] × `max` bytes and
/// [`DRAIN_TIME`].
async fn drain(mut body: Body, max: usize) {
    let limit = max.saturating_mul(DRAIN_FACTOR);
    let _ = tokio::time::timeout(DRAIN_TIME, async move {
        let mut seen = 0usize;
        while let Some(Ok(frame)) = body.frame().await {
            if let Ok(data) = frame.into_data() {
                seen += data.len();
                if seen > limit {
                    return;
                }
            }
        }
    })
    .await;
}

/// What the wire's answers not yet taken by their clients may hold at once by default
/// ([`crate::ServeOptions::answer_budget_bytes`]): 256 MiB. An answer holds its size from when
/// it is ready until hyper has taken its last chunk to write (hyper takes the next chunk only as
/// the connection drains); one larger than the budget holds all of it. An answer that finds no
/// room is not sent (the client gets a retryable 503) and is dropped at once: answers that waited
/// for room were held meanwhile, which is what the budget is there to stop (24 unread 48 MiB
/// answers still peaked at 1,185 MiB when the others waited 30 s for room).
pub const ANSWER_BUDGET_BYTES: usize = 256 * 1024 * 1024;

/// How much of an answer hyper is handed at once.
const ANSWER_CHUNK: usize = 64 * 1024;

/// An answer budget ([`ANSWER_BUDGET_BYTES`] by default) as a semaphore of KiB. Clones share it.
#[derive(Clone)]
pub(crate) struct AnswerBudget {
    kib: Arc<tokio::sync::Semaphore>,
    /// The whole budget, in KiB.
    whole: usize,
}

impl AnswerBudget {
    /// A budget of `bytes` (at least 1 KiB).
    pub(crate) fn new(bytes: usize) -> Self {
        let whole = bytes.div_ceil(1024).clamp(1, tokio::sync::Semaphore::MAX_PERMITS);
        Self { kib: Arc::new(tokio::sync::Semaphore::new(whole)), whole }
    }

    /// `body` metered frame by frame, for answers whose size is not known when they start (MCP's
    /// responses and event streams): each data frame holds its size out of the budget from when
    /// hyper takes it until hyper asks for the next (which it does only once it has written
    /// what it holds down to its buffer's size) or drops the body. A frame that finds no room
    /// ends the response with an error: hyper closes the connection, and the frame and what
    /// queued behind it are dropped (review 59: 60 unread 7.9 MiB MCP answers held 530 MiB).
    pub(crate) fn meter(&self, body: Body) -> Body {
        Body::new(Metered { inner: body, budget: self.clone(), held: None })
    }

    /// `response` with its body held out of the budget until written, or `None` when the
    /// budget has no room for it now.
    pub(crate) async fn hold(&self, response: Response) -> Option<Response> {
        let (parts, body) = response.into_parts();
        // The answer is already serialised (a `Json` body): collecting it does not wait.
        let bytes = body.collect().await.ok()?.to_bytes();
        let kib = u32::try_from(bytes.len().div_ceil(1024).clamp(1, self.whole)).unwrap_or(u32::MAX);
        let permit = self.kib.clone().try_acquire_many_owned(kib).ok()?;
        Some(Response::from_parts(parts, Body::new(HeldAnswer { rest: bytes, _permit: permit })))
    }
}

/// An answer's bytes, handed to hyper [`ANSWER_CHUNK`] at a time, and its share of the
/// [`AnswerBudget`], given back when hyper drops the body (after its last chunk, or when the
/// connection closes).
struct HeldAnswer {
    rest: Bytes,
    _permit: OwnedSemaphorePermit,
}

impl hyper::body::Body for HeldAnswer {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        if self.rest.is_empty() {
            return Poll::Ready(None);
        }
        let n = self.rest.len().min(ANSWER_CHUNK);
        Poll::Ready(Some(Ok(Frame::data(self.rest.split_to(n)))))
    }

    fn is_end_stream(&self) -> bool {
        self.rest.is_empty()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.rest.len() as u64)
    }
}

/// A body whose data frames are held out of an [`AnswerBudget`] ([`AnswerBudget::meter`]).
struct Metered {
    inner: Body,
    budget: AnswerBudget,
    /// The share of the frame hyper took last.
    held: Option<OwnedSemaphorePermit>,
}

impl hyper::body::Body for Metered {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        // Asked again: hyper has written the last frame down to its buffer's size.
        self.held = None;
        let polled = Pin::new(&mut self.inner).poll_frame(cx);
        let Poll::Ready(Some(Ok(frame))) = polled else { return polled };
        if let Some(data) = frame.data_ref() {
            let kib = u32::try_from(data.len().div_ceil(1024).clamp(1, self.budget.whole)).unwrap_or(u32::MAX);
            match self.budget.kib.clone().try_acquire_many_owned(kib) {
                Ok(permit) => self.held = Some(permit),
                Err(_) => {
                    tracing::warn!(
                        target: "trove::mcp",
                        "an answer of {} bytes was not sent: the answers their clients have not read hold the answer budget",
                        data.len()
                    );
                    return Poll::Ready(Some(Err(axum::Error::new(UNREAD_ANSWERS))));
                }
            }
        }
        Poll::Ready(Some(Ok(frame)))
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// Why a metered answer was cut off.
const UNREAD_ANSWERS: &str = "the answers their clients have not read hold the answer budget";
