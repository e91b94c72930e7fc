"""What the table shows, as a value that lags the engine by the animations.

The engine applies an action at once; its events become *beats* (a card
flying, a pause, an announcement, a panel) that change this model one step at
a time.  The beats are built from the events alone (``BeatBuilder.build``):
the events carry every figure shown (``belote2p.core.events``), so no beat reads an
engine that has moved on.  The model holds the whole story the player has been
told: the cards, the tricks and points of the hand, and also the match's hands,
the streak, the run score, the rival's level and this hand's announcements.
Beats are its only writer; everything the table draws is derived from it, so
nothing runs ahead of the beat that announces a change, and nothing outlives
its hand.  ``TableModel.sync`` re-reads the engine only when a run is resumed
or rebuilt (practice's undo).  No pygame here: the table draws the model.
"""
from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal, TypeAlias

from ...core.actions import Bid, Event, EventKind, Phase, Trick
from ...core.cards import CARDS, KING, QUEEN, Card, sort_for_display
from ...core.events import (
    BidMade,
    ContractMade,
    Dealt,
    HandScored,
    MatchEnded,
    Standing,
    TrickTaken,
)
from ...core.hand import Hand
from ...core.match import PLAYER, RIVAL, Run
from ...core.record import record_from
from ...core.rules import HandScore
from ...core.view import SeatView
from ...services.i18n import _, format_number
from ..words import contract_banner

HISTORY_LINES = 5  # the side panel's "what happened" list keeps the last few
Wording: TypeAlias = Callable[[], str]  # words made when shown, in the language of the moment


@dataclass
class Story:
    """The match and the run as the player has been shown them."""

    streak: int = 0
    score: int = 0
    rival_level: int = 1
    hand_scores: list[tuple[int, int]] = field(default_factory=list)  # finished hands
    hands_started: int = 1
    deal_number: int = 1
    # the hand's announcements, newest last, each worded when shown (in the
    # language of the moment: a language change mid-hand leaves no old text)
    history: list[Wording] = field(default_factory=list)
    over: bool = False  # the run's end has been shown (its seed may be too)

    def tell(self, standing: Standing) -> None:
        self.streak, self.score, self.rival_level = (standing.streak, standing.score,
                                                     standing.rival_level)

    @property
    def match_scores(self) -> tuple[int, int]:
        return (sum(a for a, _b in self.hand_scores), sum(b for _a, b in self.hand_scores))

    def log(self, line: Wording) -> None:
        self.history = (self.history + [line])[-HISTORY_LINES:]

    def told(self) -> tuple[str, ...]:
        """The announcements in the language of the moment."""
        return tuple(line() for line in self.history)

    @classmethod
    def of(cls, run: Run) -> Story:
        """The story of a run whose every event has been shown (a resumed run)."""
        match = run.match
        return cls(run.streak, run.score, run.rival_level,
                   [(hs.scores[0], hs.scores[1]) for hs in match.hand_scores],
                   len(match.hands), match.hand.deal_number)


@dataclass
class TableModel:
    dealer: int = 0
    hand_no: int = 1  # 1 or 2 within the match
    mine: list[Card] = field(default_factory=list)  # seat 0's cards, display order
    hidden: set[Card] = field(default_factory=set)  # in seat 0's hand but still flying in
    rival: int = 0  # seat 1's face-down cards
    rival_hidden: int = 0  # of which still flying in (the last slots)
    pack: int = 0  # cards at the stock's place: the undealt pack, then the stock
    turned: Card | None = None
    trump: int | None = None
    taker: int | None = None
    trick: list[tuple[int, Card]] = field(default_factory=list)  # on the table
    won: list[int] = field(default_factory=lambda: [0, 0])  # tricks won, by seat
    # card points taken this hand, by seat: the last trick's 10 is never in
    # them (the end-of-hand panel shows it on its own line, so does the side panel)
    points: tuple[int, int] = (0, 0)
    last_bonus: int | None = None  # the seat that took the last trick's 10, once it has
    belote: int | None = None  # the seat whose belote (its 20) has been announced, rebelote said
    # this deal's bids, (round, seat, bid), in order: the bubbles and the
    # bidding's history are worded from them when drawn
    bids: list[tuple[int, int, Bid]] = field(default_factory=list)
    bid_suit: int | None = None  # the turned card's suit: what a round-one take makes trump
    first_turned: Card | None = None  # the card turned at the deal (it stays in the history)
    bubble_round: int = 1  # the round the bubbles show (round one's go when it closes)
    last_trick: Trick | None = None
    stock_started: bool = False  # the pack has become the stock (after the take)
    # the rival's cards once the stock is empty (every card is known then), else None
    rival_open: list[Card] | None = None
    tracked: SeatView | None = None  # the tracker's view: the engine's when last idle
    story: Story = field(default_factory=Story)

    def sort(self) -> None:
        self.mine = sort_for_display(self.mine, self.trump)

    def reset(self, dealer: int, hand_no: int) -> None:
        """A fresh hand on the table; the story goes on."""
        story = self.story
        self.__init__(dealer=dealer, hand_no=hand_no, story=story)  # type: ignore[misc]

    def visible_mine(self) -> list[Card]:
        return [c for c in self.mine if c not in self.hidden]

    def sync(self, hand: Hand, hand_no: int) -> None:
        """Snap the hand on the table to the engine (called whenever no beat
        is pending; the story is the beats' alone)."""
        self.dealer, self.hand_no = hand.dealer, hand_no
        self.trump, self.taker = hand.trump, hand.taker
        self.mine = list(hand.hands[PLAYER])
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
        self.points = (hand.card_points[0], hand.card_points[1])
        self.last_bonus = hand.tricks[-1].winner if hand.phase is Phase.DONE else None
        played = {c for t in hand.tricks for c in t.cards} | set(hand.current)
        pair = {c for c in CARDS if c.suit == hand.trump and c.rank in (KING, QUEEN)}
        self.belote = hand.belote if pair and pair <= played else None  # rebelote said
        self.last_trick = hand.tricks[-1] if hand.tricks else None
        known = not bidding and not hand.stock
        self.rival_open = list(hand.hands[RIVAL]) if known else None
        self.bids = [(1 + i // 2, seat, bid) for i, (seat, bid) in enumerate(hand.bids)]
        self.bid_suit, self.first_turned = hand.turned.suit, hand.turned
        self.bubble_round = self.bids[-1][0] if self.bids else 1
        if len(self.bids) == 2 and not any(bid.is_take for _r, _s, bid in self.bids):
            self.bubble_round = 2

    def bubbles(self) -> dict[int, Bid]:
        """Each seat's last bid of the round under way, while the bidding lasts."""
        if self.stock_started:
            return {}
        return {seat: bid for rnd, seat, bid in self.bids if rnd == self.bubble_round}


# ---------------------------------------------------------------------- beats
# ("stock",) ("turned",) ("hand", seat, card-or-slot) ("trick", seat) ("pile", seat)
# A place in the rival's fanned hand: a slot index, its middle, or the slot a
# newly drawn card takes (ui/table/positions.py resolves the names).
RivalSlot: TypeAlias = int | Literal["middle", "new"]
Anchor: TypeAlias = (tuple[Literal["stock"]] | tuple[Literal["turned"]]
                     | tuple[Literal["trick"], int] | tuple[Literal["pile"], int]
                     | tuple[Literal["hand"], int, Card | RivalSlot])
ModelStep: TypeAlias = Callable[[TableModel], None]


class BeatKind(enum.Enum):
    DEAL = "deal"
    BID = "bid"
    CONTRACT = "contract"
    PLAY = "play"
    TRICK = "trick"
    DRAW = "draw"
    ANNOUNCE = "announce"  # belote, rebelote, a redeal, the forced dealer, strict play...
    HAND_OVER = "hand_over"  # the end-of-hand panel (after hand 2: the match's too)
    CELEBRATE = "celebrate"  # a match won: the margin flies into the run score
    RUN_OVER = "run_over"


class PanelKind(enum.Enum):
    """The panels that wait for the player (each a beat's)."""

    HAND_OVER = "hand_over"
    RUN_OVER = "run_over"


@dataclass
class Flight:
    card: Card | None
    face_up: bool
    src: Anchor
    dst: Anchor
    delay: float
    dur: float
    launch: ModelStep | None = None
    land: ModelStep | None = None
    sound: str | None = None
    # filled by the scene while flying
    src_rect: object = None
    launched: bool = False
    landed: bool = False


@dataclass(frozen=True)
class Announcement:
    """Words shown over the table: at a seat, or the centre when ``seat`` is
    None, or where the stock was (``at_stock``: out of every card's way)."""

    text: str
    seat: int | None = None
    at_stock: bool = False


@dataclass(frozen=True)
class MatchSummary:
    """The match a hand-2 panel closes: both hands, totals, the winner, the margin."""

    hands: tuple[tuple[int, int], ...]
    scores: tuple[int, int]
    winner: int | None
    margin: int
    run_over: bool
    after: Standing | None = None  # a match won: the run's new streak, score and level


@dataclass(frozen=True)
class HandOver:
    """A hand's panel: its score, the card points behind it, the record its
    review replays; after hand 2 the match too."""

    score: HandScore
    card_points: tuple[int, int]
    last_winner: int  # the seat that took the last trick's 10
    hand_no: int
    match_index: int  # the match's place in the run, from 0 (with hand_no: which hand)
    match: MatchSummary | None  # the second hand's panel shows the match too
    record: dict[str, object]  # record.record_from: what the review replays

    @property
    def key(self) -> tuple[int, int]:
        """(match, hand), both from 0: which hand of the run this is."""
        return self.match_index, self.hand_no - 1


@dataclass(frozen=True)
class Celebration:
    """A match won: the figures before and after (the animation runs between)."""

    margin: int
    streak: tuple[int, int]
    score: tuple[int, int]
    level: tuple[int, int]


Payload: TypeAlias = HandOver | Celebration | None


@dataclass
class Beat:
    kind: BeatKind
    duration: float = 0.0
    start: ModelStep | None = None
    end: ModelStep | None = None
    flights: list[Flight] = field(default_factory=list)
    panel: PanelKind | None = None  # a panel that waits for the player
    banner: Announcement | None = None
    banner_time: float = 0.0  # how long the banner stays (it may outlast the beat)
    sound: str | None = None
    payload: Payload = None
    hard: bool = False  # the hand on screen is not yet the engine's: no input
    skippable: bool = False  # a click or a key ends it at once (the celebration)

    def total(self) -> float:
        ends = [f.delay + f.dur for f in self.flights]
        return max([self.duration] + ends)


HARD = {BeatKind.DEAL, BeatKind.CONTRACT, BeatKind.HAND_OVER, BeatKind.CELEBRATE,
        BeatKind.RUN_OVER}


def run_over_beat() -> Beat:
    def start(m: TableModel) -> None:
        m.story.over = True

    return Beat(BeatKind.RUN_OVER, start=start, panel=PanelKind.RUN_OVER, hard=True,
                sound="run_over")


class BeatBuilder:
    """Turns one action's events into beats.  ``timing`` holds seconds already
    scaled by the animation speed.  Words are chosen when built: a beat
    lasts seconds, shorter than any trip to the settings."""

    def __init__(self, timing: dict[str, float], seat_name: Callable[[int], str],
                 second_person: Callable[[int], bool] = lambda seat: seat == PLAYER):
        self.t = timing
        self.seat_name = seat_name
        self.second_person = second_person

    # -- the whole list
    def build(self, events: list[Event]) -> list[Beat]:
        """The beats of one action's events: a pure function of them (they carry
        every figure shown), so no beat reads an engine that has moved on."""
        beats: list[Beat] = []
        draws: list[Event] = []
        ended = next((ev for ev in events if isinstance(ev, MatchEnded)), None)
        opened: tuple[Card, ...] | None = None  # the rival's hand, known from now on
        for ev in events:
            if ev.kind != EventKind.DRAW and draws:
                beats.append(self._after_trick(beats, self.draws(draws, opened)))
                draws = []
            if ev.kind == EventKind.DRAW:
                draws.append(ev)
            elif isinstance(ev, TrickTaken):
                beats.append(self.trick(ev))
                if ev.open_hands is not None and not ev.last:
                    opened = ev.open_hands[RIVAL]
            elif isinstance(ev, HandScored):
                beats += self.hand_over(ev, ended)
            else:
                beats += self._beats_of(ev)
        if draws:
            beats.append(self._after_trick(beats, self.draws(draws, opened)))
            if opened is not None:
                beats.append(self.strict_play())
        for b in beats:
            b.hard = b.hard or b.kind in HARD
        return beats

    @staticmethod
    def _after_trick(beats: list[Beat], draws: Beat) -> Beat:
        """The draws fly while the trick they follow is swept (the trick's beat
        takes them: the time the trick stays to be read is not added to the
        hand); on their own where no trick comes before them."""
        trick = beats[-1] if beats else None
        if trick is None or trick.kind is not BeatKind.TRICK:
            return draws
        beats.pop()
        sweep = min((f.delay for f in trick.flights), default=0.0)
        first = draws.flights[0] if draws.flights else None
        for f in draws.flights:
            f.delay += sweep
        if first is not None:
            first.launch = _then(draws.start, first.launch)
        else:
            trick.start = _then(trick.start, draws.start)
        trick.end = _then(trick.end, draws.end)
        trick.flights += draws.flights
        return trick

    def _beats_of(self, ev: Event) -> list[Beat]:
        """The beats of an event that stands alone."""
        if isinstance(ev, BidMade):
            return [self.bid(ev)]
        if isinstance(ev, Dealt):
            return self.redeal(ev) if ev.kind == EventKind.REDEAL else self.deal(ev)
        if isinstance(ev, ContractMade):
            return [self.contract(ev)]
        if ev.kind == EventKind.PLAY:
            return [self.play(ev)]
        if ev.kind in (EventKind.BELOTE, EventKind.REBELOTE):
            return [self.belote(ev)]
        if isinstance(ev, MatchEnded):
            return self.match_over(ev)
        if ev.kind == EventKind.RUN_OVER:
            return [run_over_beat()]
        return []

    # -- announcements
    def announce(self, text: str, seat: int | None, log: Wording | None = None,
                 hold: bool = True, sound: str | None = "announce",
                 at_stock: bool = False, then: ModelStep | None = None) -> Beat:
        """Words shown long enough to read (``announce`` seconds); ``hold``:
        the table waits for them (else play goes on under the banner);
        ``log``: the line the side panel's history keeps, worded when shown;
        ``then``: what else the announcement changes on the table."""
        def start(m: TableModel) -> None:
            if log:
                m.story.log(log)
            if then is not None:
                then(m)

        shown = self.t["announce"]
        return Beat(BeatKind.ANNOUNCE, shown if hold else self.t["announce_step"], start=start,
                    banner=Announcement(text, seat, at_stock), banner_time=shown, sound=sound,
                    hard=hold)

    def strict_play(self) -> Beat:
        """Said where the stock was: play goes on, and no card flies over the words."""
        return self.announce(_("The stock is empty: strict play"), None, hold=False,
                             at_stock=True)

    def belote(self, ev: Event) -> Beat:
        """Belote, then rebelote: its 20 shows with the points from then on."""
        seat = ev.seat
        assert seat is not None, "belote is announced by a seat"
        if ev.kind == EventKind.BELOTE:
            return self.announce(_("Belote!"), seat, hold=False, sound="belote")
        you, name = self.second_person(seat), self.seat_name

        def log() -> str:
            return _("Belote: you +20") if you else _("Belote: {name} +20").format(
                name=name(seat))

        def counted(m: TableModel) -> None:
            m.belote = seat

        return self.announce(_("Rebelote!"), seat, log, hold=False, sound="belote",
                             then=counted)

    def capot(self, seat: int) -> Beat:
        you, name = self.second_person(seat), self.seat_name
        text = (_("Capot! You take all 16 tricks") if you
                else _("Capot! {name} takes all 16 tricks").format(name=name(seat)))

        def log() -> str:
            return _("Capot: you +252") if you else _("Capot: {name} +252").format(
                name=name(seat))

        return self.announce(text, None, log, sound="capot")

    def dedans(self, taker: int, defender_points: int) -> Beat:
        you, name = self.second_person(taker), self.seat_name
        text = (_("Dedans! Your contract fails") if you
                else _("Dedans! {name}'s contract fails").format(name=name(taker)))

        def log() -> str:
            points = format_number(defender_points)
            if you:
                return _("Dedans: you lose {points}").format(points=points)
            return _("Dedans: {name} loses {points}").format(name=name(taker), points=points)

        return self.announce(text, None, log, sound="dedans")

    def redeal(self, ev: Dealt) -> list[Beat]:
        beats = [self.redeal_notice()] + self.deal(ev)
        if ev.forced_dealer:
            beats.append(self.forced_dealer(ev.dealer))
        return beats

    def redeal_notice(self) -> Beat:
        return self.announce(_("Both passed twice: a new deal"), None)

    def forced_dealer(self, dealer: int) -> Beat:
        text = (_("Third deal: you must name a trump") if self.second_person(dealer)
                else _("Third deal: {name} must name a trump").format(
                    name=self.seat_name(dealer)))
        return self.announce(text, None, lambda: _("Third deal: the dealer must take"))

    # -- dealing
    def deal(self, ev: Dealt) -> list[Beat]:
        """The six cards each, three at a time, then the turned card."""
        dealer, first = ev.dealer, 1 - ev.dealer
        mine = list(ev.hands[PLAYER])
        turned, deal_number, hand_no = ev.turned, ev.deal_number, ev.hand_no

        def start(m: TableModel) -> None:
            m.reset(dealer, hand_no)
            m.bid_suit, m.first_turned = turned.suit, turned
            m.pack = 32
            m.mine, m.hidden = list(mine), set(mine)
            m.sort()
            m.rival, m.rival_hidden = 6, 6
            story = m.story
            if hand_no == 1 and deal_number == 1:
                story.hand_scores = []
            if deal_number == 1:  # a new hand: the last one's announcements go with it
                story.history = []
            else:
                story.log(lambda: _("Redeal: both passed"))
            story.hands_started, story.deal_number = hand_no, deal_number

        flights, t, slot = [], 0.0, 0
        for packet in range(2):
            for seat in (first, dealer):
                for i in range(3):
                    if seat == PLAYER:
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
        return [Beat(BeatKind.DEAL, start=start, flights=flights, hard=True)]

    def _to_hand(self, c: Card, face_up: bool, src: Anchor, delay: float, dur: float,
                 from_pack: bool = True) -> Flight:
        def land(m: TableModel) -> None:
            m.hidden.discard(c)

        return Flight(c, face_up, src, ("hand", PLAYER, c), delay, dur,
                      launch=_take_from_pack if from_pack else None, land=land, sound="deal")

    def _to_rival(self, slot: RivalSlot, src: Anchor, delay: float, dur: float,
                  card: Card | None = None, from_pack: bool = True) -> Flight:
        def land(m: TableModel) -> None:
            m.rival_hidden = max(0, m.rival_hidden - 1)

        return Flight(card, card is not None, src, ("hand", RIVAL, slot), delay, dur,
                      launch=_take_from_pack if from_pack else None, land=land, sound="deal")

    def bid(self, ev: BidMade) -> Beat:
        assert ev.bid is not None and ev.seat is not None, "a bid event names its bid"
        seat, bid = ev.seat, ev.bid

        def start(m: TableModel) -> None:
            m.bids = m.bids + [(1 + len(m.bids) // 2, seat, bid)]

        def end(m: TableModel) -> None:
            if len(m.bids) == 2 and not bid.is_take:  # round one is over: its bubbles go
                m.bubble_round = 2

        return Beat(BeatKind.BID, self.t["bid_pause"], start=start, end=end)

    def contract(self, ev: ContractMade) -> Beat:
        """The turned card to the taker, then three cards each, non-dealer first."""
        taker, trump, turned = ev.seat, ev.trump, ev.turned
        assert taker is not None, "a contract names its taker"
        first, dealer = 1 - ev.dealer, ev.dealer
        extra = {s: list(ev.extra[s]) for s in (0, 1)}
        banner = contract_banner(self.second_person(taker), self.seat_name(taker), trump)

        def start(m: TableModel) -> None:
            m.mine = m.mine + extra[PLAYER]
            m.hidden |= set(extra[PLAYER])
            m.rival_hidden += len(extra[RIVAL])
            m.rival += len(extra[RIVAL])

        def end(m: TableModel) -> None:
            m.trump, m.taker, m.stock_started = trump, taker, True
            m.sort()

        flights, t = [], self.t["contract_banner"] * 0.5
        slot = 6
        for seat in (first, dealer):
            for c in extra[seat]:
                from_turned = c == turned
                src: Anchor = ("turned",) if from_turned else ("stock",)
                if seat == PLAYER:
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
        return Beat(BeatKind.CONTRACT, self.t["contract_banner"], start=start, end=end,
                    flights=flights, banner=Announcement(banner, taker),
                    banner_time=self.t["contract_banner"])

    # -- play
    def play(self, ev: Event) -> Beat:
        seat, c = ev.seat, ev.card
        assert seat is not None and c is not None, "a play event names its card"

        def land(m: TableModel) -> None:
            m.trick.append((seat, c))

        src: Anchor
        if seat == PLAYER:
            def start(m: TableModel) -> None:
                if c in m.mine:
                    m.mine.remove(c)
            src = ("hand", PLAYER, c)
        else:
            def start(m: TableModel) -> None:
                m.rival = max(0, m.rival - 1)
                if m.rival_open is not None and c in m.rival_open:
                    m.rival_open.remove(c)
            src = ("hand", RIVAL, "middle")
        f = Flight(c, True, src, ("trick", seat), 0.0, self.t["play_card"], land=land,
                   sound="play")
        return Beat(BeatKind.PLAY, start=start, flights=[f])

    def trick(self, ev: TrickTaken) -> Beat:
        """Both cards stay a moment (``trick_pause``: long enough to read the
        answer, whoever thought how long; a click or a key sweeps them sooner),
        then go to the winner's pile."""
        trick, points, won, last = ev.trick, ev.points, list(ev.won), ev.last
        winner = trick.winner

        def clear(m: TableModel) -> None:
            m.trick = []

        def end(m: TableModel) -> None:
            m.won, m.points, m.last_trick = list(won), points, trick
            m.tracked = _with_trick(m.tracked, trick)
            if last:
                m.last_bonus = winner

        pause = self.t["trick_pause"]
        flights = [Flight(trick.card_of(s), True, ("trick", s), ("pile", winner),
                          pause, self.t["trick_collect"],
                          launch=clear if s == trick.leader else None,
                          sound="trick" if s == trick.leader else None)
                   for s in (trick.leader, 1 - trick.leader)]
        return Beat(BeatKind.TRICK, end=end, flights=flights)

    def draws(self, events: list[Event], opened: tuple[Card, ...] | None = None) -> Beat:
        """The cards drawn from the stock; ``opened``: the rival's hand once they
        have emptied it (known to both from their landing on)."""
        mine = [_drawn(ev) for ev in events if ev.seat == PLAYER]
        rival = sum(1 for ev in events if ev.seat == RIVAL)

        def start(m: TableModel) -> None:
            m.mine = m.mine + mine
            m.hidden |= set(mine)
            m.sort()
            m.rival += rival
            m.rival_hidden += rival

        flights, t = [], 0.0
        for ev in events:
            if ev.seat == PLAYER:
                f = self._to_hand(_drawn(ev), True, ("stock",), t, self.t["draw_card"])
            else:
                f = self._to_rival("new", ("stock",), t, self.t["draw_card"])
            f.sound = "draw"
            flights.append(f)
            t += self.t["draw_stagger"]

        def end(m: TableModel) -> None:
            if opened is not None:
                m.rival_open = list(opened)

        return Beat(BeatKind.DRAW, start=start, end=end, flights=flights)

    # -- results
    def hand_over(self, ev: HandScored, ended: MatchEnded | None) -> list[Beat]:
        """Capot or dedans announced, then the panel (the match's after hand 2,
        ``ended``). The side panel shows the hand's score when the panel opens."""
        score = ev.score
        beats: list[Beat] = []
        if score.capot is not None:
            beats.append(self.capot(score.capot))
        elif score.result == "dedans":
            beats.append(self.dedans(score.taker, score.scores[1 - score.taker]))
        summary = None
        if ended is not None:
            summary = MatchSummary(ended.hands, ended.scores, ended.seat, ended.margin,
                                   ended.run_over, ended.after if ended.seat == PLAYER else None)
        hand_score = (score.scores[0], score.scores[1])
        hand_no = ev.hand_no

        def start(m: TableModel) -> None:
            if len(m.story.hand_scores) < hand_no:
                m.story.hand_scores = m.story.hand_scores + [hand_score]

        won = (summary.winner if summary is not None
               else 0 if score.scores[0] > score.scores[1] else 1)
        sound = "win" if won == PLAYER else "lose"
        payload = HandOver(score, ev.card_points, ev.last_winner, hand_no, ev.match_index,
                           summary, record_from(ev.dealer, ev.decks, ev.actions))
        beats.append(Beat(BeatKind.HAND_OVER, start=start, panel=PanelKind.HAND_OVER,
                          sound=sound, payload=payload))
        return beats

    def match_over(self, ev: MatchEnded) -> list[Beat]:
        """A match won is celebrated after its panel (under a second at Normal,
        a click skips it); the streak, the score and the rival's level the panel
        told reach the side panel and the name plate at its end."""
        before, after = ev.before, ev.after
        if ev.seat != PLAYER or before is None or after is None:
            return []
        c = Celebration(ev.margin, (before.streak, after.streak), (before.score, after.score),
                        (before.rival_level, after.rival_level))

        def end(m: TableModel) -> None:
            m.story.tell(after)

        return [Beat(BeatKind.CELEBRATE, self.t["celebrate"], end=end, sound="celebrate",
                     payload=c, skippable=True, hard=True)]


def _then(first: ModelStep | None, second: ModelStep | None) -> ModelStep | None:
    """One model step that does ``first``, then ``second`` (either may be None)."""
    if first is None or second is None:
        return first or second

    def both(m: TableModel) -> None:
        first(m)
        second(m)

    return both


def _with_trick(view: SeatView | None, trick: Trick) -> SeatView | None:
    """The tracker's view once ``trick`` is collected: the engine's view is
    read only while the table is idle, never after the hand's last trick."""
    if view is None or trick in view.tricks:
        return view
    gone = set(trick.cards)
    other = view.other_hand
    return replace(view, tricks=view.tricks + (trick,), current_trick=(),
                   hand=tuple(c for c in view.hand if c not in gone),
                   other_hand=None if other is None else tuple(c for c in other if c not in gone),
                   known_other_cards=view.known_other_cards - gone)


def _drawn(ev: Event) -> Card:
    """The card the player drew: the engine's draw events always name it."""
    assert ev.card is not None, "a draw event names its card"
    return ev.card


def _take_from_pack(m: TableModel) -> None:
    m.pack = max(0, m.pack - 1)


def _lift_turned(m: TableModel) -> None:
    m.turned = None
