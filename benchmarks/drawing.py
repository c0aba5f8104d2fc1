"""What the browser game's drawing costs a position, now against an earlier commit.

For every position of random hands (the same hands on both sides), the table's drawing
(``sevenrocks.web.render.Drawing``) draws the layout (``draw``, its geometry grown from the
position before) and works out the ghosts of the legal placements of the seat to play
(``ghosts``) — on the one board a page shows, and on every board. Since pages say their board
area, the drawing is made only on the boards asked for; before, it was made on every board
whatever the page showed (and the ghosts on the one board the page said). The code of
``--against`` is unpacked with ``git archive`` into a temporary folder; both sides run in
separate processes, in turns, ``--rounds`` times, and the best (least) processor time of each
is kept. The drawings themselves are compared too: both
sides must draw the same SVG on the boards asked for and the same ghosts, or the run stops.

    .venv/bin/python benchmarks/drawing.py --against 0a1989a
    .venv/bin/python benchmarks/drawing.py --against 0a1989a --games seven-rocks,kozel --rounds 5 --json
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from rich.progress import Progress

REPO = Path(__file__).resolve().parents[1]

#: Run in each side's process: ``python -c MEASURE GAME HANDS``; prints one JSON object.
MEASURE = """
import hashlib, json, random, sys, time
from sevenrocks.core import Match
from sevenrocks.core.notation import Play
from sevenrocks.web.render import Drawing

game, hands = sys.argv[1], int(sys.argv[2])

def positions():
    rng = random.Random(1)
    out = []
    for hand in range(hands):
        match = Match(game, seed=rng.randrange(1 << 30))
        match.start_hand()
        number, moves = match.hand_number, 0
        while match.turn is not None and match.hand_number == number:
            legal = match.legal_moves()
            plays = [m for m in legal if isinstance(m, Play)]
            last = match.placements[-1].play if match.placements else None
            out.append((hand, moves, match.layout.copy(), last, plays))
            match.push(rng.choice(legal))
            moves += 1
    return out

# since pages say their board area, the drawing is made only on the boards asked for
ONLY_ASKED = hasattr(Drawing, "choose")

def one_part(text, boards):
    # the drawing of the boards asked for, out of a drawing on every board
    if boards is None:
        return text
    parts = text.split('<svg data-board="')[1:]
    return "".join('<svg data-board="' + part for part in parts if part.split('"')[0] in boards)

def run(todo, boards):
    digest = hashlib.sha256()
    drawing, current = None, None
    draw = ghosts = 0.0
    for hand, moves, layout, last, plays in todo:
        if hand != current:
            drawing, current = Drawing(game), hand
        t0 = time.process_time()
        if ONLY_ASKED:
            drawn = drawing.draw((hand, moves), layout, last, boards=boards)
            text = drawing.svg(drawn, boards)
        else:
            drawn = drawing.draw((hand, moves), layout, last)
            text = drawn.svg
        t1 = time.process_time()
        found = drawing.ghosts(drawn, layout, plays, boards)
        t2 = time.process_time()
        draw += t1 - t0
        ghosts += t2 - t1
        digest.update(one_part(text, boards).encode())
        digest.update(json.dumps(found, sort_keys=True).encode())
    return draw, ghosts, digest.hexdigest()

todo = positions()
one = {next(iter(Drawing(game).sizes))}
run(todo[:50], None)  # warm-up
out = {"positions": len(todo)}
for name, boards in (("one board", one), ("every board", None)):
    draw, ghosts, digest = run(todo, boards)
    out[name] = {"draw_ms": 1e3 * draw / len(todo), "ghosts_ms": 1e3 * ghosts / len(todo), "digest": digest}
print(json.dumps(out))
"""


def _measure(source: Path, game: str, hands: int) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, game, str(hands)], env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"the measurement failed on {source}:\n{done.stderr[-2000:]}")
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--against", required=True, help="the earlier commit")
    parser.add_argument("--games", default="seven-rocks", help="game ids, with commas")
    parser.add_argument("--hands", type=int, default=60, help="random hands a game (default 60)")
    parser.add_argument("--rounds", type=int, default=3, help="turns of each pair (the best counts)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    results: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory(prefix="sevenrocks-then-") as folder:
        then = Path(folder) / "then"
        then.mkdir()
        archive = subprocess.run(
            ["git", "-C", str(REPO), "archive", args.against, "src"], capture_output=True
        )
        if archive.returncode != 0:
            parser.error(f"no commit {args.against!r} here: {archive.stderr.decode().strip()}")
        subprocess.run(["tar", "-x", "-C", str(then)], input=archive.stdout, check=True)
        sources = {args.against: then / "src", "now": REPO / "src"}
        with Progress(transient=True) as progress:
            task = progress.add_task("drawing", total=len(games) * args.rounds * len(sources))
            for game in games:
                best: dict[str, dict[str, dict[str, float]]] = {}
                digests: dict[str, dict[str, str]] = {}
                positions = 0
                for _ in range(args.rounds):
                    for side, source in sources.items():
                        measured = _measure(source, game, args.hands)
                        positions = int(measured["positions"])  # type: ignore[call-overload]
                        for kind in ("one board", "every board"):
                            figures = measured[kind]
                            assert isinstance(figures, dict)
                            digests.setdefault(side, {})[kind] = str(figures["digest"])
                            held = best.setdefault(side, {}).setdefault(kind, {})
                            for key in ("draw_ms", "ghosts_ms"):
                                held[key] = min(held.get(key, float("inf")), float(figures[key]))
                        progress.advance(task)
                if digests[args.against] != digests["now"]:
                    raise SystemExit(f"{game}: the two sides draw differently (the SVG or the ghosts)")
                results[game] = {"positions": positions, "ms_a_position": best}
    summary: dict[str, object] = {"against": args.against, "hands": args.hands, "games": {}}
    for game, result in results.items():
        best = result["ms_a_position"]  # type: ignore[assignment]
        rows = {}
        for kind in ("one board", "every board"):
            then_ms = best[args.against][kind]["draw_ms"] + best[args.against][kind]["ghosts_ms"]
            now_ms = best["now"][kind]["draw_ms"] + best["now"][kind]["ghosts_ms"]
            rows[kind] = {
                args.against: {k: round(v, 3) for k, v in best[args.against][kind].items()},
                "now": {k: round(v, 3) for k, v in best["now"][kind].items()},
                "now_vs_then": round(now_ms / then_ms, 2),
            }
        summary["games"][game] = {"positions": result["positions"], **rows}  # type: ignore[index]
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    for game, rows in summary["games"].items():  # type: ignore[attr-defined]
        print(f"{game} ({rows['positions']} positions; the same drawings on both sides):")
        for kind in ("one board", "every board"):
            row = rows[kind]
            then_row, now_row = row[args.against], row["now"]
            print(
                f"  ghosts on {kind}: {args.against} draw {then_row['draw_ms']} + ghosts "
                f"{then_row['ghosts_ms']} ms a position; now {now_row['draw_ms']} + "
                f"{now_row['ghosts_ms']} ms ({row['now_vs_then']}x)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
