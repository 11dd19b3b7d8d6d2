"""A move-validation service, sketched without sockets.

A game server keeps the true state of each table and asks this function whether
a player's move is allowed.  A request is JSON::

    {"state": <a zank state document, see zank.dumps>, "player": 0, "move": "a-b1"}

and the answer is JSON too: ``{"ok": true, "state": ..., "to_move": ..., "result":
...}`` with the new state, or ``{"ok": false, "error": {"kind": ..., "rule": ...,
"message": ...}}`` saying what was wrong in words a player understands.

The state document holds every card, the face-down ones included: keep it on the
server.  What a player's client may see is ``rules.observe(state, player)`` (or its
picture, ``zank.render.text(state, player)``).  Plug ``handle`` into any web
framework; ``main`` below sends it a few requests.

Run: ``python examples/validation_server.py``
"""

from __future__ import annotations

import json
from typing import Any

import zank
from zank.render import text


def _error(kind: str, message: str, rule: str = "") -> dict[str, Any]:
    return {"ok": False, "error": {"kind": kind, "rule": rule, "message": message}}


def validate(request: dict[str, Any]) -> dict[str, Any]:
    """Check one request and apply its move; the answer as a JSON-ready dict."""
    try:
        state = zank.loads(json.dumps(request["state"]))
    except KeyError:
        return _error("request", "the request has no 'state'")
    except zank.InvalidState as e:  # a tampered or broken document
        return _error("state", str(e))
    rules = state.rules
    player, text_move = request.get("player"), request.get("move")
    if not isinstance(text_move, str):
        return _error("request", "'move' must be the move's notation, e.g. \"a-b1\"")
    if rules.result(state) is not None:
        return _error("over", "the game is over")
    if player != state.to_move:
        return _error("turn", f"it is player {state.to_move}'s turn, not player {player}'s")
    try:
        move = rules.parse_move(state, text_move)
    except zank.NotationError as e:  # not a move of this variant at all
        return _error("notation", str(e))
    except zank.IllegalMove as e:  # a move, but the rules forbid it now
        return _error("illegal", str(e), e.rule)
    after = rules.apply(state, move)
    result = rules.result(after)
    return {
        "ok": True,
        "state": json.loads(zank.dumps(after)),
        "to_move": after.to_move,
        "result": None if result is None else {"winner": result.winner, "points": result.points},
    }


def handle(body: str) -> str:
    """The service: a JSON request body in, a JSON answer out."""
    try:
        request = json.loads(body)
    except ValueError as e:
        return json.dumps(_error("request", f"not JSON: {e}"))
    if not isinstance(request, dict):
        return json.dumps(_error("request", "the request must be a JSON object"))
    return json.dumps(validate(request), ensure_ascii=False)


def main() -> None:
    """Send the service a legal move and a few bad requests; print the answers."""
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=7)
    doc = json.loads(zank.dumps(state))
    print(text(state, 0))
    print()

    def ask(what: str, request: dict[str, Any] | str) -> dict[str, Any]:
        body = request if isinstance(request, str) else json.dumps(request)
        answer: dict[str, Any] = json.loads(handle(body))
        shown = "ok" if answer["ok"] else answer["error"]
        print(f"{what:36} -> {shown}")
        return answer

    answer = ask("player 0 plays the ace", {"state": doc, "player": 0, "move": "a-b1"})
    assert answer["ok"]
    assert answer["to_move"] == 0
    bad = ask("player 0 plays a 5 on an empty pile", {"state": doc, "player": 0, "move": "5-b1"})
    assert bad["error"]["rule"] == "S&M-6"
    ask("player 1 moves out of turn", {"state": doc, "player": 1, "move": "a-b1"})
    ask("player 0 types nonsense", {"state": doc, "player": 0, "move": "ace to the middle"})
    ask("the pay-off card onto a side stack", {"state": doc, "player": 0, "move": "p-s1"})
    tampered = json.loads(json.dumps(doc))
    tampered["piles"]["p0.hand"][-1] = "2s"  # the jack of diamonds becomes a 2 of spades
    ask("a tampered state", {"state": tampered, "player": 0, "move": "a-b1"})
    ask("not JSON", "{state:")


if __name__ == "__main__":
    main()
