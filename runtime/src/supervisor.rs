//! The supervisor: one thread per process that enforces every running call's wall-clock and
//! CPU-time limits by interrupting its isolate.
//!
//! A call registers a [`Watch`] when it starts and drops the [`WatchGuard`] when it ends; no
//! thread is spawned per call. The supervisor sleeps until the nearest deadline (or a CPU
//! sampling tick while a CPU budget is being watched), and when a limit is broken it records
//! why in the call's stop flag and calls `terminate_execution` on the isolate's thread-safe
//! handle: the engine's interrupt handler then unwinds the running script, including a
//! synchronous loop that never yields to the event loop.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

use deno_core::v8;

/// Why a call was stopped, as stored in its stop flag.
pub(crate) mod stop {
    /// Not stopped.
    pub const NONE: u8 = 0;
    /// Wall-clock limit.
    pub const TIMEOUT: u8 = 1;
    /// Heap ceiling.
    pub const HEAP: u8 = 2;
    /// CPU-time budget.
    pub const CPU: u8 = 3;
    /// The call's cancellation token ([`trove_host_ops::CallEnv::cancel`]).
    pub const CANCELLED: u8 = 4;
}

/// How often CPU time is sampled while a CPU budget is watched.
const CPU_TICK: Duration = Duration::from_millis(10);

/// The CPU clock of the thread that calls this (`CLOCK_THREAD_CPUTIME_ID`, readable from
/// another thread through `pthread_getcpuclockid`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ThreadCpuClock(libc::clockid_t);

impl ThreadCpuClock {
    /// The calling thread's CPU clock, if the platform has one.
    pub fn current() -> Option<Self> {
        let mut id: libc::clockid_t = 0;
        // SAFETY: pthread_self() is always valid for the calling thread; `id` is a valid out pointer.
        let rc = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut id) };
        (rc == 0).then_some(Self(id))
    }

    /// CPU time the thread has used so far.
    pub fn elapsed(&self) -> Option<Duration> {
        let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `ts` is a valid out pointer; the clock id came from pthread_getcpuclockid and
        // its thread outlives the watch (the guard is dropped on that thread).
        let rc = unsafe { libc::clock_gettime(self.0, &mut ts) };
        (rc == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
    }
}

/// What the supervisor watches for one running call.
pub(crate) struct Watch {
    /// The isolate to interrupt.
    pub isolate: v8::IsolateHandle,
    /// Where to record why it was stopped (see [`stop`]).
    pub stopped: Arc<AtomicU8>,
    /// Wall-clock deadline.
    pub deadline: Instant,
    /// The CPU clock of the isolate's thread and the budget, if one is set.
    pub cpu: Option<(ThreadCpuClock, Duration)>,
    /// The call's cancellation token, looked at on every tick (so a running script is
    /// stopped within [`CPU_TICK`] of a cancellation when a CPU budget is watched).
    pub cancel: Option<tokio_util::sync::CancellationToken>,
}

struct Entry {
    watch: Watch,
    cpu_start: Option<Duration>,
    fired: bool,
}

#[derive(Default)]
struct State {
    entries: HashMap<u64, Entry>,
    /// When the supervisor thread will look again (`None`: it sleeps until notified).
    next_wake: Option<Instant>,
}

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
    next: AtomicU64,
}

/// The process's supervisor (one thread, started on first use).
pub(crate) struct Supervisor {
    shared: Arc<Shared>,
}

/// Ends a watch when dropped (on the isolate's thread, when the call is over).
pub(crate) struct WatchGuard {
    shared: Arc<Shared>,
    id: u64,
}

impl Drop for WatchGuard {
    fn drop(&mut self) {
        self.shared.state.lock().expect("supervisor").entries.remove(&self.id);
    }
}

impl Supervisor {
    /// The process-wide supervisor.
    pub fn global() -> &'static Supervisor {
        static SUPERVISOR: OnceLock<Supervisor> = OnceLock::new();
        SUPERVISOR.get_or_init(|| {
            let shared = Arc::new(Shared { state: Mutex::default(), wake: Condvar::new(), next: AtomicU64::new(1) });
            let thread_shared = shared.clone();
            std::thread::Builder::new()
                .name("trove-supervisor".into())
                .spawn(move || run(&thread_shared))
                .expect("start the supervisor thread");
            Supervisor { shared }
        })
    }

    /// Watches a call until the guard is dropped.
    pub fn watch(&self, watch: Watch) -> WatchGuard {
        let id = self.shared.next.fetch_add(1, Ordering::Relaxed);
        let cpu_start = watch.cpu.as_ref().and_then(|(clock, _)| clock.elapsed());
        let wants = if watch.cpu.is_some() { watch.deadline.min(Instant::now() + CPU_TICK) } else { watch.deadline };
        let mut state = self.shared.state.lock().expect("supervisor");
        state.entries.insert(id, Entry { watch, cpu_start, fired: false });
        // Wake the thread only if it would otherwise look too late (in a burst of calls it is
        // already ticking, so most calls cost no wake-up).
        if state.next_wake.is_none_or(|at| wants < at) {
            state.next_wake = Some(wants);
            self.shared.wake.notify_one();
        }
        WatchGuard { shared: self.shared.clone(), id }
    }
}

fn run(shared: &Shared) {
    let mut state = shared.state.lock().expect("supervisor");
    loop {
        let now = Instant::now();
        let mut next_wake: Option<Instant> = None;
        for entry in state.entries.values_mut() {
            if entry.fired {
                continue;
            }
            let mut why = stop::NONE;
            if now >= entry.watch.deadline {
                why = stop::TIMEOUT;
            } else if entry.watch.cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
                why = stop::CANCELLED;
            } else if let (Some((clock, budget)), Some(start)) = (&entry.watch.cpu, entry.cpu_start) {
                if clock.elapsed().is_some_and(|used| used.saturating_sub(start) >= *budget) {
                    why = stop::CPU;
                }
            }
            if why != stop::NONE {
                entry.fired = true;
                // The first reason recorded wins (the heap callback may have set one already).
                let _ = entry.watch.stopped.compare_exchange(stop::NONE, why, Ordering::SeqCst, Ordering::SeqCst);
                entry.watch.isolate.terminate_execution();
                continue;
            }
            let mut wake = entry.watch.deadline;
            if entry.watch.cpu.is_some() {
                wake = wake.min(now + CPU_TICK);
            }
            next_wake = Some(next_wake.map_or(wake, |w| w.min(wake)));
        }
        state.next_wake = next_wake;
        state = match next_wake {
            None => shared.wake.wait(state).expect("supervisor"),
            Some(at) => shared.wake.wait_timeout(state, at.saturating_duration_since(Instant::now())).expect("supervisor").0,
        };
    }
}
