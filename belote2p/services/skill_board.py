"""The daily board ranked by skill (issue #32): the day's deals are the same
for every player, and each hand's difference against level 4 in the same seat
takes the cards' luck out, so the average difference a hand ranks the day's
runs by how they were played rather than by what was dealt."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .skill import Skill, skill_of

if TYPE_CHECKING:
    from ..store.api import LeaderboardEntry, RunRecord


@dataclass(frozen=True)
class SkillEntry:
    entry: LeaderboardEntry  # its rank is the skill rank; score_rank the board's
    score_rank: int
    skill: Skill

    def as_json(self) -> dict[str, Any]:
        return {**self.entry.as_json(), "score_rank": self.score_rank,
                "skill": self.skill.as_json()}


def by_skill(entries: Iterable[LeaderboardEntry], find: Callable[[int], RunRecord | None],
             skill: Callable[[RunRecord], Skill]) -> list[SkillEntry]:
    """The board's entries ranked by skill a hand, best first (a run with no
    compared hand last, ties kept in the score's order); ``find``: the store's
    run by id; ``skill``: a comparable run's figure (``skill_kept.run_skill``:
    its kept differences, the missing hands compared first)."""
    def figure(record: RunRecord | None) -> Skill:
        return skill(record) if record is not None and comparable(record) else skill_of([])

    return ranked([SkillEntry(entry, entry.rank, figure(find(entry.entry_id)))
                   for entry in entries])


def ranked(rated: list[SkillEntry]) -> list[SkillEntry]:
    """``rated`` (each entry's skill already known) in the skill's order, ranks renumbered."""
    rated = sorted(rated, key=lambda r: (r.skill.per_hand is None, -(r.skill.per_hand or 0.0),
                                         r.score_rank))
    return [dataclasses.replace(r, entry=dataclasses.replace(r.entry, rank=place))
            for place, r in enumerate(rated, 1)]


def comparable(record: RunRecord | None) -> bool:
    """Can the run's hands be played again: a finished run that kept its moves."""
    return record is not None and record.exportable and record.ended is not None
