"""The learned playout policy: a small network in whole-number arithmetic.

Level 4 can play its stock-phase playouts with this network instead of the
tips (``search.playout_net``): for the seat to move, it scores every card of
its hand from that seat's information alone (``knowledge.Info``: its cards,
the cards that may be out, the other seat's known cards, the card on the
table, the stock's size, the trick points, who took) and plays the best.
It was fitted to level 4's own search-chosen cards (``tools/train_evaluator.py``;
docs/RIVAL.md, "A learned playout policy").

Every weight is a whole number and so is every sum, so the compiled twin
(``_native_net.c``, ``net_card``) and this reference pick the same card on every
machine: a run file verifies everywhere.  The weights ship as data
(``evaluator_weights.txt``); their digest is the value of the level knob
that switches them on, so a level that uses them names exactly these weights.

The network: ``FEATURES`` whole-number inputs, one hidden layer of ``HIDDEN``
rectified units, one output per card (the suits relabelled so trumps come
first, ``CANON``).  A card's score is ``b2[c] + sum_j W2[j][c] * h[j]`` with
``h[j] = max(0, b1[j] + sum_i W1[i][j] * x[i])``; ties go to the weaker card.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import operator
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .core import native
from .knowledge import Info
from .tables import STR

if TYPE_CHECKING:
    from . import _native

__all__ = [
    "CANON", "FEATURES", "HIDDEN", "WEIGHTS_PATH", "EvaluatorError", "Net", "features",
    "load_net", "net_card", "scores", "shipped_net",
]

CARD_BITS = 32
# inputs: four card sets (hand, unseen, the other seat's known cards, the card
# led), then the scalars of ``_scalars``
SCALARS = ("taker is me", "stock", "my points // 10", "other points // 10", "belote pair",
           "tricks")
FEATURES = 4 * CARD_BITS + len(SCALARS)
HIDDEN = 64
MAGIC = "belote2p-evaluator 1"
WEIGHTS_PATH = Path(__file__).resolve().parent / "evaluator_weights.txt"


def _canon(trump: int) -> tuple[int, ...]:
    """card -> its index with the trump suit first and the others in order."""
    order = [trump] + [s for s in range(4) if s != trump]
    place = {s: i for i, s in enumerate(order)}
    return tuple(place[c >> 3] * 8 + (c & 7) for c in range(32))


CANON = tuple(_canon(t) for t in range(4))


class EvaluatorError(ValueError):
    """A weights file that cannot be used; the message says where and why."""


@dataclasses.dataclass(frozen=True)
class Net:
    """The network's whole-number weights (row-major: ``w1[i * HIDDEN + j]``,
    ``w2[j * 32 + c]``) and the digest of the file they came from."""

    w1: tuple[int, ...]
    b1: tuple[int, ...]
    w2: tuple[int, ...]
    b2: tuple[int, ...]
    digest: str

    @functools.cached_property
    def rows(self) -> tuple[tuple[int, ...], ...]:
        """W1 by input: what each input adds to the hidden units."""
        return tuple(self.w1[i * HIDDEN:(i + 1) * HIDDEN] for i in range(FEATURES))

    @functools.cached_property
    def columns(self) -> tuple[tuple[int, ...], ...]:
        """W2 by card: each hidden unit's weight in that card's score."""
        return tuple(self.w2[c::CARD_BITS] for c in range(CARD_BITS))

    @functools.cached_property
    def compiled(self) -> _native.Net | None:
        """The compiled core's copy of these weights (``_native.Net``), made
        once: an immutable value each of its net playouts is handed, so a
        thread deciding with another network never changes the weights this
        one plays with.  None where the Python core runs."""
        return None if native is None else native.Net(self.w1, self.b1, self.w2, self.b2)

    def __getstate__(self) -> dict[str, object]:
        """Pickled, the weights only: the caches are remade from them (the
        compiled twin does not pickle; a process made by spawn has its own)."""
        return {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}


def _bits(mask: int, canon: Sequence[int], offset: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(offset + canon[low.bit_length() - 1])
        mask ^= low
    return out


def _scalars(info: Info) -> list[int]:
    """The whole-number inputs after the card sets, in ``SCALARS``' order."""
    return [int(info.taker == info.seat), info.stock, info.my_pts // 10, info.opp_pts // 10,
            int(info.belote_pair), info.ntricks]


def features(info: Info) -> tuple[list[int], list[int]]:
    """The seat's inputs: the indices of the card inputs that are 1, and the
    scalars (inputs ``4 * 32`` on).  Only ``info`` is read: what the seat knows."""
    canon = CANON[info.trump]
    active = _bits(info.hand_mask, canon, 0)
    active += _bits(info.unseen, canon, CARD_BITS)
    active += _bits(info.opp_known, canon, 2 * CARD_BITS)
    if info.lead >= 0:
        active.append(3 * CARD_BITS + canon[info.lead])
    return active, _scalars(info)


def hidden(net: Net, active: Sequence[int], scalars: Sequence[int]) -> list[int]:
    """The rectified hidden units (whole numbers, as ``_native_net.c`` sums them)."""
    h = list(net.b1)
    rows = net.rows
    for i in active:
        h = [a + b for a, b in zip(h, rows[i])]
    for k, x in enumerate(scalars):
        if x:
            h = [a + x * b for a, b in zip(h, rows[4 * CARD_BITS + k])]
    return [v if v > 0 else 0 for v in h]


def scores(net: Net, info: Info, cards: Sequence[int]) -> list[int]:
    """Each card's whole-number score for the seat of ``info``."""
    h = hidden(net, *features(info))
    canon = CANON[info.trump]
    return [net.b2[canon[c]] + sum(map(operator.mul, net.columns[canon[c]], h)) for c in cards]


def net_card(net: Net, info: Info, legal: Sequence[int]) -> int:
    """The best-scored card of ``legal``; ties go to the weaker card, then the lower."""
    strength = STR[info.trump]
    ranked = zip(scores(net, info, legal), legal)
    return max(ranked, key=lambda sc: (sc[0], -strength[sc[1]], -sc[1]))[1]


# ------------------------------------------------------------- the file
def _ints(line: str, count: int, what: str, where: str) -> tuple[int, ...]:
    try:
        values = tuple(int(x) for x in line.split())
    except ValueError:
        raise EvaluatorError(f"{where}: {what}: expected whole numbers") from None
    if len(values) != count:
        raise EvaluatorError(f"{where}: {what}: expected {count} numbers, got {len(values)}")
    if any(abs(v) >= 1 << 15 for v in values):
        raise EvaluatorError(f"{where}: {what}: a weight outside -32767..32767")
    return values


def parse_net(data: bytes, where: str) -> Net:
    """The network of a weights file's bytes: a ``MAGIC`` line, a line of the
    shape (inputs, hidden units, outputs), then W1's rows, b1, W2's rows, b2."""
    try:
        lines = data.decode("ascii").splitlines()
    except UnicodeDecodeError:
        raise EvaluatorError(f"{where}: not a weights file (not ASCII text)") from None
    if not lines or lines[0] != MAGIC:
        raise EvaluatorError(f"{where}: not a weights file (expected {MAGIC!r} first)")
    expected = 2 + FEATURES + 1 + HIDDEN + 1
    if len(lines) != expected or lines[1].split() != [str(FEATURES), str(HIDDEN),
                                                      str(CARD_BITS)]:
        raise EvaluatorError(f"{where}: expected the shape {FEATURES} {HIDDEN} {CARD_BITS} "
                             f"and {expected} lines")
    body = lines[2:]
    w1 = sum((_ints(body[i], HIDDEN, f"W1 row {i}", where) for i in range(FEATURES)), ())
    b1 = _ints(body[FEATURES], HIDDEN, "b1", where)
    w2 = sum((_ints(body[FEATURES + 1 + j], CARD_BITS, f"W2 row {j}", where)
              for j in range(HIDDEN)), ())
    b2 = _ints(body[-1], CARD_BITS, "b2", where)
    return Net(w1, b1, w2, b2, digest_of(data))


def digest_of(data: bytes) -> str:
    """A weights file's digest, as the level knob ``playout_net`` names it."""
    return hashlib.sha256(data).hexdigest()[:16]


def format_net(w1: Sequence[int], b1: Sequence[int], w2: Sequence[int],
               b2: Sequence[int]) -> bytes:
    """A weights file's bytes (``parse_net``'s inverse; the trainer writes it)."""
    lines = [MAGIC, f"{FEATURES} {HIDDEN} {CARD_BITS}"]
    lines += [" ".join(map(str, w1[i * HIDDEN:(i + 1) * HIDDEN])) for i in range(FEATURES)]
    lines.append(" ".join(map(str, b1)))
    lines += [" ".join(map(str, w2[j * CARD_BITS:(j + 1) * CARD_BITS])) for j in range(HIDDEN)]
    lines.append(" ".join(map(str, b2)))
    return ("\n".join(lines) + "\n").encode("ascii")


def load_net(path: str | Path) -> Net:
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise EvaluatorError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    return parse_net(data, str(path))


@functools.lru_cache(maxsize=4)
def shipped_net(digest: str) -> Net:
    """The shipped weights, which a level names by ``digest``; EvaluatorError if
    the file's digest is another (the level was made for other weights)."""
    net = load_net(WEIGHTS_PATH)
    if net.digest != digest:
        raise EvaluatorError(f"{WEIGHTS_PATH.name}: its digest is {net.digest}, the level "
                             f"names {digest} (weights and level data disagree)")
    return net
