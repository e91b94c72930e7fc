"""What the table shows, as a value that lags the engine by the animations.

The engine applies an action at once; its events become *beats* (a card
flying, a pause, a banner, a panel) that change this model one step at a time.
Beats capture what they need when they are built, right after the action, so
they never read an engine that has moved on.  When no beat is pending the
model is re-synchronised from the engine, so the picture cannot drift from
the rules.  No pygame here: the table scene draws the model.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from ..actions import Event, Phase, Trick
from ..cards import SUIT_SYMBOLS, Card, sort_for_display
from ..hand import Hand
from ..services.i18n import _
from .words import contract_banner

HUMAN, RIVAL = 0, 1


@dataclass
class TableModel:
    dealer: int = 0
    hand_no: int = 1  # 1 or 2 within the match
    mine: list[Card] = field(default_factory=list)  # seat 0's cards, display order
    hidden: set = field(default_factory=set)  # in seat 0's hand but still flying in
    rival: int = 0  # seat 1's face-down cards
    rival_hidden: int = 0  # of which still flying in (the last slots)
    pack: int = 0  # cards at the stock's place: the undealt pack, then the stock
    turned: Card | None = None
    trump: int | None = None
    taker: int | None = None
    trick: list = field(default_factory=list)  # [(seat, card)] on the table
    won: list = field(default_factory=lambda: [0, 0])  # tricks won, by seat
    points: tuple = (0, 0)  # card points taken this hand, by seat
    bubbles: dict = field(default_factory=dict)  # seat -> last bid's words
    last_trick: Trick | None = None
    stock_started: bool = False  # the pack has become the stock (after the take)

    def sort(self) -> None:
        self.mine = sort_for_display(self.mine, self.trump)

    def reset(self, dealer: int, hand_no: int) -> None:
        self.__init__(dealer=dealer, hand_no=hand_no)  # type: ignore[misc]

    def visible_mine(self) -> list[Card]:
        return [c for c in self.mine if c not in self.hidden]

    def sync(self, hand: Hand, hand_no: int) -> None:
        """Snap to the engine (called whenever no beat is pending)."""
        self.dealer, self.hand_no = hand.dealer, hand_no
        self.trump, self.taker = hand.trump, hand.taker
        self.mine = list(hand.hands[HUMAN])
        self.sort()
        self.hidden = set()
        self.rival, self.rival_hidden = len(hand.hands[RIVAL]), 0
        bidding = hand.phase is Phase.BIDDING
        self.turned = hand.turned if bidding else None
        self.pack = 32 - 13 if bidding else len(hand.stock)
        self.stock_started = not bidding
        leader = hand.leader
        self.trick = [(leader, hand.current[0])] if hand.current else []
        self.won = list(hand.tricks_won)
        self.points = hand.trick_points_so_far()
        self.last_trick = hand.tricks[-1] if hand.tricks else None
        if bidding:
            self.bubbles = {seat: bid_words(bid, hand) for seat, bid in hand.bids}
        else:
            self.bubbles = {}


def bid_words(bid, hand: Hand) -> str:
    if not bid.is_take:
        return _("Pass")
    suit = hand.turned.suit if bid.suit is None else bid.suit
    return _("Take {suit}").format(suit=SUIT_SYMBOLS[suit])


# ---------------------------------------------------------------------- beats
# ("stock",) ("turned",) ("hand", seat, card-or-slot) ("trick", seat) ("pile", seat)
Anchor = tuple
# A place in the rival's fanned hand: a slot index, its middle, or the slot a
# newly drawn card takes (ui/table/positions.py resolves the names).
RivalSlot: TypeAlias = int | Literal["middle", "new"]


@dataclass
class Flight:
    card: Card | None
    face_up: bool
    src: Anchor
    dst: Anchor
    delay: float
    dur: float
    launch: Callable[[TableModel], None] | None = None
    land: Callable[[TableModel], None] | None = None
    sound: str | None = None
    # filled by the scene while flying
    src_rect: object = None
    launched: bool = False
    landed: bool = False


@dataclass
class Beat:
    kind: str
    duration: float = 0.0
    start: Callable[[TableModel], None] | None = None
    end: Callable[[TableModel], None] | None = None
    flights: list = field(default_factory=list)
    modal: str | None = None  # a panel that waits for the player
    banner: tuple | None = None  # (text, seat or None)
    sound: str | None = None
    data: dict = field(default_factory=dict)
    hard: bool = False  # the hand on screen is not yet the engine's: no input

    def total(self) -> float:
        ends = [f.delay + f.dur for f in self.flights]
        return max([self.duration] + ends)


HARD = {"deal", "redeal", "contract", "hand_over", "match_over", "run_over"}


class BeatBuilder:
    """Turns one action's events into beats.  ``timing`` holds seconds already
    scaled by the animation speed.  Banners are worded when built: a beat
    lasts seconds, shorter than any trip to the settings."""

    def __init__(self, timing: dict, seat_name: Callable[[int], str],
                 second_person: Callable[[int], bool] = lambda seat: seat == HUMAN):
        self.t = timing
        self.seat_name = seat_name
        self.second_person = second_person

    # -- the whole list
    def build(self, events: list[Event], hand: Hand, match, run) -> list[Beat]:
        beats: list[Beat] = []
        draws: list[Event] = []
        for ev in events:
            if ev.kind != "draw" and draws:
                beats.append(self.draws(draws))
                draws = []
            if ev.kind == "bid":
                beats.append(self.bid(ev, hand))
            elif ev.kind == "redeal":
                beats.append(Beat("redeal", self.t["redeal_banner"],
                                  banner=(_("Both passed twice: a new deal"), None), hard=True))
                beats += self.deal(hand, len(match.hands))
            elif ev.kind == "contract":
                beats.append(self.contract(hand))
            elif ev.kind == "play":
                beats.append(self.play(ev))
            elif ev.kind in ("belote", "rebelote"):
                word = _("Belote!") if ev.kind == "belote" else _("Rebelote!")
                beats.append(Beat(ev.kind, self.t["announce"], sound="belote",
                                  banner=(word, ev.seat)))
            elif ev.kind == "trick":
                beats.append(self.trick(hand))
            elif ev.kind == "draw":
                draws.append(ev)
            elif ev.kind == "hand_over":
                beats.append(self.hand_over(hand, match))
            elif ev.kind == "match_over":
                beats.append(self.match_over(match, run))
            elif ev.kind in ("next_hand", "next_match"):
                beats += self.deal(run.match.hand, len(run.match.hands))
            elif ev.kind == "run_over":
                beats.append(Beat("run_over", modal="run_over", hard=True))
        if draws:
            beats.append(self.draws(draws))
            if not hand.stock and hand.phase is Phase.PLAY:
                beats.append(Beat("strict", self.t["announce"],
                                  banner=(_("The stock is empty: strict play"), None)))
        for b in beats:
            b.hard = b.hard or b.kind in HARD
        return beats

    # -- dealing
    def deal(self, hand: Hand, hand_no: int) -> list[Beat]:
        """The six cards each, three at a time, then the turned card."""
        dealer, first = hand.dealer, 1 - hand.dealer
        mine = list(hand.hands[HUMAN])
        turned = hand.turned

        def start(m: TableModel) -> None:
            m.reset(dealer, hand_no)
            m.pack = 32
            m.mine, m.hidden = list(mine), set(mine)
            m.sort()
            m.rival, m.rival_hidden = 6, 6

        flights, t, slot = [], 0.0, 0
        for packet in range(2):
            for seat in (first, dealer):
                for i in range(3):
                    if seat == HUMAN:
                        c = mine[packet * 3 + i]
                        flights.append(self._to_hand(c, True, ("stock",), t, self.t["deal_card"]))
                    else:
                        flights.append(self._to_rival(slot, ("stock",), t, self.t["deal_card"]))
                        slot += 1
                    t += self.t["deal_stagger"]
                t += self.t["deal_stagger"]

        def show_turned(m: TableModel) -> None:
            m.turned = turned

        flights.append(Flight(turned, True, ("stock",), ("turned",), t, self.t["turn_up"],
                              launch=_take_from_pack, land=show_turned, sound="deal"))
        return [Beat("deal", start=start, flights=flights, hard=True)]

    def _to_hand(self, c: Card, face_up: bool, src: Anchor, delay: float, dur: float,
                 from_pack: bool = True) -> Flight:
        def land(m: TableModel) -> None:
            m.hidden.discard(c)

        return Flight(c, face_up, src, ("hand", HUMAN, c), delay, dur,
                      launch=_take_from_pack if from_pack else None, land=land, sound="deal")

    def _to_rival(self, slot: RivalSlot, src: Anchor, delay: float, dur: float,
                  card: Card | None = None, from_pack: bool = True) -> Flight:
        def land(m: TableModel) -> None:
            m.rival_hidden = max(0, m.rival_hidden - 1)

        return Flight(card, card is not None, src, ("hand", RIVAL, slot), delay, dur,
                      launch=_take_from_pack if from_pack else None, land=land, sound="deal")

    def bid(self, ev: Event, hand: Hand) -> Beat:
        words = bid_words(ev.bid, hand)
        seat = ev.seat

        def start(m: TableModel) -> None:
            m.bubbles[seat] = words

        return Beat("bid", self.t["bid_pause"], start=start)

    def contract(self, hand: Hand) -> Beat:
        """The turned card to the taker, then three cards each, non-dealer first."""
        taker, trump, turned = hand.taker, hand.contract_trump(), hand.turned
        assert taker is not None, "the contract beat comes after a take"
        first, dealer = 1 - hand.dealer, hand.dealer
        extra = {s: list(hand.hands[s][6:]) for s in (0, 1)}
        banner = contract_banner(self.second_person(taker), self.seat_name(taker), trump)

        def start(m: TableModel) -> None:
            m.mine = m.mine + extra[HUMAN]
            m.hidden |= set(extra[HUMAN])
            m.rival_hidden += len(extra[RIVAL])
            m.rival += len(extra[RIVAL])

        def end(m: TableModel) -> None:
            m.trump, m.taker, m.bubbles, m.stock_started = trump, taker, {}, True
            m.sort()

        flights, t = [], self.t["contract_banner"] * 0.5
        slot = 6
        for seat in (first, dealer):
            for c in extra[seat]:
                from_turned = c == turned
                src = ("turned",) if from_turned else ("stock",)
                if seat == HUMAN:
                    f = self._to_hand(c, True, src, t, self.t["deal_card"], not from_turned)
                else:
                    f = self._to_rival(slot, src, t, self.t["deal_card"],
                                       card=turned if from_turned else None,
                                       from_pack=not from_turned)
                    slot += 1
                if from_turned:
                    f.launch = _lift_turned
                flights.append(f)
                t += self.t["deal_stagger"]
            t += self.t["deal_stagger"]
        return Beat("contract", self.t["contract_banner"], start=start, end=end,
                    flights=flights, banner=(banner, taker))

    # -- play
    def play(self, ev: Event) -> Beat:
        seat, c = ev.seat, ev.card

        def land(m: TableModel) -> None:
            m.trick.append((seat, c))

        if seat == HUMAN:
            def start(m: TableModel) -> None:
                if c in m.mine:
                    m.mine.remove(c)
            src: Anchor = ("hand", HUMAN, c)
        else:
            def start(m: TableModel) -> None:
                m.rival = max(0, m.rival - 1)
            src = ("hand", RIVAL, "middle")
        f = Flight(c, True, src, ("trick", seat), 0.0, self.t["play_card"], land=land,
                   sound="play")
        return Beat("play", start=start, flights=[f])

    def trick(self, hand: Hand) -> Beat:
        trick = hand.tricks[-1]
        winner = trick.winner
        points = hand.trick_points_so_far()
        won = list(hand.tricks_won)

        def clear(m: TableModel) -> None:
            m.trick = []

        def end(m: TableModel) -> None:
            m.won, m.points, m.last_trick = list(won), points, trick

        pause = self.t["trick_pause"]
        flights = [Flight(trick.card_of(s), True, ("trick", s), ("pile", winner),
                          pause, self.t["trick_collect"],
                          launch=clear if s == trick.leader else None,
                          sound="trick" if s == trick.leader else None)
                   for s in (trick.leader, 1 - trick.leader)]
        return Beat("trick", end=end, flights=flights, data={"winner": winner})

    def draws(self, events: list[Event]) -> Beat:
        mine = [_drawn(ev) for ev in events if ev.seat == HUMAN]
        rival = sum(1 for ev in events if ev.seat == RIVAL)

        def start(m: TableModel) -> None:
            m.mine = m.mine + mine
            m.hidden |= set(mine)
            m.sort()
            m.rival += rival
            m.rival_hidden += rival

        flights, t = [], 0.0
        for ev in events:
            if ev.seat == HUMAN:
                f = self._to_hand(_drawn(ev), True, ("stock",), t, self.t["draw_card"])
            else:
                f = self._to_rival("new", ("stock",), t, self.t["draw_card"])
            f.sound = "draw"
            flights.append(f)
            t += self.t["draw_stagger"]
        return Beat("draw", start=start, flights=flights)

    # -- results
    def hand_over(self, hand: Hand, match) -> Beat:
        score = hand.score()
        index = match.hands.index(hand) if hand in match.hands else len(match.hand_scores) - 1
        sound = "win" if score.scores[HUMAN] > score.scores[RIVAL] else "lose"
        return Beat("hand_over", modal="hand_over", sound=sound,
                    data={"hand": hand, "score": score, "hand_no": index + 1})

    def match_over(self, match, run) -> Beat:
        data = {"hands": [hs.scores for hs in match.hand_scores],
                "scores": match.scores, "winner": match.winner, "margin": match.margin,
                "streak": run.streak, "run_score": run.score, "level": run.rival_level,
                "run_over": run.over}
        sound = "win" if match.winner == HUMAN else "lose"
        return Beat("match_over", modal="match_over", sound=sound, data=data)


def _drawn(ev: Event) -> Card:
    """The card the player drew: the engine's draw events always name it."""
    assert ev.card is not None, "a draw event names its card"
    return ev.card


def _take_from_pack(m: TableModel) -> None:
    m.pack = max(0, m.pack - 1)


def _lift_turned(m: TableModel) -> None:
    m.turned = None
