"""The layout of a packed position and of a packed game description, for the compiled step.

A *position* is one ``int64`` array of :data:`STATE_SIZE` slots (hands, layout, boneyard, draws,
scores, the Goat ledger, how the hand and the match stand); a *game* is one ``int64`` array of
:data:`GAME_SIZE` codes built from a game's :class:`~sevenrocks.core.games.Rules` by
:func:`sevenrocks.fast.game.encode_rules`. The compiled functions read both, so one compilation
serves every game: the codes are constant within a call. Every name here is a plain integer that
numba folds into the compiled code.
"""

from __future__ import annotations

from typing import Final

# ------------------------------------------------------------------ a position
S_HANDS: Final = 0
"""Four slots: each seat's tiles as a bitmask (unused seats 0)."""
S_TURN: Final = 4
"""The seat to move, -1 when the hand is over."""
S_SPINNER: Final = 5
"""The (first) spinner's tile index, -1 before it."""
S_TOTAL: Final = 6
"""The counted total of the layout."""
S_NPTS: Final = 7
"""How many connection points are open."""
S_POINTS: Final = 8
MAX_POINTS: Final = 16
"""Slots for the open point ids, ascending (Five Up's spinners can open many)."""
S_LONG: Final = 24
"""Bitmask of the doubles laid lengthwise."""
S_CLOSED: Final = 25
"""Bitmask of the doubles closed."""
S_PLACED: Final = 26
"""Tiles in the layout."""
S_BPOS: Final = 27
"""Tiles drawn from the boneyard so far (the next tile is ``S_BONE + S_BPOS``)."""
S_BLEN: Final = 28
"""Tiles in the boneyard at the deal."""
S_BONE: Final = 29
"""Up to 28 slots: the boneyard's tile indexes in draw order."""
S_DRAWS: Final = 57
"""Four slots: tiles each seat drew this hand."""
S_SCORE: Final = 61
"""Four slots: the side scores."""
S_OUT: Final = 65
"""Bitmask of the seats that are out (team out)."""
S_LAST: Final = 66
"""The seat of the last move (the fisherman after a block), -1 before the lead."""
S_LEADER: Final = 67
S_OPENING: Final = 68
"""The tile that opened the layout, -1 before the lead."""
S_REMEMBER: Final = 69
"""Four slots: the Goat family's remembered points per side."""
S_OPENED: Final = 73
"""Bitmask of the sides whose Goat account is open."""
S_EGGS: Final = 74
S_END: Final = 75
"""How the hand ended: :data:`END_NONE`, :data:`END_DOMINO`, :data:`END_BLOCKED`, :data:`END_TARGET`."""
S_FINISHER: Final = 76
S_OVER: Final = 77
"""The match: :data:`OVER_NO`, :data:`OVER_WON` (``S_WINNERS``), :data:`OVER_DRAW`."""
S_WINNERS: Final = 78
"""Bitmask of the winning sides."""
S_GOATS: Final = 79
"""Bitmask of the goats."""
S_PLAYED: Final = 80
"""Hands finished in the match (void deals not counted)."""
S_LEAD_TILE: Final = 81
"""The tile the rules make the leader lead, -1 for any."""
S_KNOCKS: Final = 82
"""Knocks in this hand."""
S_MOVES: Final = 83
"""Moves in this hand."""
S_PIPS: Final = 84
"""Four slots: each seat's pips at the end of the hand (after a domino or block)."""
S_VALUES: Final = 88
"""Four slots: each seat's hand value (its pips, or the special value of a lone 0-0)."""
S_AWARD: Final = 92
"""Four slots: each side's score change at settlement."""
S_SIDE_TOTALS: Final = 96
"""Four slots: each side's total of hand values at the end of the hand."""
S_DEDUCTIONS: Final = 100
"""Four slots: what each seat's pips cost its side (Seven Rocks, Telephone)."""
S_MOVE_POINTS: Final = 104
"""Points scored by moves in this hand, all sides together."""
S_FITS: Final = 105
"""Bitmask of the tiles that fit some open point (kept up to date by every move)."""
S_FORCED: Final = 106
"""Forced four: 1 while the lead's four sides are not all covered (only they are open), else 0."""
S_NWAIT: Final = 107
"""Forced four: how many arm ends wait in ``S_WAIT`` until the lead is surrounded."""
S_WAIT: Final = 108
MAX_WAIT: Final = 8
"""Slots for the waiting arm ends (at most one per side of the lead)."""
S_LAST_MOVE: Final = 116
"""Bitmask of the tiles of the hand's last move (General's endings look at it)."""
S_LOSER: Final = 117
"""General: the seat that lost the hand (the seat after the finisher), -1 for none."""
S_GENERAL: Final = 118
"""General: the side that received a General, -1 for none."""
S_NAKED: Final = 119
"""General (version ``naked``): the side made naked, -1 for none."""
S_FISHER: Final = 120
"""Sea Goat: the seat of the hand's last move with a non-double tile (the fisherman of a block),
plus 1; 0 before such a move. The Sea Goat slots below keep a seat as seat + 1 and 0 for none, so
that a position zeroed at the deal has none of them."""
S_HUNDRED: Final = 121
"""Sea Goat: the hundred seat of the hand (a compulsory or declared hundred) + 1, 0 for none."""
S_OWED: Final = 122
"""Sea Goat: the seat that owes a compulsory hundred after the hand + 1, 0 for none."""
S_WO_SEAT: Final = 123
"""Sea Goat: the fisherman whose write-off is pending + 1, 0 when none is."""
S_WO_SIDE: Final = 124
"""Sea Goat: the pending write-off's side."""
S_WO_AMOUNT: Final = 125
"""Sea Goat: the pending write-off's amount (the suspended block's total)."""
S_WO_FAILURES: Final = 126
"""Sea Goat: the attempts at the pending write-off that failed."""
S_EGG_REDEALS: Final = 127
"""Sea Goat: egg redeals in a row for the pending eggs (a played hand sets it to 0)."""
S_SEA_EVENTS: Final = 128
"""Sea Goat: the hand's events as bits (``EV_*``; :func:`sevenrocks.fast.game.sea_events` names them).

Sea Goat's record is not a slot of its own: it is the one side score above 0 (the record side
scores its record, the other side 0, ``sea-kozel.md`` §8.5; a record is never below 25)."""
STATE_SIZE: Final = 129

END_NONE: Final = 0
END_DOMINO: Final = 1
END_BLOCKED: Final = 2
END_TARGET: Final = 3

OVER_NO: Final = 0
OVER_WON: Final = 1
OVER_DRAW: Final = 2

# ------------------------------------------------------------------ a game
G_SEATS: Final = 0
G_SIDES: Final = 1
G_PARTNERS: Final = 2
G_HAND_SIZE: Final = 3
G_BONEYARD: Final = 4
G_RESERVE: Final = 5
G_STUCK: Final = 6
G_TOPOLOGY: Final = 7
G_LENGTHWISE: Final = 8
G_CLOSING: Final = 9
G_SEVERAL: Final = 10
G_TEAM_OUT: Final = 11
G_POINTS: Final = 12
G_SETTLE: Final = 13
G_ROUND: Final = 14
G_DIVISOR: Final = 15
G_BONUS: Final = 16
G_THRESHOLD: Final = 17
G_REMEMBER: Final = 18
G_EGGS: Final = 19
G_LONE: Final = 20
"""The value of a lone 0-0, -1 for its pips."""
G_ENDING: Final = 21
G_TARGET: Final = 22
G_EXACT: Final = 23
G_BOTH_DRAW: Final = 24
G_DEALS: Final = 25
G_FIRST_LEAD: Final = 26
"""0: a lot; 1: the tile order in ``G_ORDER``."""
G_MISDEAL: Final = 27
G_ALL_CLOSED: Final = 28
G_DIRECTION: Final = 29
"""+1 when points are good for their side, -1 when they are bad (the Goat family)."""
G_ORDER: Final = 30
"""28 slots: the tile order of the first lead."""
G_POINTS_TABLE: Final = 58
"""64 slots: what a counted total of 0..63 scores."""
G_MATCHING: Final = 122
"""0: tiles join by equal numbers; 1: by sum to seven, with matadors (Matador)."""
G_BONUS_BLOCK: Final = 123
"""1 when a hand bonus also goes to the lightest side of a block (Bergen)."""
G_NAKED: Final = 124
"""General: 1 for the version ``naked``."""
G_LOST_HANDS: Final = 125
"""General: the hands lost that make a side give way."""
G_GENERAL_TILES: Final = 126
"""General: two slots, the bits of the tiles whose last move makes a General (0-0, then 6-6)."""
G_PLAIN: Final = 128
"""1 when the game needs none of the rules of joining, layout, points and fisherman that only some
games have (sum to seven, the forced four, headers, Sea Goat's fisherman): the step then runs code
compiled without them."""
G_SEA_VALUES: Final = 129
"""1 for the sea values (a hand of exactly 0-0 is worth 25, 6-6 50, both 75)."""
G_FISHERMAN: Final = 130
"""Who a block's fisherman is for the settlement: :data:`FISHER_NONE`, :data:`FISHER_LAST` (the
seat of the last move), :data:`FISHER_NON_DOUBLE` (the seat of the last non-double tile)."""
G_SEA_EVENTS: Final = 131
"""Sea Goat: 1 when its events are on (option ``events``)."""
GAME_SIZE: Final = 132

BONEYARD_NONE: Final = 0
BONEYARD_OUT: Final = 1
BONEYARD_DRAW: Final = 2

STUCK_KNOCK: Final = 0
STUCK_UNTIL: Final = 1
STUCK_ONE: Final = 2

TOPO_LINE: Final = 0
TOPO_SPINNER: Final = 1
TOPO_SPINNER_OPEN: Final = 2
TOPO_ALL: Final = 3
TOPO_FORCED: Final = 4

POINTS_NONE: Final = 0
POINTS_FIVES: Final = 1
POINTS_FIVES_IN_FIVES: Final = 2
POINTS_THREES_IN_THREES: Final = 3
POINTS_FIVES_AND_THREES: Final = 4
POINTS_HEADERS: Final = 5

SETTLE_ROUND5: Final = 0
SETTLE_FLOOR5: Final = 1
SETTLE_WINNER_TAKES: Final = 2
SETTLE_BONUS: Final = 3
SETTLE_LOSERS_WRITE: Final = 4
SETTLE_NONE: Final = 5
SETTLE_COUNTS: Final = 6
SETTLE_SEA: Final = 7

FISHER_NONE: Final = 0
FISHER_LAST: Final = 1
FISHER_NON_DOUBLE: Final = 2

#: Sea Goat's events (``sea-kozel.md`` §9.2, §8.4), one bit each in ``S_SEA_EVENTS``; the bits
#: are in the order the events can happen in a hand (a record crossed out by the hand itself comes
#: before a write-off's result, one crossed out by a failed write-off after it).
EV_BALD_GOAT: Final = 1
EV_SIX_SIX: Final = 2
EV_HUNDRED_WON: Final = 4
EV_HUNDRED_LOST: Final = 8
EV_SIX_SIX_SHORT: Final = 16
EV_FISHERMAN_HUNDRED: Final = 32
EV_WRITE_OFF_PENDING: Final = 64
EV_CROSSED_OUT: Final = 128
EV_WRITE_OFF: Final = 256
EV_WRITE_OFF_FAILED: Final = 512
EV_CROSSED_OUT_AFTER: Final = 1024

ENDING_AT_ONCE: Final = 0
ENDING_AFTER_HAND: Final = 1
ENDING_LOSERS: Final = 2
ENDING_DEALS: Final = 3
ENDING_SINGLE: Final = 4
ENDING_GIVE_WAY: Final = 5

MATCH_EQUAL: Final = 0
MATCH_SEVEN: Final = 1

#: Marks of a placed tile (as in :mod:`sevenrocks.core.layout`): a double laid lengthwise or
#: closed, a matador leaving its low or its high half open.
MARK_LONG: Final = 1
MARK_CLOSED: Final = 2
MARK_OPEN_LOW: Final = 4
MARK_OPEN_HIGH: Final = 8
