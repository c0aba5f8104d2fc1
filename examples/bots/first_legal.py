#!/usr/bin/env python3
"""A complete bot program for every game: it plays the first legal move it is offered.

Run it in a tournament with:  sevenrocks tournament --team0 "cmd:python3 examples/bots/first_legal.py" ...
It reads one JSON message per line on stdin and answers each "turn" with one line on stdout.
"""

import json
import sys


def main() -> None:
    seat, game = None, None
    hand = []  # the tiles this seat still holds, e.g. "3-4"
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "match":
            seat, game = message["seat"], message.get("game", "seven-rocks")
        elif kind == "hand":
            hand = list(message["tiles"])
        elif kind == "draw" and message["seat"] == seat:
            hand.append(message["tile"])  # only the drawer is told the tile
        elif kind == "play" and message["seat"] == seat:
            for part in message["play"].split("+"):  # several doubles: "2-2@2-5:low+5-5@2-5:high"
                hand.remove(part.split("@")[0])  # "3-4@4-4:B" -> "3-4"
        elif kind == "turn":
            choice = message["legal"][0]  # a real bot would think here
            print(json.dumps({"play": choice}), flush=True)
        elif kind == "declare":  # Sea Goat asks whether to declare a hundred: never
            print(json.dumps({"declare": False}), flush=True)
        elif kind == "match_end":
            print(f"seat {seat} ({game}): match over, scores {message['scores']}", file=sys.stderr)
            break


if __name__ == "__main__":
    main()
