//! The limits every seat's messages meet: the body size, the rate (a token bucket per seat), the
//! retries remembered (idempotency keys), how long a body may take to arrive, and the push sockets; and the
//! host's own, before any seat is known: header and idle timeouts, connections per address and in
//! all, the request head's size, the push socket's message size and rate, the delay of a wrong code, the log a view carries. One
//! place, so the docs (docs/TABLE-MODE.md, *Limits*) and the tests read the same numbers.

use std::time::{Duration, Instant};

/// The largest request body: one request of the table tools' protocol, the same bound as one line of
/// their CLI (`goeben_table_tools::MAX_LINE_BYTES`, 16 KiB). A longer body answers 413 unread.
pub const BODY_MAX_BYTES: usize = goeben_table_tools::MAX_LINE_BYTES;

/// The longest idempotency key (`Idempotency-Key` header), in characters.
pub const IDEMPOTENCY_KEY_MAX: usize = 64;

/// Requests a seat may send per second on average, and at once after a pause (its token bucket): a
/// phone's taps and a page's refreshes are far below; one seat cannot starve the others.
pub const REQUESTS_PER_SECOND: f64 = 20.0;
pub const REQUESTS_BURST: f64 = 40.0;

/// Answers kept per seat for retries (a retry follows its request within seconds).
pub const REPLAY_KEEP: usize = 64;

/// How long a request's body may take to arrive once its headers are in.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// Push sockets a seat may hold open at once (a phone with a few tabs).
pub const SOCKETS_PER_SEAT: usize = 4;

/// How often the host pings a push socket, and how long one may stay silent before it is dropped.
pub const SOCKET_PING: Duration = Duration::from_secs(20);
pub const SOCKET_IDLE: Duration = Duration::from_secs(60);

/// How long one message to a guest may take to go out before its socket is dropped (a guest that stopped
/// reading cannot hold a task).
pub const SOCKET_SEND_WITHIN: Duration = Duration::from_secs(10);

/// A seat counts as connected (`status`) when the host heard from it this recently (the guest page checks
/// in every 10 seconds while it is open).
pub const CONNECTED_WITHIN: Duration = Duration::from_secs(30);

/// How long a stopping `table_host` lets the answers under way finish.
pub const DRAIN: Duration = Duration::from_secs(5);

/// Player input the host refuses before the referee sees it, because the tools' arithmetic on it would
/// pass `u32::MAX` (`combined_fire` with `[1,4294967295,4294967295]` panicked a debug host —
/// every later request answered 500 — and wrapped in release). The tools now saturate instead of
/// overflowing; the host says plainly that the numbers are out of range (400 `bad_input`).
pub fn input_in_range(action: &goeben_table_tools::ToolAction) -> Result<(), String> {
    use goeben_table_tools::ToolAction;
    match action {
        ToolAction::Calculator(
            goeben_table_tools::calculators::CalculatorAction::CombinedFire { strengths },
        ) => match strengths
            .iter()
            .try_fold(0u32, |sum, &s| sum.checked_add(s))
        {
            Some(_) => Ok(()),
            None => Err(format!(
                "the fire strengths add up to more than {}; no squadron fires that hard",
                u32::MAX
            )),
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
            per_second: REQUESTS_PER_SECOND,
            burst: REQUESTS_BURST,
            replay_keep: REPLAY_KEEP,
            body_timeout: BODY_TIMEOUT,
            sockets_per_seat: SOCKETS_PER_SEAT,
            socket_ping: SOCKET_PING,
            socket_idle: SOCKET_IDLE,
        }
    }
}

/// How long a connection may take to send a request's headers, counted from when the host starts
/// waiting for them: on a new connection, and again on a keep-alive connection after each answer. So it
/// is also the idle keep-alive timeout (hyper's `header_read_timeout` covers both).
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// The largest request head (its request line and headers, as sent). A guest page's requests, as
/// Chromium sends them, are 540–740 bytes (the page, a `POST` with its `Idempotency-Key`, a log page, the
/// push socket's handshake); a phone's longer user agent and languages keep them under 1 KiB. 8 KiB
/// leaves room for more, such as cookies a browser keeps for this address, and is the least hyper allows
/// for its read buffer. hyper's own bound was about 400 KiB, and loose: the buffer it read into could
/// hold more, so a 500 KB `Cookie` header was served in some tries. A longer head is answered 431 and its
/// connection closed, before any route sees it.
pub const HEAD_MAX_BYTES: usize = 8 * 1024;

/// Open connections from one address (a phone's page holds a push socket and a request or two; tabs
/// and a reload after a dropped Wi-Fi stay far below). Connection 17 from one address is answered 503.
pub const CONNECTIONS_PER_ADDRESS: usize = 16;

/// Open connections in all, well under the usual 1,024 open files: the table's own seats are a handful.
pub const CONNECTIONS_TOTAL: usize = 256;

/// The largest WebSocket message or frame a guest may send on its push socket. The protocol has the
/// guest send nothing but pongs and pings (at most 125 bytes each); 4 KiB leaves room, where the library
/// default was 64 MiB.
pub const SOCKET_MESSAGE_MAX_BYTES: usize = 4 * 1024;

/// Messages (pings and pongs included) a push socket may send per second on average, and at once: a
/// browser sends a pong per ping (every 20 s); beyond this the socket is closed (1008).
pub const SOCKET_MESSAGES_PER_SECOND: f64 = 5.0;
pub const SOCKET_MESSAGES_BURST: f64 = 20.0;

/// How long a request with a code no seat has waits before its 401 (`/api/…`, `/join/…`): guessing
/// 128-bit codes is hopeless anyway; the delay makes a flood of guesses cost the guesser time, not the
/// host (the wait is a timer, holding no thread).
pub const WRONG_CODE_DELAY: Duration = Duration::from_millis(250);

/// Log entries a view carries: the most recent ones, with the log's length (`log_total`); older ones come
/// paged from `GET /api/{code}/log?from=N&limit=M`, at most [`LOG_PAGE_MAX`] a page.
pub const LOG_RECENT: usize = 50;
pub const LOG_PAGE_MAX: usize = 200;

/// What the host holds every connection to, before any seat is known. [`HostLimits::default`]
/// is the constants above: what `table_host` and the app run with; tests shorten them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HostLimits {
    /// [`HEADER_TIMEOUT`]: headers of a request, and the idle time between requests.
    pub header_timeout: Duration,
    /// [`HEAD_MAX_BYTES`]: the largest request head.
    pub head_max_bytes: usize,
    /// [`CONNECTIONS_PER_ADDRESS`].
    pub connections_per_address: usize,
    /// [`CONNECTIONS_TOTAL`].
    pub connections_total: usize,
    /// [`SOCKET_MESSAGE_MAX_BYTES`].
    pub socket_message_max_bytes: usize,
    /// [`SOCKET_MESSAGES_PER_SECOND`], [`SOCKET_MESSAGES_BURST`].
    pub socket_messages_per_second: f64,
    pub socket_messages_burst: f64,
    /// [`WRONG_CODE_DELAY`].
    pub wrong_code_delay: Duration,
}

impl Default for HostLimits {
    fn default() -> HostLimits {
        HostLimits {
            header_timeout: HEADER_TIMEOUT,
            head_max_bytes: HEAD_MAX_BYTES,
            connections_per_address: CONNECTIONS_PER_ADDRESS,
            connections_total: CONNECTIONS_TOTAL,
            socket_message_max_bytes: SOCKET_MESSAGE_MAX_BYTES,
            socket_messages_per_second: SOCKET_MESSAGES_PER_SECOND,
            socket_messages_burst: SOCKET_MESSAGES_BURST,
            wrong_code_delay: WRONG_CODE_DELAY,
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
        TokenBucket::of(limits.burst, now)
    }

    /// A full bucket of `burst` tokens.
    pub fn of(burst: f64, now: Instant) -> TokenBucket {
        TokenBucket {
            tokens: burst,
            last: now,
        }
    }

    /// Takes one token, or says how long until one is there.
    pub fn take(&mut self, limits: &Limits, now: Instant) -> Result<(), Duration> {
        self.take_at(limits.per_second, limits.burst, now)
    }

    /// [`TokenBucket::take`] from a bucket of `burst` refilled at `per_second`.
    pub fn take_at(&mut self, per_second: f64, burst: f64, now: Instant) -> Result<(), Duration> {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + elapsed * per_second).min(burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            let wait = (1.0 - self.tokens) / per_second.max(f64::MIN_POSITIVE);
            Err(Duration::from_secs_f64(wait.min(3600.0)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_lets_a_burst_through_then_refills_at_the_rate() {
        let limits = Limits {
            per_second: 10.0,
            burst: 3.0,
            ..Limits::default()
        };
        let start = Instant::now();
        let mut bucket = TokenBucket::full(&limits, start);
        for _ in 0..3 {
            assert!(bucket.take(&limits, start).is_ok());
        }
        let wait = bucket.take(&limits, start).unwrap_err();
        assert!(
            wait > Duration::from_millis(90) && wait <= Duration::from_millis(100),
            "{wait:?}"
        );
        assert!(
            bucket
                .take(&limits, start + Duration::from_millis(100))
                .is_ok(),
            "one token back after a tenth of a second"
        );
        assert!(bucket
            .take(&limits, start + Duration::from_millis(100))
            .is_err());
        let later = start + Duration::from_secs(60);
        for _ in 0..3 {
            assert!(
                bucket.take(&limits, later).is_ok(),
                "never more than the burst after a long pause"
            );
        }
        assert!(bucket.take(&limits, later).is_err());
    }

    #[test]
    fn the_body_limit_is_the_protocols_line_limit() {
        assert_eq!(Limits::default().body_max_bytes, 16 * 1024);
    }

    #[test]
    fn the_host_limits_are_the_named_constants_and_fit_the_protocol() {
        let host = HostLimits::default();
        assert_eq!(host.header_timeout, HEADER_TIMEOUT);
        assert_eq!(host.head_max_bytes, HEAD_MAX_BYTES);
        assert!(
            host.head_max_bytes >= 8192,
            "hyper's read buffer may not be smaller"
        );
        assert!(
            host.connections_per_address * 4 <= host.connections_total,
            "a few phones' worth of addresses fit"
        );
        assert!(
            host.connections_total < 1024,
            "under the usual open-file limit"
        );
        assert!(
            host.socket_message_max_bytes >= 125,
            "a WebSocket ping's payload fits"
        );
        // A browser's pong per ping every 20 s is far under the rate.
        assert!(
            host.socket_messages_per_second * Limits::default().socket_ping.as_secs_f64() > 1.0
        );
        const { assert!(LOG_RECENT <= LOG_PAGE_MAX) };
    }
}
