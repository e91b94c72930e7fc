"""``belote2p verify``: replay a run file and say whether it is true.

A run file is valid when it comes from this rival (same format version and
level data), its commitment is its seed's, a daily run's seed is that day's,
every action is legal, every rival action is exactly what the rival decides
(``services.rival``, re-run at each of its turns), the run ends as the file
says, and the claimed streak, margin total and score are the replay's.

The verdict is one JSON line (the last line ``verify`` prints):
``{"valid", "streak", "margin_total", "score", "problem", "facts"}`` — the
figures the replay reached (up to the problem, if any), the first problem
found, naming the action index (``actions[i]``, from 0) when an action is
wrong, and what the file says fact by fact (issue #31): ``"proven"`` for what
the replay proves (the deals, the moves, the score, the rival's version, and
for a daily run that its deals are the day's), ``"not proven"`` for those when
the file fails, and ``"reported"`` for what no replay can prove, only the
file's word: whether the attempt counted on its day's board, the player's
name, when it was played (checked for sense, and for a daily run to be on its
day, but a clock can be set), and whether the AI played it.

A file claiming ``"counted": true`` still verifies (exit 0) when its run is
true: an honest counted attempt and a practice one edited to say it counted
are the same run, so no verdict could fail one and pass the other; the
verdict says "counted: reported", never proven.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from enum import Enum, IntEnum
from typing import Any

from ..core.actions import Action, IllegalAction, parse_action
from ..core.cards import CardError
from ..core.fairness import (
    CLOCK_SKEW,
    commitment,
    daily_seed,
    daily_time_problem,
    is_daily_form,
    parse_daily_date,
    receipt_chain,
    secret_matches,
    transcript_digest,
    world_run_seed,
)
from ..core.match import RIVAL, Run
from .rival import Levels, levels_digest, rival_action
from .runfile import (
    OtherFormatVersion,
    RunEnd,
    RunFile,
    RunFileError,
    between_matches,
    parse_run_file,
    run_end,
)


class Status(IntEnum):
    """``verify``'s exit status."""

    VALID = 0
    NOT_VALID = 1
    UNREADABLE = 2


class Standing(str, Enum):
    """What a run file does for one fact."""

    PROVEN = "proven"  # the replay proves it
    NOT_PROVEN = "not proven"  # the replay would prove it, but the file failed
    REPORTED = "reported"  # only the file's word: no replay can prove it


class Fact(str, Enum):
    DEALS = "deals"  # the deals follow the seed, the one committed to
    MOVES = "moves"  # every move legal, every rival move the rival's rule
    SCORE = "score"  # the streak, margin total, score and end are the replay's
    RIVAL_VERSION = "rival_version"  # the rival's level data is this game's
    DAILY = "daily"  # a daily run's deals are its day's (its seed)
    COUNTED = "counted"  # the day's counted first attempt, or practice
    NAME = "name"  # the player's name
    PLAYED = "played"  # when it was played (started, ended)
    AI = "ai"  # the AI held the player's cards
    WORLD = "world"  # a world-daily run: its deals the day's secret's, its receipt the day's


PROVEN_FACTS = (Fact.DEALS, Fact.MOVES, Fact.SCORE, Fact.RIVAL_VERSION)
REPORTED_FACTS = (Fact.COUNTED, Fact.NAME, Fact.PLAYED, Fact.AI)


@dataclass(frozen=True)
class Verdict:
    status: Status
    streak: int = 0
    margin_total: int = 0
    score: int = 0
    problem: str | None = None
    facts: tuple[tuple[Fact, Standing], ...] = ()  # none for an unreadable file
    file: RunFile | None = None  # the file judged (None: unreadable)

    @property
    def valid(self) -> bool:
        return self.status is Status.VALID

    def as_json(self) -> dict[str, Any]:
        return {"valid": self.valid, "streak": self.streak, "margin_total": self.margin_total,
                "score": self.score, "problem": self.problem,
                "facts": {fact.value: standing.value for fact, standing in self.facts}}


def facts_of(run_file: RunFile, valid: bool) -> tuple[tuple[Fact, Standing], ...]:
    """Fact by fact, what ``run_file`` proves (``valid``: it passed) or only reports."""
    proof = Standing.PROVEN if valid else Standing.NOT_PROVEN
    proven = PROVEN_FACTS + ((Fact.DAILY,) if run_file.daily is not None else ()) \
        + ((Fact.WORLD,) if run_file.world is not None else ())
    return tuple((fact, proof) for fact in proven) + tuple(
        (fact, Standing.REPORTED) for fact in REPORTED_FACTS)


class _Problem(Exception):
    """The first thing wrong with a run file (becomes the verdict's problem)."""


# The times of a run: no run was played before belote2p existed, and a clock
# may be a little ahead of the one that checks (fairness.CLOCK_SKEW), no more.
EARLIEST_RUN = datetime(2026, 1, 1, tzinfo=timezone.utc)


def verify_run_file(run_file: RunFile, levels: Levels | None = None,
                    now: datetime | None = None) -> Verdict:
    """The verdict on a parsed run file; ``now``: the checking clock (default: UTC now)."""
    run = Run(run_file.seed)
    try:
        _check_times(run_file, datetime.now(timezone.utc) if now is None else now)
        _check_header(run_file, levels)
        _check_day(run_file)
        _check_world(run_file)
        _replay(run, run_file, levels)
        _check_end(run, run_file)
        _check_figures(run, run_file)
    except _Problem as problem:
        return _verdict(Status.NOT_VALID, run, run_file, str(problem))
    return _verdict(Status.VALID, run, run_file, None)


def _verdict(status: Status, run: Run, run_file: RunFile, problem: str | None) -> Verdict:
    return Verdict(status, run.streak, run.margin_total, run.score, problem,
                   facts_of(run_file, status is Status.VALID), run_file)


def _moment(text: str) -> datetime:
    """An ISO 8601 time (the reader checked the form); no zone means UTC."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def _check_times(run_file: RunFile, now: datetime) -> None:
    """Times that make sense: started after EARLIEST_RUN, ended not before it
    started, neither later than ``now`` plus CLOCK_SKEW."""
    started = _moment(run_file.started)
    if started < EARLIEST_RUN:
        raise _Problem(f"the run 'started' {run_file.started}, before belote2p existed "
                       f"({EARLIEST_RUN.date().isoformat()})")
    times = [("started", run_file.started, started)]
    if run_file.ended is not None:
        ended = _moment(run_file.ended)
        if ended < started:
            raise _Problem(f"the run 'ended' {run_file.ended}, before it started "
                           f"({run_file.started})")
        times.append(("ended", run_file.ended, ended))
    for key, text, moment in times:
        if moment > now + CLOCK_SKEW:
            raise _Problem(f"the run '{key}' {text}, in the future "
                           f"(this clock says {now.isoformat(timespec='seconds')})")


def _check_header(run_file: RunFile, levels: Levels | None) -> None:
    ours = levels_digest(levels)
    if run_file.levels_digest != ours:
        raise _Problem(
            f"made with another rival version: its level data digest is "
            f"{run_file.levels_digest[:12]}..., this game's is {ours[:12]}... "
            f"(file written by belote2p {run_file.game_version})")
    if run_file.commitment != commitment(run_file.seed):
        raise _Problem(f"the commitment {run_file.commitment} is not the seed's "
                       f"(SHA-256 of the seed begins {commitment(run_file.seed)})")
    if run_file.counted and run_file.daily is None:
        raise _Problem("the file says the run was a counted daily attempt, but it has "
                       "no 'daily' date")
    if run_file.daily is None and is_daily_form(run_file.seed):
        raise _Problem(f"the seed {run_file.seed!r} is a daily challenge's, but the file "
                       "says the run was no daily run (only the daily itself plays that seed)")
    if run_file.daily is not None:
        expected = daily_seed(parse_daily_date(run_file.daily))
        if run_file.seed != expected:
            raise _Problem(f"a daily run of {run_file.daily} must have the seed "
                           f"{expected!r}, not {run_file.seed!r}")


def _check_world(run_file: RunFile) -> None:
    """A world-daily run: the revealed secret opens the day's commitment, the
    seed is the account's of that day, and the run's receipt chain over its
    actions ends in a receipt the day's transcript digest holds."""
    world = run_file.world
    if world is None:
        return
    day = parse_daily_date(world.day)
    if not secret_matches(day, world.secret, world.day_commitment):
        raise _Problem(f"the secret does not open the commitment of {world.day}: "
                       "these deals were not the ones committed to")
    seed = world_run_seed(world.secret, day, world.account)
    if run_file.seed != seed:
        raise _Problem(f"the seed is not this account's of {world.day} "
                       f"(the day's secret gives {seed[:12]}...)")
    receipt = receipt_chain(day, world.account, run_file.actions)
    if receipt != world.receipt:
        raise _Problem("the receipt chain over the actions does not end in the run's "
                       "receipt: the actions are not the ones the server answered")
    if transcript_digest(list(world.final_receipts)) != world.transcript_digest:
        raise _Problem(f"the final receipts do not make {world.day}'s transcript digest")
    if receipt not in world.final_receipts:
        raise _Problem(f"the run's receipt is not in the transcript of {world.day}")


def _check_day(run_file: RunFile) -> None:
    """A daily run started on its day (``fairness.daily_time_problem``)."""
    if run_file.daily is None:
        return
    problem = daily_time_problem(parse_daily_date(run_file.daily), _moment(run_file.started))
    if problem is not None:
        raise _Problem(f"the run 'started' {run_file.started}: {problem}")


def _replay(run: Run, run_file: RunFile, levels: Levels | None) -> None:
    actions = run_file.actions
    for index, word in enumerate(actions):
        where = f"action {index} ({word})"
        if run.over:
            raise _Problem(f"{where}: the run is already over "
                           f"({len(actions) - index} actions left over)")
        try:
            action = parse_action(word)
        except CardError as exc:
            raise _Problem(f"{where}: {exc}") from None
        who = "the rival's turn" if run.match.to_move == RIVAL else "the player's turn"
        reason = run.match.hand.why_illegal(action)
        if reason is not None:
            raise _Problem(f"{where}: illegal on {who}: {reason}")
        if run.match.to_move == RIVAL:
            _check_rival(run, action, where, run_file, levels)
        try:
            run.apply(action)
        except IllegalAction as exc:
            raise _Problem(f"{where}: illegal: {exc}") from None


def _check_rival(run: Run, action: Action, where: str, run_file: RunFile,
                 levels: Levels | None) -> None:
    expected = rival_action(run, levels)
    if str(expected) != str(action):
        note = ""
        if run_file.game_version != _game_version():
            note = f" (the file was written by belote2p {run_file.game_version})"
        raise _Problem(f"{where}: the rival at level {run.rival_level} plays "
                       f"{expected} here, not {action}{note}")


def _game_version() -> str:
    from .. import __version__

    return __version__


def _check_end(run: Run, run_file: RunFile) -> None:
    claimed = run_file.end
    if claimed in (RunEnd.LOST, RunEnd.DRAWN):
        if not run.over:
            raise _Problem(
                f"the file says the run ended with a {claimed.value} match, but its "
                f"{len(run.actions)} actions stop during match {len(run.results) + 1}")
        if run_end(run, False) is not claimed:
            raise _Problem(f"the file says the last match was {claimed.value}, "
                           f"but it was {run_end(run, False).value}")
    elif run.over:
        raise _Problem(f"the file says the run was {claimed.value}, but its last match "
                       f"was {run_end(run, False).value}")
    elif claimed is RunEnd.STOPPED and not between_matches(run):
        raise _Problem(f"the file says the run stopped between matches, but its actions "
                       f"stop inside match {len(run.results) + 1}")


def _check_figures(run: Run, run_file: RunFile) -> None:
    for key, claimed, real in (("streak", run_file.streak, run.streak),
                               ("margin_total", run_file.margin_total, run.margin_total),
                               ("score", run_file.score, run.score)):
        if claimed != real:
            raise _Problem(f"the file claims {key} {claimed}, but the actions give {real}")


def verify_bytes(data: bytes, levels: Levels | None = None,
                 now: datetime | None = None) -> Verdict:
    """The verdict on a run file's bytes (unreadable: Status.UNREADABLE)."""
    try:
        run_file = parse_run_file(data)
    except OtherFormatVersion as exc:
        return Verdict(Status.NOT_VALID, problem=str(exc))
    except RunFileError as exc:
        return Verdict(Status.UNREADABLE, problem=f"not a readable run file: {exc}")
    return verify_run_file(run_file, levels, now)
