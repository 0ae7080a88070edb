//! A toolkit's call queue: first in, first out, shared by the callers that push and the
//! instances that pop, with removal of a call whose caller stopped waiting (so a queue of
//! abandoned calls neither grows past the pool's bound nor makes the pool grow).
//!
//! A `Mutex<VecDeque>` with a `Condvar`: a channel (crossbeam's, std's) cannot take back a
//! message once sent, and a queued call must leave the queue the moment its caller gives up.
//! The queue holds at most `max_instances + max_queued` calls (the pool's admission permits),
//! so removal's linear scan stays short.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::worker::{Job, JobShared};

/// Why [`CallQueue::pop`] returned no call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Empty {
    /// Nothing came within the timeout.
    Timeout,
    /// The pool is gone: no call will come.
    Closed,
}

#[derive(Default)]
struct Inner {
    jobs: VecDeque<Job>,
    closed: bool,
    /// Instances asleep on [`CallQueue::arrived`]: a push wakes one only when there is one
    /// (std's `Condvar::notify_one` makes a `futex` system call even when nobody waits, and an
    /// instance that is busy or polling in [`CallQueue::pop`] needs no wake-up).
    sleeping: usize,
}

/// See the module docs.
#[derive(Default)]
pub(crate) struct CallQueue {
    inner: Mutex<Inner>,
    arrived: Condvar,
}

/// Owns a [`CallQueue`] for its pool: dropping it (the pool, or a load that never made one)
/// closes the queue, which ends the instances waiting on it.
pub(crate) struct QueueOwner(pub Arc<CallQueue>);

impl std::ops::Deref for QueueOwner {
    type Target = CallQueue;
    fn deref(&self) -> &CallQueue {
        &self.0
    }
}

impl Drop for QueueOwner {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// How long an instance polls the queue for its next call before it sleeps: a call that
/// arrives within this of the last one is picked up without a wake-up (on a VM, waking a
/// sleeping thread costs tens of microseconds, more than a whole call).
const SPIN: Duration = Duration::from_micros(50);

impl CallQueue {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Adds a call at the back and wakes one waiting instance.
    pub(crate) fn push(&self, job: Job) {
        let mut inner = self.lock();
        inner.jobs.push_back(job);
        let wake = inner.sleeping > 0;
        drop(inner);
        if wake {
            self.arrived.notify_one();
        }
    }

    /// Calls waiting.
    pub(crate) fn len(&self) -> usize {
        self.lock().jobs.len()
    }

    /// Takes back the call whose shared state is `job`, if it is still queued.
    pub(crate) fn remove(&self, job: &Arc<Mutex<JobShared>>) -> Option<Job> {
        let mut inner = self.lock();
        let at = inner.jobs.iter().position(|j| Arc::ptr_eq(&j.shared, job))?;
        inner.jobs.remove(at)
    }

    /// Takes every waiting call (when none can be answered).
    pub(crate) fn drain(&self) -> Vec<Job> {
        self.lock().jobs.drain(..).collect()
    }

    /// Ends the queue: every instance waiting in [`Self::pop`] returns [`Empty::Closed`].
    pub(crate) fn close(&self) {
        self.lock().closed = true;
        self.arrived.notify_all();
    }

    /// The next call: polled for [`SPIN`] (yielding the core between looks), then waited for
    /// up to `timeout`.
    pub(crate) fn pop(&self, timeout: Duration) -> Result<Job, Empty> {
        let spin_until = Instant::now() + SPIN;
        loop {
            {
                let mut inner = self.lock();
                if let Some(job) = inner.jobs.pop_front() {
                    return Ok(job);
                }
                if inner.closed {
                    return Err(Empty::Closed);
                }
            }
            if Instant::now() >= spin_until {
                break;
            }
            // Yield rather than spin: a thread with work (an HTTP worker) gets this core first.
            std::thread::yield_now();
        }
        let deadline = Instant::now() + timeout;
        let mut inner = self.lock();
        loop {
            if let Some(job) = inner.jobs.pop_front() {
                return Ok(job);
            }
            if inner.closed {
                return Err(Empty::Closed);
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(Empty::Timeout);
            }
            inner.sleeping += 1;
            inner = self.arrived.wait_timeout(inner, deadline - now).unwrap_or_else(PoisonError::into_inner).0;
            inner.sleeping -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::JobState;
    use tokio::sync::oneshot;

    fn job(n: u64) -> (Job, Arc<Mutex<JobShared>>) {
        let shared = Arc::new(Mutex::new(JobShared { state: JobState::Queued, permit: None }));
        let (reply, _) = oneshot::channel();
        let call = serde_json::json!({ "n": n });
        (Job { call, env: trove_host_ops::CallEnv::default(), reply, shared: shared.clone() }, shared)
    }

    fn n(job: Job) -> u64 {
        job.call["n"].as_u64().unwrap()
    }

    #[test]
    fn calls_come_out_in_the_order_they_went_in_less_those_taken_back() {
        let queue = CallQueue::default();
        let handles: Vec<_> = (0..4).map(|i| {
            let (job, shared) = job(i);
            queue.push(job);
            shared
        }).collect();
        assert_eq!(queue.remove(&handles[1]).map(n), Some(1));
        assert!(queue.remove(&handles[1]).is_none(), "taken back once");
        assert_eq!(queue.len(), 3);
        let out: Vec<_> = (0..3).map(|_| n(queue.pop(Duration::ZERO).unwrap())).collect();
        assert_eq!(out, vec![0, 2, 3]);
        assert_eq!(queue.pop(Duration::from_millis(5)).err(), Some(Empty::Timeout));
    }

    #[test]
    fn closing_wakes_a_waiting_instance_and_a_push_wakes_one() {
        let queue = Arc::new(CallQueue::default());
        let waiter = std::thread::spawn({
            let queue = queue.clone();
            move || queue.pop(Duration::from_secs(30)).map(n)
        });
        std::thread::sleep(Duration::from_millis(50));
        queue.push(job(7).0);
        assert_eq!(waiter.join().unwrap(), Ok(7));
        let waiter = std::thread::spawn({
            let queue = queue.clone();
            move || queue.pop(Duration::from_secs(30)).map(n)
        });
        std::thread::sleep(Duration::from_millis(50));
        let started = Instant::now();
        drop(QueueOwner(queue.clone()));
        assert_eq!(waiter.join().unwrap(), Err(Empty::Closed));
        assert!(started.elapsed() < Duration::from_secs(10));
    }
}
