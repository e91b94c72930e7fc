"""The how-to-play sections: a name and blocks each, marked for translation
(``N_``) and translated where the help screen shows them.  A block is a
paragraph or a ``Picture`` (drawn with the game's cards: the rank orders and
points, or an example trick of a strict rule, with its caption).  The help
screen cuts the sections into pages that fit the window; docs/RULES.md is the
reference these words follow."""

from __future__ import annotations

from dataclasses import dataclass

from ..services.i18n import N_


@dataclass(frozen=True)
class Picture:
    """``kind``: "ranks" (plain suit and trumps side by side), or "example": a
    strict-play trick, ``lead`` led with trumps ``trump``, the follower holding
    ``hand`` (its legal cards are worked out by the rules)."""

    kind: str
    caption: str
    lead: str = ""
    hand: str = ""
    trump: str = "H"


Block = str | Picture
HelpPage = tuple[str, tuple[Block, ...]]

HELP_PAGES: tuple[HelpPage, ...] = (
    (N_('Rules'), (
        N_('Belote 2P is played with 32 cards: 7, 8, 9, 10, jack, queen, king and ace in '
           'each of the four suits. You play against one rival; each of you deals in turn.'),
        Picture("ranks", N_('The cards hold 152 points; the last trick adds 10: 162 a hand.')),
        N_('The deal. Each player gets six cards, three at a time, and the next card is '
           'turned face up.'),
        N_('Bidding. In the first round, starting with the player who did not deal, you '
           "may take the turned card's suit as trump, or pass. If you both pass, a second "
           'round follows in which you may name any other suit, or pass again. If you both'
           ' pass twice the cards are dealt again by the same dealer; after two redeals in'
           ' a row the dealer may no longer pass in the second round and must name a '
           'trump. Whoever takes always picks up the turned card, even when naming another'
           ' suit, plus two more cards; the other player gets three. You each hold nine '
           'cards, and 14 stay in the stock.'),
        N_('Play. The player who did not deal leads the first trick; whoever wins a trick '
           'leads the next. A trick is won by the higher trump, or, without a trump, by '
           'the higher card of the suit led: a card of another plain suit never wins.'),
        N_('The first 7 tricks are free: you may play any card. After each of them the '
           'winner draws the top card of the stock, then the loser draws the next.'),
        N_('The last 9 tricks, once the stock is empty, are strict. When a plain suit is '
           'led you must follow it (any card of it will do, you need not beat it); if you '
           'have none you must trump. When a trump is led you must play a higher trump if '
           'you can, otherwise any trump. Only when you can do neither may you play any '
           'card. The leader may always lead any card. The game dims the cards you may not'
           ' play and tells you why.'),
        Picture("example", N_('Follow suit: Q♦ is led and you hold 7♦, so you must play it; '
                              'beating the queen is not required.'), "QD", "7D AS JH"),
        Picture("example", N_('Beat a trump lead: A♥ is led and your 9♥ beats it, so it is '
                              'the only card you may play.'), "AH", "KH 9H 7C"),
        Picture("example", N_('Trump when void: Q♦ is led and you have no diamond, so you '
                              'must play a trump, J♥ or 8♥.'), "QD", "AS JH 8H"),
        N_("From then on every card you cannot see is in your rival's hand, so the "
           "rival's hand is shown face up: the end of the hand is played with both hands "
           'open. The tracker (T) shows which cards are out.'),
        N_('Belote and rebelote. Holding the king and the queen of trumps, you announce '
           'belote when you play the first of them and rebelote with the second: 20 '
           'points, whatever happens to the contract. The game announces it for you. If '
           'you did not hold both when playing the first, there is nothing to announce.'),
    )),
    (N_('Scoring'), (
        N_('Each player counts the points of the tricks they won, plus 10 for the last '
           'trick. Winning all 16 tricks is a capot, worth 252 instead of 162. Belote adds'
           ' 20.'),
        N_('The player who took must finish with strictly more points than the other, '
           'belote included. Then each scores their own total: the contract is made.'),
        N_('If the taker finishes with fewer points, the taker is dedans: the defender '
           'scores all 162 (252 for a capot) plus their own belote, and the taker keeps '
           'only their belote.'),
        N_('On an exact tie, each scores their own total. Without belote the taker needs '
           '82 of the 162 points: 81 to 81 is a tie.'),
        N_('The end-of-hand panel shows every part of the count: card points, the last '
           "trick's 10, belote, capot, and the result."),
    )),
    (N_('The streak'), (
        N_('A match is two hands: each of you deals once and speaks first once. The higher'
           ' total of the two hands wins the match; equal totals are a draw. The margin of'
           ' a win is the difference between the two totals.'),
        N_('A run is a streak of matches against the rival. The rival starts at level 1 '
           'and climbs one level each time you win a match, up to level 4, the master. A '
           'lost or drawn match ends the run.'),
        N_('Your run score is the number of matches won in a row × 10,000, plus the sum of'
           ' your winning margins (at most 9,999): equal streaks are ranked by how wide '
           'your wins were.'),
        N_('Your run is saved after every card. Closing the game does not undo a losing '
           'match: it is still there when you come back. Abandoning a run from the menu '
           'counts the unfinished match as lost; the matches you have won stand. A score '
           'good enough for the top 10 goes on the leaderboard under your name.'),
        N_("Fair deals. Deals are fixed when the run starts and can be checked afterwards: "
           "the History shows, for each run, what to check it with. \"Export run\", at the "
           "end of a run or in the History, writes a file that \"belote2p verify FILE\" "
           "checks move by move."),
        N_("The daily challenge gives every player the same deals on the same day (its seed "
           "is daily- and the date). Your first attempt of the day counts on that day's "
           "board; later attempts are practice, and the game says so before they start."),
        N_('The levels: 1 Rookie plays sensible cards but makes visible mistakes. 2 Club '
           'player follows the classic tips. 3 Card counter counts every card and plays '
           'the end perfectly. 4 Master thinks ahead over every hand you might hold.'),
    )),
    (N_('Tips'), (
        N_('Judge your bid on seven cards, not six: whoever takes always gets the turned '
           'card, even when the trump is chosen in the second round.'),
        N_('The jack of trumps is the one card that never loses a trick, and the nine '
           'comes right after it. The jack with two more trumps, or the nine with three '
           'more, is usually a safe contract. Aces of other suits are worth almost as much'
           ' as a small trump, because their 11 points are hard for the defence to win '
           'back. The king and queen of the trump suit are 20 hidden points that push a '
           'doubtful hand towards taking.'),
        N_('While there is a stock nobody has to follow suit, so an ace or a ten you lead '
           'can be cut by any small trump. Lead low cards of plain suits early; win the '
           "rival's tens and aces with a cheap trump or a higher card of the same suit, "
           'and keep the jack and nine of trumps for the last 9 tricks, when they can no '
           'longer be dodged. Winning a trick also lets you draw first, but the top card '
           'of the stock is a mystery: a pointless trick is rarely worth a valuable card.'),
        N_("When the stock runs out, the rival's hand is shown face up: every card is "
           'known and the end is played open. Count the trumps (there are 8), and remember that a'
           ' trump lead must be beaten when possible: leading a middle trump can draw out '
           'a big one, and once the rival has no trumps left your tens and aces are safe. '
           'The last trick is worth 10, so try to keep a sure winner for the end.'),
        N_('In defence you beat the contract as soon as the taker ends below half: they '
           'need strictly more points than you, 81 to 81 is only a tie (each keeps their '
           'own), and every ten or ace you save moves the line. When taking, remember that'
           ' going dedans hands the rival all 162 points: with a weak hand in the second '
           'round, passing is often cheaper. Since the streak only grows by winning whole '
           'two-hand matches, a good lead after the first hand lets you play the second '
           'one safely.'),
    )),
    (N_('Controls'), (
        N_('Mouse: click a card to play it, or drag it to the middle of the table. Click a'
           ' button to bid.'),
        N_('Keyboard: ← and → choose a card, Enter plays it, and the digits 1 to 9 pick a '
           'card by its place in your hand. While bidding, the arrows choose a button and '
           'Enter presses it, or press its digit.'),
        N_('L shows the last trick, T opens the tracker of the cards played, Esc opens the'
           ' menu, F11 switches full screen. Clicking while cards are moving hurries them '
           'along.'),
        N_('Settings: the animation speed (or none), playing a lone legal card for you, '
           'asking for a second click before a card is played, the sound, a four-colour '
           'deck (blue diamonds, green clubs), full screen, and hiding the points taken '
           'during a hand for those who prefer to count.'),
        N_('S says where the hand stands: the trump, the points, the stock left and your '
           'cards, on screen and aloud where espeak-ng is installed. A finished trick stays'
           ' a moment to be read; a click or a key sweeps it. The settings also offer large'
           ' cards and a left-handed layout, the side panel on the left.'),
    )),
)
