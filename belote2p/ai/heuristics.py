"""The card-play heuristics of the "Dicas e estratégia" tips, with their knobs.

One policy serves level 1 (naive knobs plus mistakes), level 2 (the tips),
level 3's stock phase (the tips with full counting) and the playouts of level
4's search.  It scores every card by what it wins or gives away in this trick
minus what the card is worth kept for later (its *keep value*):

- following, a card that wins scores the trick's points (plus a small bonus
  for the lead and the first draw), one that loses gives them away;
- leading, a card scores its points times the chance it survives, minus a
  penalty for leading trumps while the stock lasts, plus a bonus for leading
  from a short plain suit (voids let you trump in the strict phase);
- in the strict phase the leader first draws trumps with a master trump and
  cashes sure winners once the other hand has no trump left.

The J and 9 of trumps carry a large keep value at level 2 and above, so they
are kept for the strict phase.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.cards import KING, QUEEN
from ..core.rules import legal_follows
from .knowledge import Info
from .levels import PlayKnobs
from .tables import ABOVE, BEATERS, PTS, STR, SUIT_MASK


# ------------------------------------------------------------------ values
def keep_value(c: int, info: Info, k: PlayKnobs) -> float:
    """What holding ``c`` is worth for the rest of the hand (trick points aside)."""
    trump = info.trump
    rank = c & 7
    if c >> 3 == trump:
        value = k.keep_trump[rank]
        if info.belote_pair and rank in (KING, QUEEN):
            value += k.belote_keep
        return value
    value = k.keep_plain[rank]
    if not info.unseen & ABOVE[trump][c]:
        value += k.master_bonus
    return value


def _beat_chance(c: int, info: Info) -> float:
    """Rough chance that the other hand holds a card beating ``c``."""
    beaters = BEATERS[info.trump][c] & info.unseen
    if not beaters:
        return 0.0
    if info.strict:
        return 1.0
    known = beaters & info.opp_known
    if known:
        return 1.0
    unseen = info.unseen.bit_count()
    held = info.opp_count - info.opp_known.bit_count()
    if unseen <= 0 or held <= 0:
        return 0.0
    share = held / unseen
    return 1.0 - (1.0 - share) ** beaters.bit_count()


# ----------------------------------------------------------------- follow
def follow_scores(info: Info, legal: Sequence[int], k: PlayKnobs) -> list[float]:
    """The tips' score of each card of ``legal`` answering ``info.lead``."""
    trump, lead = info.trump, info.lead
    pts, beaters = PTS[trump], BEATERS[trump][lead]
    lp = pts[lead]
    out = []
    for c in legal:
        gain = lp + pts[c]
        score = gain + k.win_bonus if beaters >> c & 1 else -gain
        out.append(score - keep_value(c, info, k))
    return out


def follow_card(info: Info, legal: Sequence[int], k: PlayKnobs) -> int:
    return _best(legal, follow_scores(info, legal, k), STR[info.trump], by_card=False)


def _best(cards: Sequence[int], scores: Sequence[float], strength: Sequence[int],
          by_card: bool) -> int:
    """The best-scored card; ties go to the weaker card (then, ``by_card``, the lower)."""
    best, best_score = cards[0], scores[0]
    for c, score in zip(cards[1:], scores[1:]):
        if score > best_score or (score == best_score and (
                (strength[c], c) < (strength[best], best) if by_card
                else strength[c] < strength[best])):
            best, best_score = c, score
    return best


# ------------------------------------------------------------------- lead
def _suit_lengths(hand: Iterable[int]) -> list[int]:
    lengths = [0, 0, 0, 0]
    for c in hand:
        lengths[c >> 3] += 1
    return lengths


def lead_scores_stock(info: Info, k: PlayKnobs) -> list[float]:
    """The tips' score of leading each card of ``info.hand`` while the stock lasts."""
    trump, pts = info.trump, PTS[info.trump]
    lengths = _suit_lengths(info.hand)
    out = []
    for c in info.hand:
        p = _beat_chance(c, info)
        score = pts[c] * (1.0 - 2.0 * p) - keep_value(c, info, k)
        if c >> 3 == trump:
            score -= k.lead_trump_penalty
        else:
            score += k.short_suit_bonus * (8 - lengths[c >> 3])
        out.append(score)
    return out


def lead_card_stock(info: Info, k: PlayKnobs) -> int:
    return _best(info.hand, lead_scores_stock(info, k), STR[info.trump], by_card=True)


def lead_card_strict(info: Info, k: PlayKnobs) -> int:
    """Strict phase, the other hand in full view: draw trumps, cash, then lead low."""
    trump, strength, pts = info.trump, STR[info.trump], PTS[info.trump]
    opp = info.unseen
    tmask = SUIT_MASK[trump]
    mine_t = [c for c in info.hand if c >> 3 == trump]
    opp_t = opp & tmask
    if mine_t and opp_t:
        top_opp = max(strength[c] for c in range(trump * 8, trump * 8 + 8) if opp_t >> c & 1)
        masters = [c for c in mine_t if strength[c] > top_opp]
        if masters:
            return min(masters, key=lambda c: strength[c])
    if not opp_t:
        sure = [c for c in info.hand if not BEATERS[trump][c] & opp]
        if sure:
            return max(sure, key=lambda c: (pts[c], strength[c], c))
    best, best_score = info.hand[0], None
    for c in info.hand:
        lost = 1.0 if BEATERS[trump][c] & opp else 0.0
        score = -pts[c] * lost - keep_value(c, info, k)
        if c >> 3 != trump and not opp & SUIT_MASK[c >> 3] and opp_t:
            score += k.force_trump_bonus  # the other hand must spend a trump
        if best_score is None or score > best_score or (
                score == best_score and (strength[c], c) < (strength[best], best)):
            best, best_score = c, score
    return best


def highest_plain(info: Info) -> int:
    """A beginner's lead: the biggest plain card (aces first)."""
    trump = info.trump
    plain = [c for c in info.hand if c >> 3 != trump] or info.hand
    return max(plain, key=lambda c: (PTS[trump][c], STR[trump][c], c))


# ------------------------------------------------------------------ entry
def legal_cards(info: Info) -> list[int]:
    if info.lead < 0 or not info.strict:
        return list(info.hand)
    return legal_follows(info.hand, info.lead, info.trump)


def choose_card(info: Info, k: PlayKnobs) -> int:
    """The tips policy's card (no randomness)."""
    if info.lead >= 0:
        return follow_card(info, legal_cards(info), k)
    if info.strict:
        return lead_card_strict(info, k)
    return lead_card_stock(info, k)
