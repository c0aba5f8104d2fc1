#!/usr/bin/env python3
"""A complete Seven Rocks bot program: it plays the first legal placement it is offered.

Run it in a tournament with:  sevenrocks tournament --team0 "cmd:python3 examples/bots/first_legal.py" ...
It reads one JSON message per line on stdin and answers each "turn" with one line on stdout.
"""

import json
import sys


def main() -> None:
    seat = None
    hand = []  # the tiles this seat still holds, e.g. "3-4"
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "match":
            seat = message["seat"]
        elif kind == "hand":
            hand = list(message["tiles"])
        elif kind == "play" and message["seat"] == seat:
            tile = message["play"].split("@")[0]  # "3-4@4-4:B" -> "3-4"
            hand.remove(tile)
        elif kind == "turn":
            choice = message["legal"][0]  # a real bot would think here
            print(json.dumps({"play": choice}), flush=True)
        elif kind == "match_end":
            print(f"seat {seat}: match over, scores {message['scores']}", file=sys.stderr)
            break


if __name__ == "__main__":
    main()
