"""Seeded, platform-independent shuffling and dealing.

The library owns its shuffle, so the same variant, seat count and seed give the same deal on
every platform and every Python version, forever. The algorithm, in full:

* Random numbers come from **SplitMix64** (Steele, Lea and Flood, 2014): a 64-bit counter that
  advances by ``0x9E3779B97F4A7C15``, each output mixed by two xor-shift-multiply rounds.
* Each seat draws from its own stream, started at ``(seed + (stream + 1) * 0xD1B54A32D192ED03)
  mod 2**64``; the deal uses stream ``seat``, and stuck resolution number ``r`` uses stream
  ``8 * (r + 1) + seat``.
* A deck starts in the order of :attr:`nertslib.Card.id` (clubs, diamonds, hearts, spades, Ace
  to King, then jokers) and is shuffled by Fisher–Yates from the last position down, drawing
  ``j`` uniformly from ``0..i`` by rejection sampling (no modulo bias).
* The shuffled deck is dealt from its first card: one card to each work pile, then the Nerts
  pile (the first card dealt to it is its bottom), and the rest is the stock in order (its first
  card is the stock's top).
"""

from __future__ import annotations

from typing import Final, cast

from nertslib.cards import DECK_SPAN
from nertslib.context import context_for
from nertslib.errors import NertsError
from nertslib.quoting import excerpt
from nertslib.state import SEED_LIMIT, GameState, Layout
from nertslib.variants import Variant, get

__all__ = ["deal", "shuffled"]

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_STREAM: Final = 0xD1B54A32D192ED03


class SplitMix64:
    """The SplitMix64 generator: tiny, fast enough, and identical everywhere.

    >>> from nertslib.deal import SplitMix64
    >>> SplitMix64(0).next()
    16294208416658607535
    """

    __slots__ = ("_state",)

    def __init__(self, state: int) -> None:
        self._state = state & _MASK

    def next(self) -> int:
        """The next 64-bit output."""
        self._state = (self._state + _GOLDEN) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in ``0..n-1`` (``n >= 1``), by rejection sampling.

        pre: 1 <= n <= 1000
        post: 0 <= __return__ < n
        """
        limit = _rejection_limit(n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def _rejection_limit(n: int) -> int:
    """The largest multiple of ``n`` that is at most ``2**64``.

    :meth:`SplitMix64.below` keeps only 64-bit outputs below it, so ``x % n`` has no modulo bias.

    pre: 1 <= n <= 2**32
    post: __return__ % n == 0 and __return__ <= 2**64 < __return__ + n
    """
    return (1 << 64) - ((1 << 64) % n)


def shuffled(items: tuple[int, ...], seed: int, stream: int) -> tuple[int, ...]:
    """``items`` shuffled by Fisher–Yates with SplitMix64 stream ``stream`` of ``seed``.

    >>> from nertslib.deal import shuffled
    >>> shuffled((1, 2, 3, 4, 5), seed=7, stream=0)
    (5, 2, 3, 1, 4)
    """
    rng = SplitMix64(seed + (stream + 1) * _STREAM)
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def deal(variant: Variant | str, seats: int = 4, seed: int = 0) -> GameState:
    """A new hand: every seat's deck shuffled from ``seed`` and dealt (rules.md §2).

    ``variant`` is a :class:`~nertslib.Variant` or a preset name. Equal arguments always give
    equal states.

    Raises:
        NertsError: for an unknown preset, a seat count outside 1..8 (or one the variant's
            ``teams`` do not cover), or a seed that is not an int ``>= 0``.

    >>> import nertslib as nl
    >>> state = nl.deal("standard", seats=4, seed=7)
    >>> state.seats[0].nerts_top
    Card.parse('5S', owner=0)
    >>> nl.deal("standard", seats=4, seed=7) == state
    True
    >>> nl.deal("standard", seats=9)
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: seats must be an int 1..8; got 9
    """
    if isinstance(variant, str):
        variant = get(variant)
    if not isinstance(cast(object, variant), Variant):
        msg = f"variant must be a Variant or a preset name, got {variant!r}"
        raise NertsError(msg)
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        msg = f"seed must be an int from 0 to 2**64 - 1; got {excerpt(seed)}"
        raise NertsError(msg)
    ctx = context_for(variant, seats)
    per_deck = 52 + variant.jokers_per_deck
    nwork, nerts_size = ctx.nwork, variant.nerts_pile_size
    klondike = variant.work_pile_layout == "klondike"
    layouts = []
    for seat in range(seats):
        cards = shuffled(tuple(range(seat * DECK_SPAN, seat * DECK_SPAN + per_deck)), seed, seat)
        if klondike:
            # Pile i takes the next i + 1 cards; only the last of them is face up.
            starts = [i * (i + 1) // 2 for i in range(nwork + 1)]
            down = tuple(cards[starts[i] : starts[i + 1] - 1] for i in range(nwork))
            work = tuple((cards[starts[i + 1] - 1],) for i in range(nwork))
            used = starts[nwork]
        else:
            down, work, used = (), tuple((c,) for c in cards[:nwork]), nwork
        nerts = cards[used : used + nerts_size]
        deck = cards[used + nerts_size :]
        down = down if any(down) else ()
        layouts.append(
            Layout(seat=seat, nerts=nerts, work=work, deck=deck, cursor=0, passes=0, down=down)
        )
    return GameState(
        variant=variant,
        layouts=tuple(layouts),
        fnd=(),
        status=None,
        caller=-1,
        stalled=False,
        resolutions=0,
        seed=seed,
    )
