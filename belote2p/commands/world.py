"""The world daily's commands on the game's side: ``autoplay --server`` and
``board --server``, both over the one client module (``services.world.client``)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from ..core.match import PLAYER
from ..services.rival import player_decision
from ..services.world.client import Credentials, TokenFile, WorldClient, WorldError
from ..services.world.protocol import ProtocolError, view_from_json
from .common import printable_stdout

BOT_LEVEL = 2  # the rival's level-2 policy plays the player's seat


def _credentials(client: WorldClient, tokens: TokenFile, name: str | None) -> Credentials:
    """This folder's account on the server: made the first time, then kept."""
    kept = tokens.get(client.base_url)
    if kept is not None:
        if name is not None and name != kept.name:
            raise WorldError(f"this data folder plays as {kept.name!r} on {client.base_url}; "
                             f"use another --data-dir for {name!r}")
        client.token = kept.token
        return kept
    if name is None:
        raise WorldError("no account on this server yet: give --name the first time")
    made = client.create_account(name)
    tokens.put(client.base_url, made)
    return made


def play_world(client: WorldClient, tokens: TokenFile, name: str | None, level: int,
               out: TextIO | None = None) -> dict[str, Any]:
    """Play (or resume) this account's run of the day to its end; its summary."""
    account = _credentials(client, tokens, name)
    answer = client.start_run()
    if answer["status"] != "open":
        _note(f"the world daily of {answer['day']} is already played by {account.name}")
    elif answer["seq"]:
        _note(f"resuming the world daily of {answer['day']} at action {answer['seq']}")
    reported = len(answer["state"]["results"])
    key = f"world/{answer['day']}/{answer['run_id']}"
    while answer["status"] == "open":
        view = view_from_json(answer["state"]["view"])
        if view.to_move != PLAYER:
            raise ProtocolError("the server answered with the player not to move")
        word = str(player_decision(view, level, key, answer["next_seq"]))
        answer = _act(client, answer, word)
        reported = _report(answer, reported, out)
    state = answer["state"]
    return {"name": account.name, "day": answer["day"], "run_id": answer["run_id"],
            "status": answer["status"], "streak": state["streak"],
            "margin_total": state["margin_total"], "score": state["score"],
            "receipt": answer["receipt"], "server": client.base_url}


def _act(client: WorldClient, answer: dict[str, Any], word: str) -> dict[str, Any]:
    try:
        return client.act(answer["run_id"], answer["next_seq"], word)
    except WorldError as exc:
        if exc.status != 409:
            raise
        _note(f"{exc.message}: reading the run again")
        return client.run_state(answer["run_id"])  # another copy played on: carry on


def _report(answer: dict[str, Any], reported: int, out: TextIO | None) -> int:
    results = answer["state"]["results"]
    for number, result in enumerate(results[reported:], reported + 1):
        if out is None:
            continue
        scores, winner = result["scores"], result["winner"]
        verdict = "won" if winner == PLAYER else ("drawn" if winner is None else "lost")
        print(f"match {number}: {verdict} {scores[0]}-{scores[1]}", file=out, flush=True)
    return len(results)


def _note(text: str) -> None:
    print(f"belote2p: {text}", file=sys.stderr, flush=True)


def _guarded(body: Callable[[], int]) -> int:
    try:
        return body()
    except (WorldError, ProtocolError) as exc:
        print(f"belote2p: {exc}", file=sys.stderr)
        return 1


def autoplay_world_main(args: argparse.Namespace) -> int:
    level = int(args.level) if args.level not in (None, "random") else BOT_LEVEL

    def body() -> int:
        printable_stdout()
        with WorldClient(args.server) as client:
            summary = play_world(client, TokenFile(), args.name, level, sys.stdout)
        print(json.dumps(summary), flush=True)
        return 0

    return _guarded(body)


BOARD_KEYS = ("name", "score", "matches_won", "skill_per_hand", "skill_interval",
              "skill_pending")


def board_rows(board: dict[str, Any]) -> list[dict[str, Any]]:
    """``board --json``'s list: one object per player with exactly BOARD_KEYS."""
    return [{key: row[key] for key in BOARD_KEYS} for row in board["rows"]]


def board_text(board: dict[str, Any]) -> str:
    state = "closed" if board["closed"] else "open"
    lines = [f"World daily of {board['day']} ({state}), by {board['by']}",
             f"commitment {board['commitment']}"]
    if board["secret"]:
        lines.append(f"secret     {board['secret']}")
        lines.append(f"transcript {board['transcript_digest']}")
    if not board["rows"]:
        lines.append("no one has played this day yet")
    for row in board["rows"]:
        if row["skill_pending"]:
            skill = "pending"
        elif row["skill_per_hand"] is None:
            skill = f"- ({row['hands']} hands)"
        else:
            low, high = row["skill_interval"] or (row["skill_per_hand"],) * 2
            skill = f"{row['skill_per_hand']:+.1f} a hand [{low:+.1f}, {high:+.1f}]"
        lines.append(f"{row['rank']:>3}. {row['name']:<24} {row['score']:>9,}  "
                     f"{row['matches_won']:>2} won  skill {skill}")
    return "\n".join(lines)


def board_world_main(args: argparse.Namespace) -> int:
    def body() -> int:
        printable_stdout()
        with WorldClient(args.server) as client:
            day = args.day.isoformat() if args.day is not None else client.day()["day"]
            board = client.board(day, args.by)
        if args.json:
            print(json.dumps(board_rows(board), ensure_ascii=False))
        else:
            print(board_text(board))
        return 0

    return _guarded(body)


def _same_name(a: str, b: str) -> bool:
    import unicodedata

    def key(name: str) -> str:
        return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())

    return key(a.strip()) == key(b.strip())


def export_world_main(args: argparse.Namespace) -> int:
    """``export --server URL --day D --name NAME``: that player's run file."""
    from ..services.runfile import dumps

    def body() -> int:
        if args.day is None or args.name is None:
            print("belote2p: export --server needs --day and --name", file=sys.stderr)
            return 2
        day = args.day.isoformat()
        with WorldClient(args.server) as client:
            board = client.board(day)
            run_id = next((row["run_id"] for row in board["rows"]
                           if _same_name(row["name"], args.name)), None)
            if run_id is None:
                print(f"belote2p: export: no run of {args.name!r} on {day}", file=sys.stderr)
                return 1
            data = client.run_file(day, run_id)
        printable_stdout()
        sys.stdout.write(dumps(data))
        sys.stdout.flush()
        return 0

    return _guarded(body)
