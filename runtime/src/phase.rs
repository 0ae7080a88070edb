//! Where a cold start's time goes: each phase of loading a toolkit and of a call, as one
//! `tracing` event at debug level on target `trove::phase` (`phase`, `us`). Off unless asked for
//! (`RUST_LOG=trove::phase=debug`); `scripts/bench-cold --phases` reads them.

use std::time::Instant;

/// Times consecutive phases: each [`Phases::end`] reports the time since the previous one.
pub(crate) struct Phases {
    last: Option<Instant>,
}

impl Phases {
    /// Starts timing, if the events are wanted.
    pub(crate) fn start() -> Self {
        Self { last: tracing::enabled!(target: "trove::phase", tracing::Level::DEBUG).then(Instant::now) }
    }

    /// Reports the phase that just ended, named `what`.
    pub(crate) fn end(&mut self, what: &str) {
        if let Some(last) = self.last {
            let now = Instant::now();
            tracing::debug!(target: "trove::phase", phase = what, us = (now - last).as_micros() as u64);
            self.last = Some(now);
        }
    }
}
