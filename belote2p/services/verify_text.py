"""``belote2p verify``'s verdict in the player's language: fact by fact, what
the run file proves and what it only reports (``services.verify``), printed
before the JSON verdict line."""

from __future__ import annotations

from .i18n import N_, _, format_number
from .verify import Fact, Standing, Verdict

FACT_WORDS = {
    Fact.DEALS: N_("the deals (they follow the seed committed to)"),
    Fact.MOVES: N_("every move (legal, and each of the rival's is its rule's)"),
    Fact.SCORE: N_("the score (streak, margin total, score and how the run ended)"),
    Fact.RIVAL_VERSION: N_("the rival's version (its level data)"),
    Fact.DAILY: N_("the deals are the daily challenge's of {date}"),
    Fact.COUNTED: N_("counted on the day's board: {value}"),
    Fact.NAME: N_("the player's name: {value}"),
    Fact.PLAYED: N_("when it was played: {value}"),
    Fact.AI: N_("played by the AI: {value}"),
    Fact.WORLD: N_("the world daily of {date}: the deals follow its revealed secret, and "
                   "the run is in the day's transcript"),
}
HEADINGS = {
    Standing.PROVEN: N_("Proven by the file:"),
    Standing.NOT_PROVEN: N_("Not proven (the file failed):"),
    Standing.REPORTED: N_("Reported by the file, not proven:"),
}


def _flag(value: bool | None) -> str:
    return _("unknown") if value is None else _("yes") if value else _("no")


def verdict_lines(verdict: Verdict) -> list[str]:
    """The verdict in sentences: valid or not (and why), then each standing's facts."""
    run_file = verdict.file
    if run_file is None:
        return []
    head = _("Valid: score {score}, streak {streak}.").format(
        score=format_number(verdict.score), streak=format_number(verdict.streak)) \
        if verdict.valid else _("Not valid: {problem}").format(problem=verdict.problem)
    values: dict[Fact, dict[str, str]] = {
        Fact.DAILY: {"date": run_file.daily or ""},
        Fact.COUNTED: {"value": _flag(run_file.counted)}, Fact.NAME: {"value": run_file.name},
        Fact.PLAYED: {"value": f"{run_file.started} – {run_file.ended or '?'}"},
        Fact.AI: {"value": _flag(run_file.ai)},
        Fact.WORLD: {"date": run_file.world.day if run_file.world else ""}}
    lines = [head]
    for standing in Standing:
        facts = [_(FACT_WORDS[fact]).format(**values.get(fact, {}))
                 for fact, said in verdict.facts if said is standing]
        if facts:
            lines.append(_(HEADINGS[standing]))
            lines += [f"  - {fact}" for fact in facts]
    return lines
