"""The API's request and answer models (pydantic): one schema, in /openapi.json.

Cards and bids are the record's words (``TS``, ``take:H``); a seat's view is
``services.world.protocol.view_to_json``'s object, typed field by field here.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Word = str  # a card (TS) or a bid (pass, take, take:H)
HEX64 = r"^[0-9a-f]{64}$"


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewAccountRequest(Strict):
    name: str = Field(min_length=1, max_length=200, description="1-24 visible characters")


class RecoverRequest(Strict):
    name: str = Field(min_length=1, max_length=200)
    recovery_code: str = Field(min_length=1, max_length=200)


class AccountAnswer(BaseModel):
    name: str
    token: str = Field(description="send as Authorization: Bearer <token>; shown once")
    recovery_code: str = Field(description="one-time code that issues a new token; shown once")


class Me(BaseModel):
    name: str


class ActionRequest(Strict):
    seq: int = Field(ge=1, le=100_000, description="the player's action number, from 1")
    word: str = Field(min_length=1, max_length=8, description="a card (TS) or a bid (take:H)")


class TrickModel(BaseModel):
    leader: int
    cards: list[Word]
    winner: int


class ViewModel(BaseModel):
    """What the player's seat may know (a ``SeatView``), and nothing else."""

    seat: int
    dealer: int
    deal_number: int
    phase: Literal["bidding", "redeal", "play", "done"]
    to_move: int | None
    hand: list[Word]
    turned: Word
    bid_round: int
    bids: list[tuple[int, Word]]
    trump: int | None
    taker: int | None
    tricks: list[TrickModel]
    current_trick: list[Word]
    leader: int
    stock_size: int
    card_points: tuple[int, int]
    belote: int | None
    known_other_cards: list[Word]
    other_hand: list[Word] | None
    legal: list[Word]
    hand_index: int
    scores_before: tuple[int, int]


class MatchResultModel(BaseModel):
    scores: tuple[int, int]
    winner: int | None


class StateModel(BaseModel):
    streak: int
    margin_total: int
    score: int
    rival_level: int
    match: int
    match_scores: tuple[int, int]
    hand_scores: list[tuple[int, int]]
    results: list[MatchResultModel]
    view: ViewModel


class RunAnswer(BaseModel):
    run_id: str
    day: str
    seq: int = Field(description="the last answered action's number (0: none yet)")
    next_seq: int
    status: Literal["open", "over", "abandoned"]
    replies: list[Word] = Field(description="the rival's actions after that action")
    receipt: str = Field(pattern=HEX64, description="the hash chain over the run's actions")
    state: StateModel


class DayAnswer(BaseModel):
    day: str
    commitment: str = Field(pattern=HEX64)
    engine: str
    closed: bool
    secret: str | None = Field(description="only once the day is closed")
    transcript_digest: str | None
    final_receipts: list[str] | None = Field(
        description="once closed: every run's final receipt, sorted (the digest's input)")


class BoardRowModel(BaseModel):
    rank: int
    name: str
    score: int
    matches_won: int
    hands: int
    skill_per_hand: float | None
    skill_interval: tuple[float, float] | None
    skill_pending: bool
    run_id: str
    finished: bool


class BoardAnswer(BaseModel):
    day: str
    by: Literal["score", "skill"]
    commitment: str
    closed: bool
    secret: str | None
    transcript_digest: str | None
    min_skill_hands: int
    rows: list[BoardRowModel]


class Problem(BaseModel):
    detail: str


class Health(BaseModel):
    status: str
