"""Rate limits: a token bucket per connection, a sliding window per client address.

>>> clock = [0.0]
>>> bucket = TokenBucket(rate=2, burst=3, clock=lambda: clock[0])
>>> [bucket.take() for _ in range(4)]
[True, True, True, False]
>>> clock[0] = 1.0
>>> [bucket.take() for _ in range(3)]
[True, True, False]
>>> bucket.take(at=0.5), bucket.take(at=1.5)  # an action counted when it was made
(False, True)

>>> window = AddressWindow(limit=2, seconds=60, clock=lambda: clock[0])
>>> window.allow("10.0.0.1"), window.allow("10.0.0.1"), window.allow("10.0.0.1"), window.allow("::1")
(True, True, False, True)
>>> clock[0] = 61.0
>>> window.allow("10.0.0.1")
True
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Final

__all__ = ["AddressWindow", "TokenBucket"]

Clock = Callable[[], float]
#: Client addresses an :class:`AddressWindow` remembers at most (the least recent are forgotten).
MAX_ADDRESSES: Final = 10_000


class TokenBucket:
    """At most ``burst`` actions at once, refilled at ``rate`` actions a second."""

    def __init__(self, rate: float, burst: float, clock: Clock = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = burst
        self._when = clock()

    def take(self, at: float | None = None) -> bool:
        """Spend one action (made at time ``at`` of the clock, by default now) if there is one
        left; ``False`` means: too fast, refuse it."""
        now = self._clock() if at is None else at
        if now > self._when:
            self._tokens = min(self.burst, self._tokens + (now - self._when) * self.rate)
            self._when = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False


class AddressWindow:
    """At most ``limit`` actions per client address in any ``seconds``; remembers a bounded number
    of addresses, so a flood of addresses cannot grow it without end."""

    def __init__(self, limit: int, seconds: float, clock: Clock = time.monotonic) -> None:
        self.limit = limit
        self.seconds = seconds
        self._clock = clock
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()

    def allow(self, address: str) -> bool:
        """Count an action of ``address`` if it is within the limit; ``False`` means: refuse it."""
        now = self._clock()
        times = self._seen.pop(address, None)
        if times is None:
            times = deque()
        while times and times[0] <= now - self.seconds:
            times.popleft()
        allowed = len(times) < self.limit
        if allowed:
            times.append(now)
        self._seen[address] = times  # the most recent address last
        while len(self._seen) > MAX_ADDRESSES:
            self._seen.popitem(last=False)
        return allowed

    def retry_after(self, address: str) -> float:
        """Seconds until ``address`` may act again (0 if it may now)."""
        times = self._seen.get(address)
        if not times or len(times) < self.limit:
            return 0.0
        return max(0.0, times[0] + self.seconds - self._clock())
