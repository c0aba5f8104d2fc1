"""An independent, deliberately plain reference model of the family of domino games, for testing the engine.

Written from the rule texts only (``shared/games/README.md``, one file per game in ``shared/games/``,
``shared/RULES.md`` for Seven Rocks, and ``shared/conformance/README.md`` for scripts and reports); it
imports nothing from :mod:`sevenrocks`. Games covered: ``seven-rocks``, ``block``, ``draw``, ``kozel``,
``kozel-125``, ``sports-kozel``, ``telephone``, ``muggins``, ``all-fives``, ``five-up``,
``fives-and-threes``, ``all-threes``, ``picture``, and (part 2) ``sea-kozel``, ``donkey``, ``general``,
``sebastopol``, ``bergen``, ``matador``, ``sausage``.

Modules, each named for what it holds: ``tiles`` (tiles, notation, tile orders), ``rules`` (every game as
plain data and its options), ``layout`` (the tree of placed tiles for each topology and matching),
``hand`` (turns, legal moves, draws, knocks, domino and block), ``settle`` (placement points, headers and
settlement kinds), ``sea`` (Sea Goat's record, hundreds, write-offs and events), ``general`` (General's
lost hands, Generals and nakeds), ``match`` (:class:`RefGame`: leaders, scores, the end of the match,
reports), ``sausage`` (:class:`RefSausage`, Sausage's own model), ``replay`` (scripts).

API. ``RefGame(game, options=None, seats=None)``; ``start_hand(hands, boneyard=(), leader=None,
hundred=False)`` deals a hand (``hundred`` declares a Sea Goat voluntary hundred, ``sea-kozel.md`` §3.3;
a Goat misdeal or a Sea Goat egg redeal ends the deal at once with ``"end": "redeal"``); ``needs_leader``;
``turn``, ``hand_over``, ``match_over``; ``legal_moves()``; ``play(move)``; ``hand(seat)``,
``boneyard_left``, ``draws``, ``scores``, ``open_points()``; ``hand_report()`` and ``report()`` (the
conformance report objects, with exactly the keys the conformance README lists for the game);
``signals(seat)`` (General's partner signals, ``general.md`` §10: ``{"0-0": bool, "6-6": bool}`` about the
partner's tiles, None in version ``naked``). Sea Goat's book is ``RefGame.sea`` (record, eggs, the hundred
owed, a pending write-off). ``replay(script)`` for every game's script, Sausage's included.

Sausage differs (``sausage.py``): ``RefSausage(options=None)``; ``start_hand(queues, starter=None)`` (a
deal; ``needs_starter`` says when the starter must be given); ``turn`` is the seat whose turned tile can be
placed, ``turned`` that tile; ``legal_moves()`` are ``TILE:WAY`` strings (``top``, ``bottom``, ``cut``);
``play(move)`` places it and plays the forced turns after it; ``queue(seat)`` (front first), ``ends()``,
``scores``, ``hand_report()``, ``report()`` in Sausage's own report shape. ``RefGame("sausage")`` is a
ValueError that points there.

Canonical notation of :meth:`RefGame.legal_moves`: tiles ``LOW-HIGH``; a move of several doubles lists its
parts in the order that sorts first as strings (by tile, then anchor, then side, then suffix) among the
orders that leave the same layout; orders that leave different layouts (which double becomes the spinner)
are different moves and are all listed. In Donkey each double of a move may be closed (``#``), each way a
move of its own. In Matador the matadors 1-6, 2-5 and 3-4 are listed once for each half they may leave
open (``>N``). :meth:`RefGame.play` accepts every legal written order.
"""

from tests.reference.family.errors import RefIllegal
from tests.reference.family.match import RefGame
from tests.reference.family.replay import replay
from tests.reference.family.rules import GAME_IDS, find_game
from tests.reference.family.sausage import RefSausage, replay_sausage

__all__ = ["GAME_IDS", "RefGame", "RefIllegal", "RefSausage", "find_game", "replay", "replay_sausage"]
