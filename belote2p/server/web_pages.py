"""The board's web pages as HTML: the day's board, a closed day's run hand by
hand, and the page of a request that names nothing.

Server-rendered and complete without JavaScript (the page has none: its
Content-Security-Policy forbids every script).  Every value from outside —
a player's name above all — goes through ``esc`` (``html.escape``, quotes
too) where it is written, and nothing else builds markup from data.  The one
style sheet is the constant ``CSS`` below, inline, allowed by its hash
(``STYLE_HASH``): no style attribute anywhere, no font, image or script from
any address.  Each page is written with the translator of its request's
language (``Translator``), never the process's current language: the server
answers several languages at once.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from html import escape
from urllib.parse import quote, urlencode

from ..core.actions import Bid, HandResult
from ..core.cards import DIAMONDS, HEARTS, SUIT_SYMBOLS, Card, sort_for_display
from ..core.match import PLAYER, RIVAL
from ..services.card_words import card_label
from ..services.i18n import LANGUAGE_NAMES, LANGUAGES, Translator
from .web_model import BOARD_ORDERS, BoardOrder, BoardRow, DayBoard, RunRecord
from .web_replay import DealStory, HandStory, MatchStory, RunStory, TrickStory

CSS = """\
:root{--ink:#1c2a23;--muted:#55665d;--line:#d3dcd6;--felt:#14532d;--bg:#f5f7f5;--box:#fff;\
--red:#b42318;--tint:#e8f3ec}
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;\
color:var(--ink);background:var(--bg)}
a{color:#0b5d3b}
.top{display:flex;flex-wrap:wrap;gap:.4rem 1rem;align-items:center;justify-content:space-between;\
padding:.6rem 1rem;background:var(--felt);color:#fff}
.top a{color:#fff}
.brand{font-weight:700;font-size:1.1rem;text-decoration:none}
.langs{display:flex;flex-wrap:wrap;gap:.2rem .8rem;margin:0;padding:0;list-style:none}
.langs a[aria-current]{font-weight:700;text-decoration:none}
main{max-width:62rem;margin:0 auto;padding:.75rem 1rem 2rem}
h1{font-size:1.45rem;line-height:1.25;margin:.4rem 0;overflow-wrap:anywhere}
h2{font-size:1.15rem;margin:1.4rem 0 .5rem;overflow-wrap:anywhere}
h3{font-size:1rem;margin:1rem 0 .4rem}
p{margin:.4rem 0}
.status{display:inline-block;padding:.15rem .6rem;border-radius:999px;font-size:.9rem;\
background:var(--tint);color:var(--felt);font-weight:600}
.status.closed{background:#eceff1;color:#37474f}
.days{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.4rem 1rem;margin:.6rem 0}
.box{background:var(--box);border:1px solid var(--line);border-radius:.5rem;padding:.7rem 1rem;\
margin:.8rem 0}
.box>h2:first-child{margin-top:0}
.proof dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.3rem .8rem;margin:0}
.proof dt{font-weight:600}
.proof dd{margin:0;min-width:0}
.hex{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85rem;\
overflow-wrap:anywhere;word-break:break-all}
.note{color:var(--muted);font-size:.92rem}
.tabs{display:flex;flex-wrap:wrap;gap:.5rem;margin:1rem 0 .6rem;padding:0;list-style:none}
.tabs a{display:inline-block;padding:.3rem .9rem;border:1px solid var(--line);border-radius:999px;\
background:var(--box);text-decoration:none}
.tabs a[aria-current]{background:var(--felt);border-color:var(--felt);color:#fff}
table{width:100%;border-collapse:collapse;background:var(--box)}
th,td{padding:.45rem .6rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
th{font-size:.85rem;color:var(--muted);font-weight:600}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
th.num{white-space:normal}
.board{table-layout:fixed}
.board .rank{width:3.2rem}
.board .score{width:7.5rem}
.board .won{width:8rem}
.board .skill{width:12.5rem}
.who{display:block;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-weight:600}
.sub{display:block;color:var(--muted);font-size:.8rem;white-space:normal}
.badge{display:inline-block;margin-top:.1rem;padding:0 .45rem;border-radius:999px;\
font-size:.75rem;background:#fff4d6;color:#7a4b00}
.empty{padding:1rem;text-align:center;color:var(--muted)}
.card{font-weight:700;white-space:nowrap}
.red{color:var(--red)}
.cards{overflow-wrap:anywhere}
.tricks{table-layout:fixed;font-variant-numeric:tabular-nums;max-width:42rem}
.tricks .n{width:2.6rem}
.tricks .seat{width:22%}
.tricks .pts{width:4.2rem}
.tricks th,.tricks td{padding:.25rem .5rem}
.tricks .lead .card::after{content:" \\25B8";color:var(--muted);font-weight:400}
.tricks .win{background:var(--tint)}
.cut{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.points{max-width:30rem;table-layout:fixed}
.points th:first-child{width:45%}
.match>h2{border-bottom:2px solid var(--felt);padding-bottom:.2rem}
.hand{background:var(--box);border:1px solid var(--line);border-radius:.5rem;\
padding:.4rem .9rem .8rem;margin:.8rem 0}
.button{display:inline-block;padding:.45rem 1rem;border-radius:.4rem;background:var(--felt);\
color:#fff;text-decoration:none;font-weight:600}
footer{max-width:62rem;margin:0 auto;padding:1rem;color:var(--muted);font-size:.9rem}
@media (max-width:40rem){
main{padding:.5rem .6rem 1.5rem}
h1{font-size:1.25rem}
.proof dl{grid-template-columns:minmax(0,1fr)}
.proof dd{margin-bottom:.3rem}
.board thead{display:none}
.board,.board tbody,.board caption{display:block}
.board caption{text-align:left;padding:.2rem .3rem}
.board tr{display:grid;grid-template-columns:2.2rem minmax(0,1fr) max-content;\
grid-template-areas:"rank name score" "rank won won" "rank skill skill";column-gap:.5rem;\
border-bottom:1px solid var(--line);padding:.45rem .3rem}
.board td{border:0;padding:.05rem 0;text-align:left}
.board td.rank,.board td.score,.board td.won,.board td.skill{width:auto}
.board .rank{grid-area:rank;font-size:1.05rem;font-weight:600}
.board .name{grid-area:name;min-width:0}
.board .score{grid-area:score;font-weight:700;text-align:right}
.board .won{grid-area:won}
.board .skill{grid-area:skill;white-space:normal}
.board .skill .sub{display:inline;margin-left:.4rem}
.board td[data-label]::before{content:attr(data-label) " ";color:var(--muted);font-size:.85rem}
.tricks .n{width:2rem}
.tricks .pts{width:3.9rem}
.tricks th,.tricks td{padding:.25rem .3rem}
}
"""
STYLE_HASH = "sha256-" + base64.b64encode(hashlib.sha256(CSS.encode()).digest()).decode()


def esc(value: object) -> str:
    """Text for HTML content or a quoted attribute: ``& < > " '`` escaped."""
    return escape(str(value), quote=True)


# -- the frame of every page ---------------------------------------------------------

@dataclass(frozen=True)
class Page:
    """What every page of one request shares: its language and where it is."""

    tr: Translator
    path: str  # the page's own path, for its language links
    query: tuple[tuple[str, str], ...] = ()  # its other parameters (by=...)

    @property
    def lang(self) -> str:
        return self.tr.code

    def href(self, path: str, **params: str) -> str:
        """A link to ``path`` in this page's language."""
        return path + "?" + urlencode({**params, "lang": self.lang})

    def language_links(self) -> str:
        items = []
        for code in LANGUAGES:
            href = self.path + "?" + urlencode((*self.query, ("lang", code)))
            current = ' aria-current="true"' if code == self.lang else ""
            items.append(f'<li><a href="{esc(href)}" hreflang="{code}" lang="{code}"'
                         f'{current}>{esc(LANGUAGE_NAMES[code])}</a></li>')
        return "".join(items)


def document(page: Page, title: str, body: str, json_href: str | None = None) -> str:
    tr = page.tr
    alternate = (f'<link rel="alternate" type="application/json" href="{esc(json_href)}">'
                 if json_href else "")
    # TRANSLATORS: the link under the web board to the same data as JSON
    as_json = tr._("This page as JSON")
    json_link = (f'<a href="{esc(json_href)}" type="application/json">{esc(as_json)}</a>'
                 if json_href else "")
    # TRANSLATORS: the label (for screen readers) of the web page's language links
    language = tr._("Language")
    home = page.href("/")
    return (
        "<!doctype html>"
        f'<html lang="{page.lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="referrer" content="no-referrer"><title>{esc(title)}</title>'
        f"<style>{CSS}</style>{alternate}</head><body>"
        f'<header class="top"><a class="brand" href="{esc(home)}">Belote 2P</a>'
        f'<nav aria-label="{esc(language)}"><ul class="langs">'
        f"{page.language_links()}</ul></nav></header>"
        f"<main>{body}</main>"
        f"<footer>{json_link}</footer></body></html>"
    )


# -- the day's board -----------------------------------------------------------------

def board_page(page: Page, board: DayBoard, today: date) -> str:
    tr = page.tr
    day = tr.date(board.day)
    # TRANSLATORS: the title of the web page of one day's board; {date} is written out
    title = tr._("Daily board · {date}").format(date=day)
    body = (
        f'<h1>{esc(title)}</h1>'
        f"{_status(tr, board)}"
        f"{_day_links(page, board.day, today, board.by)}"
        f"{_proof(tr, board)}"
        f"{_order_tabs(page, board)}"
        f"{_board_table(page, board)}"
    )
    return document(page, title, body, json_twin(board.day, board.by))


def json_twin(day: date, by: BoardOrder) -> str:
    return f"/api/v1/days/{day.isoformat()}/board?" + urlencode({"by": by})


def _status(tr: Translator, board: DayBoard) -> str:
    if board.closed:
        # TRANSLATORS: a day's board once the day is over (the runs can be checked)
        closed = tr._("Closed: every run is final")
        return f'<p><span class="status closed">{esc(closed)}</span></p>'
    # TRANSLATORS: a day's board while the day goes on; the day ends at midnight UTC
    text = tr._("Open: the day closes at 00:00 UTC")
    return f'<p><span class="status">{esc(text)}</span></p>'


def _day_links(page: Page, day: date, today: date, by: BoardOrder) -> str:
    tr = page.tr
    before = day - timedelta(days=1)
    links = [f'<a rel="prev" href="{esc(page.href(day_path(before), by=by))}">'
             f"← {esc(tr.date(before))}</a>"]
    if day < today:
        after = day + timedelta(days=1)
        path = "/" if after == today else day_path(after)
        links.append(f'<a rel="next" href="{esc(page.href(path, by=by))}">'
                     f"{esc(tr.date(after))} →</a>")
    # TRANSLATORS: the label (for screen readers) of the previous / next day links
    label = tr._("Other days")
    return f'<nav class="days" aria-label="{esc(label)}">{"".join(links)}</nav>'


def day_path(day: date) -> str:
    return f"/day/{day.isoformat()}"


def _proof(tr: Translator, board: DayBoard) -> str:
    # TRANSLATORS: the box of the web board with the day's commitment (and, once closed,
    # the secret and the transcript digest)
    rows = [(tr._("Commitment"), board.commitment)]
    if board.closed and board.secret:
        rows.append((tr._("Secret"), board.secret))
    if board.closed and board.transcript_digest:
        rows.append((tr._("Transcript digest"), board.transcript_digest))
    items = "".join(f'<dt>{esc(label)}</dt><dd class="hex">{esc(value)}</dd>'
                    for label, value in rows)
    if board.closed:
        sentence = tr._(
            "The secret matches the commitment published before the day began, so no deal "
            "was changed afterwards; the transcript digest seals every run's actions. Download "
            "a run below and check it offline with “belote2p verify”.")
    else:
        sentence = tr._(
            "The commitment fixes the day's secret, from which every deal follows, before "
            "anyone plays; the secret is shown here once the day closes, so anyone can then "
            "check that no deal was changed.")
    heading = tr._("Fair deals")
    return (f'<section class="box proof"><h2>{esc(heading)}</h2><dl>{items}</dl>'
            f'<p class="note">{esc(sentence)}</p></section>')


def _order_tabs(page: Page, board: DayBoard) -> str:
    tr = page.tr
    names = {"score": tr._("By score"), "skill": tr._("By skill")}
    path = "/" if page.path == "/" else day_path(board.day)
    items = []
    for order in BOARD_ORDERS:
        current = ' aria-current="page"' if order == board.by else ""
        items.append(f'<li><a href="{esc(page.href(path, by=order))}"{current}>'
                     f"{esc(names[order])}</a></li>")
    # TRANSLATORS: the label (for screen readers) of the board's two orders
    label = tr._("Order of the board")
    return (f'<nav aria-label="{esc(label)}"><ul class="tabs">'
            f'{"".join(items)}</ul></nav>')


def _board_table(page: Page, board: DayBoard) -> str:
    tr = page.tr
    if not board.rows:
        # TRANSLATORS: a day's web board before anyone has played
        nobody = tr._("No one has played this day yet.")
        return f'<p class="box empty">{esc(nobody)}</p>'
    columns = (("rank num", tr._("#")), ("name", tr._("Name")), ("score num", tr._("Score")),
               ("won num", tr._("Matches won")), ("skill num", tr._("Skill a hand")))
    head = "<thead><tr>" + "".join(f'<th class="{kind}">{esc(text)}</th>'
                                   for kind, text in columns) + "</tr></thead>"
    rows = "".join(_board_row(page, board, row) for row in board.rows)
    caption = (tr._("The day's players by score") if board.by == "score"
               else tr._("The day's players by skill a hand against level 4"))
    return (f'<table class="board"><caption class="note">{esc(caption)}</caption>'
            f"{head}<tbody>{rows}</tbody></table>")


def _board_row(page: Page, board: DayBoard, row: BoardRow) -> str:
    tr = page.tr
    name = esc(row.name)
    if board.closed and row.run_id:
        href = page.href(run_path(board.day, row.run_id))
        who = f'<a class="who" href="{esc(href)}" title="{name}">{name}</a>'
    else:
        who = f'<span class="who" title="{name}">{name}</span>'
    if not row.finished:
        # TRANSLATORS: a board row whose run is still being played
        playing = tr._("playing")
        who += f'<span class="badge">{esc(playing)}</span>'
    # TRANSLATORS: a figure's label before its value on a phone ("Matches won: 3");
    # French puts a no-break space before the colon
    labelled = tr._("{label}:")
    won = labelled.format(label=tr._("Matches won"))
    skill = labelled.format(label=tr._("Skill a hand"))
    return (f'<tr><td class="rank num">{esc(tr.number(row.rank))}</td>'
            f'<td class="name">{who}</td>'
            f'<td class="score num">{esc(tr.number(row.score))}</td>'
            f'<td class="won num" data-label="{esc(won)}">'
            f"{esc(tr.number(row.matches_won))}</td>"
            f'<td class="skill num" data-label="{esc(skill)}">'
            f"{_skill_cell(tr, board, row)}</td></tr>")


def _skill_cell(tr: Translator, board: DayBoard, row: BoardRow) -> str:
    hands = tr.ngettext("{n} hand", "{n} hands", row.hands).format(n=tr.number(row.hands))
    if row.skill_pending:
        # TRANSLATORS: the skill of a run whose hands are still being compared with level 4
        pending = tr._("pending")
        return f'{esc(pending)}<span class="sub">{esc(hands)}</span>'
    if row.hands < board.min_skill_hands or row.skill_per_hand is None:
        # TRANSLATORS: a run with fewer hands than the board needs to show a skill figure;
        # {n} and {min} are counts of hands
        need = tr._("{n} of {min} hands").format(n=tr.number(row.hands),
                                                 min=tr.number(board.min_skill_hands))
        few = tr._("too few hands")
        return f'{esc(few)}<span class="sub">{esc(need)}</span>'
    detail = hands
    if row.skill_interval is not None:
        low, high = row.skill_interval
        # TRANSLATORS: the 95% interval of a skill figure, then the hands it is over
        detail = tr._("{low} to {high} · {hands}").format(
            low=tr.signed_tenths(low), high=tr.signed_tenths(high), hands=hands)
    return f'{esc(tr.signed_tenths(row.skill_per_hand))}<span class="sub">{esc(detail)}</span>'


def run_path(day: date, run_id: str) -> str:
    return f"{day_path(day)}/run/{quote(run_id, safe='')}"


def run_file_path(day: date, run_id: str) -> str:
    return f"/api/v1/days/{day.isoformat()}/runs/{quote(run_id, safe='')}/file"


# -- a run, hand by hand ---------------------------------------------------------------

Seats = tuple[str, str]  # how the run page names the two seats (raw), by seat


def run_page(page: Page, day: date, run_id: str, record: RunRecord, story: RunStory,
             by: BoardOrder) -> str:
    tr = page.tr
    seats: Seats = (record.name, tr._("Rival"))
    # TRANSLATORS: the title of the web page of one player's run; {date} is written out
    title = tr._("{name}'s run · {date}").format(name=record.name, date=tr.date(day))
    back = page.href(day_path(day), by=by)
    # TRANSLATORS: the link back from a run's page to its day's board
    back_text = tr._("← The board of {date}").format(date=tr.date(day))
    won = tr.ngettext("{n} match won", "{n} matches won", story.streak).format(
        n=tr.number(story.streak))
    summary = tr._("Score {score} · {won}").format(score=tr.number(story.score), won=won)
    verify_note = tr._("“belote2p verify” checks the file offline: the deals follow from the "
                       "day's secret, every action is legal and the score follows.")
    download_text = tr._("Download the run file")
    download = (f'<p><a class="button" href="{esc(run_file_path(day, run_id))}" download>'
                f'{esc(download_text)}</a></p>'
                f'<p class="note">{esc(verify_note)}</p>')
    broken = ""
    if story.broken_at is not None:
        # TRANSLATORS: a run whose record the rules refuse part-way (a damaged record);
        # {n} is the action's number, {why} the engine's words (in English)
        text = tr._("The record stops at action {n}, which the rules refuse: {why}").format(
            n=tr.number(story.broken_at), why=story.broken_because or "")
        broken = f'<p class="box">{esc(text)}</p>'
    matches = "".join(_match(tr, seats, match) for match in story.matches)
    body = (f'<p><a href="{esc(back)}">{esc(back_text)}</a></p><h1>{esc(title)}</h1>'
            f"<p>{esc(summary)}</p>{download}{broken}{matches}")
    return document(page, title, body, run_file_path(day, run_id))  # its twin: the run file


def _match(tr: Translator, seats: Seats, match: MatchStory) -> str:
    level = tr._("Rival level {level}").format(level=tr.number(match.level))
    heading = tr._("Match {n}").format(n=tr.number(match.number)) + " · " + level
    if match.scores is None:
        # TRANSLATORS: a match the day's close stopped (it counts as lost)
        result = tr._("unfinished: the day closed")
    else:
        mine, theirs = match.scores
        shown = f"{tr.number(mine)}–{tr.number(theirs)}"
        if match.winner == PLAYER:
            result = tr._("won {scores}").format(scores=shown)
        elif match.winner == RIVAL:
            result = tr._("lost {scores}").format(scores=shown)
        else:
            result = tr._("drawn {scores}").format(scores=shown)
    hands = "".join(_hand(tr, seats, hand) for hand in match.hands)
    return (f'<section class="match"><h2>{esc(heading)} · {esc(result)}</h2>'
            f"{hands}</section>")


def _hand(tr: Translator, seats: Seats, hand: HandStory) -> str:
    parts = ["<h3>" + esc(tr._("Hand {n}").format(n=tr.number(hand.number))) + "</h3>"]
    parts += [_deal(tr, seats, deal, len(hand.deals) > 1) for deal in hand.deals]
    if hand.taker is not None and hand.trump is not None:
        contract = tr._("Trumps {suit}, taken by {name}").format(
            suit=SUIT_SYMBOLS[hand.trump], name=seats[hand.taker])
        parts.append(f"<p><strong>{esc(contract)}</strong></p>")
    if hand.tricks:
        parts.append(_tricks(tr, seats, hand.tricks, hand.trump))
    if hand.score is None:
        # TRANSLATORS: a hand the day's close stopped; its remaining tricks go to the rival
        unfinished = tr._("Unfinished: the day closed during this hand.")
        parts.append(f'<p class="note">{esc(unfinished)}</p>')
    else:
        parts.append(_hand_score(tr, seats, hand))
    return f'<article class="hand">{"".join(parts)}</article>'


def _deal(tr: Translator, seats: Seats, deal: DealStory, several: bool) -> str:
    lines = []
    dealer = tr._("Dealer: {name}").format(name=seats[deal.dealer])
    if several:
        # TRANSLATORS: the deal's number within a hand (both passed twice: dealt again)
        dealer = tr._("Deal {n}").format(n=tr.number(deal.number)) + " · " + dealer
    turned = tr._("Turned card")
    lines.append(f"<p>{esc(dealer)} · {esc(turned)} {_card(tr, deal.turned)}</p>")
    for seat in (PLAYER, RIVAL):
        cards = " ".join(_card(tr, c) for c in sort_for_display(deal.hands[seat]))
        lines.append(f'<p class="cards"><span class="cut">{esc(seats[seat])}</span>: {cards}</p>')
    bids = " · ".join(f"{esc(seats[seat])}: {esc(_bid(tr, bid, deal.turned))}"
                      for seat, bid in deal.bids)
    if bids:
        lines.append("<p>" + esc(tr._("Bids")) + f": {bids}</p>")
    return "".join(lines)


def _bid(tr: Translator, bid: Bid, turned: Card) -> str:
    if not bid.is_take:
        return tr._("Pass")
    return tr._("Take {suit}").format(suit=SUIT_SYMBOLS[bid.trump(turned.suit)])


def _card(tr: Translator, card: Card) -> str:
    red = " red" if card.suit in (HEARTS, DIAMONDS) else ""
    return f'<span class="card{red}">{esc(card_label(card, tr.code))}</span>'


def _tricks(tr: Translator, seats: Seats, tricks: Sequence[TrickStory], trump: int | None) -> str:
    columns = (("n num", tr._("#")), ("seat cut", seats[PLAYER]), ("seat cut", seats[RIVAL]),
               ("cut", tr._("Won by")), ("pts num", tr._("Points")))
    head = "<thead><tr>" + "".join(f'<th class="{kind}">{esc(text)}</th>'
                                   for kind, text in columns) + "</tr></thead>"
    rows = []
    for trick in tricks:
        cells = []
        for seat in (PLAYER, RIVAL):
            classes = ["seat"] + (["lead"] if seat == trick.leader else []) + (
                ["win"] if seat == trick.winner else [])
            said = "".join(f' <span class="sub">{esc(_said(tr, kind))}</span>'
                           for who, kind in trick.belote if who == seat)
            cells.append(f'<td class="{" ".join(classes)}">{_card(tr, trick.card_of(seat))}'
                         f"{said}</td>")
        rows.append(f'<tr><td class="n num">{esc(tr.number(trick.number))}</td>{"".join(cells)}'
                    f'<td class="cut">{esc(seats[trick.winner])}</td>'
                    f'<td class="pts num">{esc(tr.number(trick.points))}</td></tr>')
    # TRANSLATORS: the note under a hand's tricks on the web page: ▸ marks who led
    legend = tr._("▸ led the trick; the shaded card took it.")
    return (f'<table class="tricks">{head}<tbody>{"".join(rows)}</tbody></table>'
            f'<p class="note">{esc(legend)}</p>')


def _said(tr: Translator, kind: str) -> str:
    return tr._("Belote") if kind == "belote" else tr._("Rebelote")


def _hand_score(tr: Translator, seats: Seats, hand: HandStory) -> str:
    score = hand.score
    assert score is not None
    results = {HandResult.MADE: tr._("made"), HandResult.DEDANS: tr._("dedans"),
               HandResult.TIE: tr._("tie")}
    outcome = results[score.result]
    if score.capot is not None:
        outcome += " · " + tr._("capot")
    rows = [(tr._("Trick points"), score.trick_points), (tr._("Belote"), score.belote_points),
            (tr._("Hand score"), score.scores)]
    body = "".join(f'<tr><th>{esc(label)}</th><td class="num">{esc(tr.number(pair[PLAYER]))}</td>'
                   f'<td class="num">{esc(tr.number(pair[RIVAL]))}</td></tr>'
                   for label, pair in rows)
    contract = tr._("Contract")
    head = (f'<thead><tr><th>{esc(contract)}: {esc(outcome)}</th>'
            f'<th class="num cut">{esc(seats[PLAYER])}</th>'
            f'<th class="num cut">{esc(seats[RIVAL])}</th></tr></thead>')
    return f'<table class="points">{head}<tbody>{body}</tbody></table>'


# -- a request that names nothing ----------------------------------------------------------

def error_page(page: Page, title: str, message: str) -> str:
    tr = page.tr
    # TRANSLATORS: the link on a web error page back to today's board
    today = tr._("Today’s board")
    home = f'<p><a href="{esc(page.href("/"))}">{esc(today)}</a></p>'
    return document(page, title, f"<h1>{esc(title)}</h1><p>{esc(message)}</p>{home}")
