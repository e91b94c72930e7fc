"""The guided first hand ("Learn to play"): one fixed deal, played step by step.

The script is data: the deck order, the rival's moves in order, and the steps
(a page to read, or the player's bid or card with the actions the lesson
accepts and the sentence saying why).  ``Lesson`` runs it on a real ``Hand``:
each player action is checked against the step, and a refused one gets a
``Feedback`` saying why (the engine's ``Refusal`` for an illegal card, with the
rule; the lesson's own expectation for an allowed card that is not the one
taught here); an accepted one is played, then the rival's scripted replies.

Everything the lesson says is worked out from the player's ``SeatView`` alone
(tests/services/test_lesson.py changes the hidden cards and finds the same words).
Nothing is scored or saved.  No pygame here: the scene only draws and asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core import rules
from ..core.actions import Action, Bid, Event, Phase, Refusal, RefusalCode, parse_action
from ..core.cards import Card, parse_card
from ..core.hand import Hand
from ..core.match import PLAYER, RIVAL
from ..core.view import SeatView, view_of
from .card_words import card_label, cards_label
from .i18n import N_

DEALER = RIVAL  # the player speaks first and leads the first trick

# The deal, top first (RULES.md, "Seats and dealing"): the player's six are
# 9H KH AC / 8C 8S 7D, the turned card JH; taking, the player gets QH 7H, and
# the stock's draws bring the cards the steps below play.
def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in text.split())


DECK = _cards("9H KH AC AH TH KD 8C 8S 7D AS 9C JS JH QH 7H TD 8H AD "
              "QC JD TC KS QD 9D TS QS JC 8D 9S 7S 7C KC")

# The rival's cards, in the order it plays them (it never bids: the player takes first).
RIVAL_MOVES = _cards("9C TD 8H AD JS QC KS KD TH AH AS TS 9S 7C 8D QD")


@dataclass(frozen=True)
class Step:
    """A page to read (``expected`` empty) or a move of the player's: the
    action words the lesson accepts (those still in hand, when several)."""

    text: str  # N_: what is happening and what to do
    expected: tuple[str, ...] = ()
    title: str = ""  # N_: a page's title

    @property
    def is_page(self) -> bool:
        return not self.expected


def _page(title: str, text: str) -> Step:
    return Step(text, (), title)


def _move(text: str, *expected: str) -> Step:
    return Step(text, expected)


STEPS: tuple[Step, ...] = (
    _page(N_("Learn to play"),
          N_("One hand of two-player Belote, learnt by playing it. Nothing here is scored "
             "or saved, and Esc leaves at any time.\nYou sit at the bottom, the rival at the "
             "top. The rival dealt: you hold six cards, and the next one, J♥, is turned up.")),
    _move(N_("You speak first: take ♥, the turned card's suit, as trumps, or pass. Judge "
             "your hand on seven cards, not six: whoever takes always gets the turned card."),
          "take"),
    _page(N_("Trumps"),
          N_("You took: hearts are trumps. You received the turned J♥ and two more cards, "
             "the rival three; the other 14 cards are the stock.\nIn trumps the jack and the "
             "nine are the best cards: J 9 A 10 K Q 8 7. Now win more points than the "
             "rival: the cards hold 152, the last trick adds 10.")),
    _move(N_("Tricks 1 to 7 are free: any card may be played, nobody has to follow suit. "
             "You lead: play a low card, 8♣. An ace led now could simply be trumped."),
          "8C"),
    _move(N_("9♣ beat your 8♣, so the rival drew the top card of the stock first, then you "
             "drew J♦: the winner always draws first. The rival leads 10♦: you need not "
             "follow suit, so cut it with your smallest trump, 7♥."),
          "7H"),
    _move(N_("You won the 10 points and drew first (10♣). You lead: J♦, worth only 2. "
             "The rival may trump it: anyone may trump anything while the stock lasts."),
          "JD"),
    _move(N_("The rival trumped with 8♥. It leads A♦: keep your big trumps for the last "
             "nine tricks, when they cannot be dodged, and give a diamond worth nothing."),
          "9D", "7D"),
    _move(N_("You drew Q♠. The rival leads J♠: win it with a higher card of the same "
             "suit, your Q♠."),
          "QS"),
    _move(N_("You won and drew J♣. Lead it: a low card costs little if the rival wins."),
          "JC"),
    _move(N_("The last free trick: the rival leads K♠. Give a spade worth nothing. After "
             "this trick the stock is empty."),
          "7S", "8S"),
    _page(N_("Strict play"),
          N_("The stock is empty: you both hold nine cards, and the last nine tricks are "
             "strict. Every card you cannot see is the rival's, so its hand is shown face up.\nThe "
             "leader may lead anything. The follower must follow the suit led; on a trump "
             "lead, beat it if possible; with none of the suit led, trump if possible.")),
    _move(N_("The rival leads K♦. The dimmed cards are refused: try one to see why, then "
             "play a card that may be played."),
          "7D", "9D"),
    _move(N_("The rival leads 10♥, a trump. Your J♥ and 9♥ both beat it; play the 9♥ and "
             "keep the jack, the best card of all."),
          "9H"),
    _move(N_("You won 24 points. Lead J♥: on a trump lead the rival must play a trump, and "
             "its last one, A♥, falls."),
          "JH"),
    _move(N_("The rival has no trumps left. Lead your last spade: the rival wins it, but "
             "afterwards you have none, and a spade lead lets you trump."),
          "8S", "7S"),
    _move(N_("The rival leads 10♠ and you have no spade. Try a club to see the rule, then "
             "play K♥ or Q♥: holding both, you announce belote."),
          "KH", "QH"),
    _move(N_("Belote! You lead: play your other honour of trumps, rebelote. Together they "
             "score 20 points, whatever happens to the contract."),
          "QH", "KH"),
    _move(N_("Your clubs are winners now: the rival has no trumps. Lead one; the rival must "
             "follow with its 7♣."),
          "AC", "TC", "KC"),
    _move(N_("The rival has no club left: any card it plays loses. Lead another club."),
          "AC", "TC", "KC"),
    _move(N_("The last trick: whoever wins it scores 10 more points. Lead your last card."),
          "AC", "TC", "KC"),
    _page(N_("The count"),
          N_("Your tricks hold {cards} points, plus 10 for the last trick and 20 for belote: "
             "{total}. The rival has {rival}. The taker must finish with strictly more than "
             "the other player: you made the contract, and each of you scores their own "
             "total.")),
    _page(N_("Dedans"),
          N_("With fewer points than the rival you would have gone dedans: the rival would "
             "score all 162, and you only your belote, 20. With exactly as many (81 to 81 "
             "without belote) it is a tie, each keeping their own. So take with a hand "
             "that can win.")),
    _page(N_("The streak"),
          N_("A match is two hands: each of you deals once, and the higher total wins. In a "
             "run, every match you win adds 1 to your streak and the rival climbs a level, "
             "1 to 4; a lost or drawn match ends the run. Score: streak × 10,000, plus "
             "your winning margins (up to 9,999). Good luck!")),
)

# Why a card is refused in strict play: the rule, after the engine's reason.
RULES_TEXT: dict[RefusalCode, str] = {
    RefusalCode.MUST_FOLLOW: N_("From trick 8 on, a player who holds the suit led must "
                                "play it; the card need not win."),
    RefusalCode.MUST_OVERTRUMP: N_("When trumps are led, you must play a higher trump if "
                                   "you hold one."),
    RefusalCode.MUST_PLAY_TRUMP: N_("When trumps are led and you cannot beat the card, you "
                                    "must still play a trump."),
    RefusalCode.MUST_TRUMP: N_("With no card of the suit led, you must trump if you "
                               "can."),
}
ANOTHER_CARD = N_("{card} is allowed here, but this lesson plays {expected}: read why above, "
                  "and try again.")
ANOTHER_BID = N_("Count the turned J♥ as yours: with it you hold J, 9 and K of trumps and "
                 "A♣. The jack of trumps never loses a trick; the jack with two more trumps "
                 "is a safe contract. Take!")
NOT_NOW = N_("Not now: read the page, then go on.")


@dataclass(frozen=True)
class Feedback:
    """Why the player's action was not taken: ``refusal`` is the engine's
    reason for an illegal card (None for an allowed one), ``text`` the
    explanation (a message id, filled with ``params`` once translated)."""

    text: str
    params: tuple[tuple[str, str], ...] = ()
    refusal: Refusal | None = None


def accepted(step: Step, view: SeatView) -> tuple[Action, ...]:
    """The actions ``step`` accepts now: its expected ones the player may make."""
    legal = set(view.legal)
    return tuple(a for a in (parse_action(w) for w in step.expected) if a in legal)


def feedback(step: Step, view: SeatView, action: Action) -> Feedback | None:
    """None if the lesson takes ``action`` at ``step``, else why not, from the view alone."""
    if step.is_page or view.to_move != view.seat:
        return Feedback(NOT_NOW)
    good = accepted(step, view)
    if action in good:
        return None
    if action not in view.legal:
        refusal = _refusal(view, action)
        return Feedback(RULES_TEXT.get(refusal.code, ""), (), refusal)
    if isinstance(action, Bid):
        return Feedback(ANOTHER_BID)
    expected = cards_label((c for c in good if isinstance(c, Card)), " / ")
    return Feedback(ANOTHER_CARD, (("card", card_label(action)), ("expected", expected)))


def _refusal(view: SeatView, action: Action) -> Refusal:
    """The engine's reason, from what the seat sees (its hand, the card led, trumps).
    The lesson bids only in the first round, where a named suit is refused."""
    if isinstance(action, Bid):
        if view.phase is Phase.BIDDING:
            return Refusal(RefusalCode.TURNED_SUIT_ONLY)
        return Refusal(RefusalCode.PLAY_NOW)
    if view.phase is Phase.BIDDING:
        return Refusal(RefusalCode.BID_NOW)
    if action not in view.hand or not view.current_trick:
        return Refusal(RefusalCode.NOT_IN_HAND, card=action)
    trump, _taker = view.contract
    return rules.refusal_to_follow(view.hand, view.current_trick[0], trump, action)


def page_params(view: SeatView) -> dict[str, str]:
    """The figures a page may quote: the count once the hand is over."""
    if view.phase is not Phase.DONE or view.taker is None:
        return {}
    score = hand_score(view)
    you, rival = view.seat, view.other
    return {"cards": str(view.card_points[you]), "total": str(score.totals[you]),
            "rival": str(score.totals[rival])}


def hand_score(view: SeatView) -> rules.HandScore:
    """The finished hand's score from the view (everything is public by then)."""
    taker = view.taker
    assert taker is not None and view.tricks
    won = [sum(1 for t in view.tricks if t.winner == s) for s in (0, 1)]
    return rules.score_hand(taker, view.card_points, view.tricks[-1].winner, won, view.belote)


class Lesson:
    """The guided hand in progress.  ``deck`` is for tests (other hidden cards)."""

    def __init__(self, deck: Sequence[int] = DECK, steps: Sequence[Step] = STEPS):
        self.hand = Hand(DEALER, deck)
        self.steps = tuple(steps)
        self.index = 0
        self._rival = list(RIVAL_MOVES)
        self.last_events: list[Event] = []
        self.mistakes = 0

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def finished(self) -> bool:
        """The last page is showing."""
        return self.index == len(self.steps) - 1

    def view(self) -> SeatView:
        return view_of(self.hand, PLAYER)

    def text(self) -> tuple[str, dict[str, str]]:
        """The current step's message id and the figures it quotes."""
        return self.step.text, page_params(self.view())

    def accepted(self) -> tuple[Action, ...]:
        return accepted(self.step, self.view())

    def next_page(self) -> bool:
        """Past a page to the next step; False on a move step or the last page."""
        if not self.step.is_page or self.finished:
            return False
        self.index += 1
        return True

    def attempt(self, action: Action) -> Feedback | None:
        """The player's bid or card: played (None) with the rival's replies, or refused."""
        why = feedback(self.step, self.view(), action)
        if why is not None:
            self.mistakes += 1
            return why
        events = self.hand.apply(action)
        while self.hand.phase is Phase.PLAY and self.hand.to_move == RIVAL:
            events += self.hand.apply(self._rival.pop(0))
        self.last_events = events
        self.index += 1
        return None


def script_problems(deck: Sequence[int] = DECK) -> list[str]:
    """Plays the script with its first accepted action each time; what goes
    wrong (empty when the lesson holds together).  The tests call it."""
    lesson = Lesson(deck)
    problems: list[str] = []
    while not lesson.finished:
        if lesson.step.is_page:
            lesson.next_page()
            continue
        good = lesson.accepted()
        if not good:
            return problems + [f"step {lesson.index}: none of {lesson.step.expected} is legal"]
        lesson.attempt(good[0])
    if lesson.hand.phase is not Phase.DONE:
        problems.append("the hand is not over on the last page")
    return problems
