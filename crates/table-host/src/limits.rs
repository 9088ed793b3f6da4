//! Issue #16 the limits every seat's messages meet: the body size, the rate (a token bucket per seat), the
//! retries remembered (idempotency keys), how long a body may take to arrive, and the push sockets. One
//! place, so the docs (docs/TABLE-MODE.md) and the tests read the same numbers.

use std::time::{Duration, Instant};

/// The largest request body: one request of the table tools' protocol, the same bound as one line of
/// their CLI (`goeben_table_tools::MAX_LINE_BYTES`, 16 KiB). A longer body answers 413 unread.
pub const BODY_MAX_BYTES: usize = goeben_table_tools::MAX_LINE_BYTES;

/// The longest idempotency key (`Idempotency-Key` header), in characters.
pub const IDEMPOTENCY_KEY_MAX: usize = 64;

/// Player input the host refuses before the referee sees it, because the tools' arithmetic on it would
/// pass `u32::MAX` (issue #34: `combined_fire` with `[1,4294967295,4294967295]` panicked a debug host —
/// every later request answered 500 — and wrapped in release). The tools now saturate instead of
/// overflowing; the host says plainly that the numbers are out of range (400 `bad_input`).
pub fn input_in_range(action: &goeben_table_tools::ToolAction) -> Result<(), String> {
    use goeben_table_tools::ToolAction;
    match action {
        ToolAction::CombinedFire { strengths } => match strengths.iter().try_fold(0u32, |sum, &s| sum.checked_add(s)) {
            Some(_) => Ok(()),
            None => Err(format!("the fire strengths add up to more than {}; no squadron fires that hard", u32::MAX)),
        },
        // The other calculators' sums are checked by the tools themselves (`contact_modifier`), bounded
        // (`hull_damage_vp`, `fuel_use`) or only halve (`adrift_vp`, `crippled_vp`):
        // tests/host_attacks.rs sends each of them u32::MAX.
        _ => Ok(()),
    }
}

/// What a host holds its seats to. [`Limits::default`] is what `table_host` runs with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Largest request body in bytes (413 above it).
    pub body_max_bytes: usize,
    /// Requests a seat may send per second, on average (429 beyond it).
    pub per_second: f64,
    /// Requests a seat may send at once after a pause (the bucket's size).
    pub burst: f64,
    /// Answers kept per seat for retries: a request repeated with one of the last `replay_keep` keys is
    /// answered again, not applied again.
    pub replay_keep: usize,
    /// How long a request's body may take to arrive once its headers are in (408 after it).
    pub body_timeout: Duration,
    /// Push sockets (`GET /api/{code}/events`) a seat may hold open at once (429 for one more): a guest
    /// with a few tabs is fine, a seat cannot hold the host's connections.
    pub sockets_per_seat: usize,
    /// How often the host pings an open push socket, so idle ones are noticed (and NATs keep them).
    pub socket_ping: Duration,
    /// A push socket that sent nothing (no pong, no message) for this long is dropped.
    pub socket_idle: Duration,
}

impl Default for Limits {
    /// 16 KiB, 20 requests a second with bursts of 40 (a phone's taps and a page's refreshes are far
    /// below), the last 64 answers, 10 seconds for a body; 4 push sockets per seat, pinged every 20 s and
    /// dropped after 60 s without a word.
    fn default() -> Limits {
        Limits {
            body_max_bytes: BODY_MAX_BYTES,
            per_second: 20.0,
            burst: 40.0,
            replay_keep: 64,
            body_timeout: Duration::from_secs(10),
            sockets_per_seat: 4,
            socket_ping: Duration::from_secs(20),
            socket_idle: Duration::from_secs(60),
        }
    }
}

/// One seat's token bucket: `burst` tokens, refilled at `per_second`; each request takes one.
#[derive(Clone, Debug)]
pub struct TokenBucket {
    tokens: f64,
    last: Instant,
}

impl TokenBucket {
    /// A full bucket.
    pub fn full(limits: &Limits, now: Instant) -> TokenBucket {
        TokenBucket { tokens: limits.burst, last: now }
    }

    /// Takes one token, or says how long until one is there.
    pub fn take(&mut self, limits: &Limits, now: Instant) -> Result<(), Duration> {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + elapsed * limits.per_second).min(limits.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            let wait = (1.0 - self.tokens) / limits.per_second.max(f64::MIN_POSITIVE);
            Err(Duration::from_secs_f64(wait.min(3600.0)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_lets_a_burst_through_then_refills_at_the_rate() {
        let limits = Limits { per_second: 10.0, burst: 3.0, ..Limits::default() };
        let start = Instant::now();
        let mut bucket = TokenBucket::full(&limits, start);
        for _ in 0..3 {
            assert!(bucket.take(&limits, start).is_ok());
        }
        let wait = bucket.take(&limits, start).unwrap_err();
        assert!(wait > Duration::from_millis(90) && wait <= Duration::from_millis(100), "{wait:?}");
        assert!(bucket.take(&limits, start + Duration::from_millis(100)).is_ok(), "one token back after a tenth of a second");
        assert!(bucket.take(&limits, start + Duration::from_millis(100)).is_err());
        let later = start + Duration::from_secs(60);
        for _ in 0..3 {
            assert!(bucket.take(&limits, later).is_ok(), "never more than the burst after a long pause");
        }
        assert!(bucket.take(&limits, later).is_err());
    }

    #[test]
    fn the_body_limit_is_the_protocols_line_limit() {
        assert_eq!(Limits::default().body_max_bytes, 16 * 1024);
    }
}
