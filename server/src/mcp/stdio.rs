//! The stdio transport's input: the process's stdin, whose end reaches rmcp only once no call
//! is running.
//!
//! rmcp ends a session when its input ends, and with it cancels every request still running.
//! A client that closes stdin has not cancelled anything (MCP: cancellation is the
//! `notifications/cancelled` message), and one-shot use (`printf '…' | trove-host mcp`) closes
//! stdin at once. So the end of input is held back until the calls already read have answered,
//! each at its end or its limit; their results are still written to stdout.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{ready, Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, ReadBuf};
use tokio::time::{sleep, Instant, Sleep};

/// How long after its input ends the reader first looks at the running calls: rmcp has read
/// every request before it asks for more input, but the task of the last one may not have
/// started yet.
const SETTLE: Duration = Duration::from_millis(50);
/// How often it looks again while calls run.
const RECHECK: Duration = Duration::from_millis(20);

/// `inner` with its end held back while `in_flight` is above zero.
pub(crate) struct EndAfterCalls<R> {
    inner: R,
    in_flight: Arc<AtomicUsize>,
    /// Set once `inner` has ended: when to look at `in_flight` next.
    draining: Option<Pin<Box<Sleep>>>,
}

impl<R> EndAfterCalls<R> {
    pub(crate) fn new(inner: R, in_flight: Arc<AtomicUsize>) -> Self {
        Self { inner, in_flight, draining: None }
    }
}

impl<R: AsyncRead + Unpin> AsyncRead for EndAfterCalls<R> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.draining.is_none() {
            let before = buf.filled().len();
            let asked = buf.remaining();
            match Pin::new(&mut this.inner).poll_read(cx, buf) {
                Poll::Ready(Ok(())) if asked > 0 && buf.filled().len() == before => {
                    tracing::debug!(target: "trove::mcp", "stdin closed; the session ends once no call is running");
                    this.draining = Some(Box::pin(sleep(SETTLE)));
                }
                other => return other,
            }
        }
        let next = this.draining.as_mut().expect("draining");
        loop {
            ready!(next.as_mut().poll(cx));
            if this.in_flight.load(Ordering::SeqCst) == 0 {
                return Poll::Ready(Ok(()));
            }
            next.as_mut().reset(Instant::now() + RECHECK);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncReadExt;

    #[tokio::test]
    async fn the_end_waits_for_running_calls() {
        let in_flight = Arc::new(AtomicUsize::new(1));
        let mut reader = EndAfterCalls::new(&b"line\n"[..], in_flight.clone());
        let mut text = Vec::new();
        let read = tokio::spawn(async move {
            reader.read_to_end(&mut text).await.map(|_| text)
        });
        sleep(Duration::from_millis(400)).await;
        assert!(!read.is_finished(), "the end came while a call was running");
        in_flight.store(0, Ordering::SeqCst);
        let text = read.await.expect("reader task").expect("read");
        assert_eq!(text, b"line\n");
    }

    #[tokio::test]
    async fn without_calls_the_end_comes_after_the_settling_time() {
        let mut reader = EndAfterCalls::new(&b""[..], Arc::new(AtomicUsize::new(0)));
        let started = Instant::now();
        let mut text = Vec::new();
        reader.read_to_end(&mut text).await.expect("read");
        assert!(text.is_empty());
        assert!(started.elapsed() >= SETTLE);
    }
}
