"""Every kind of bad input has its own exception class under :class:`SevenRocksError`.

Messages are lowercase, quote the input and name the rule. Where a position is known, the
error also carries it: :attr:`SevenRocksError.hand` and :attr:`SevenRocksError.play` are the
0-based indexes of the hand and of the play in it (``play`` is ``None`` for a fault in a deal
or a leader). The game state is unchanged after any of these errors.

>>> err = NotInHandError("tile 3-4 is not in seat 2's hand", hand=0, play=1)
>>> str(err)
"hand 0, play 1: tile 3-4 is not in seat 2's hand"
>>> isinstance(err, IllegalPlayError) and isinstance(err, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "BlankEndError",
    "BranchNotOpenError",
    "CutEmptyLineError",
    "CutEndsError",
    "DealError",
    "DoubleValuesError",
    "EmptyHistoryError",
    "ForcedFourError",
    "GameError",
    "HandInProgressError",
    "HandOverError",
    "IllegalPlayError",
    "LeadTileError",
    "LeaderError",
    "LengthwiseError",
    "LineEndError",
    "MatchOverError",
    "MismatchError",
    "MoveKindError",
    "NoBranchError",
    "NotInHandError",
    "NotTurnedError",
    "NotationError",
    "OpenHalfError",
    "OpeningPlayError",
    "OptionError",
    "OtherEngineError",
    "OutOfTurnError",
    "RecordError",
    "SausageMoveError",
    "SeatsError",
    "SevenRocksError",
    "SeveralDoublesError",
    "SideNotOpenError",
    "StarterError",
    "UnknownAnchorError",
]


class SevenRocksError(ValueError):
    """Base class of every error the library raises on bad input or an illegal action."""

    def __init__(self, reason: str, *, hand: int | None = None, play: int | None = None) -> None:
        self.reason = reason
        self.hand = hand
        self.play = play
        super().__init__(reason)

    def at(self, *, hand: int | None = None, play: int | None = None) -> SevenRocksError:
        """Fill in the position (when not known yet) and return the error itself."""
        if self.hand is None:
            self.hand = hand
        if self.play is None:
            self.play = play
        return self

    def __str__(self) -> str:
        where = []
        if self.hand is not None:
            where.append(f"hand {self.hand}")
        if self.play is not None:
            where.append(f"play {self.play}")
        return f"{', '.join(where)}: {self.reason}" if where else self.reason


class NotationError(SevenRocksError):
    """Text that is not a tile, a side or a play in the project's notation."""


class RecordError(SevenRocksError):
    """A match script or record that is not valid JSON, has the wrong shape or contradicts itself."""


class DealError(SevenRocksError):
    """A deal that does not give each seat the game's number of tiles, every tile once."""


class GameError(SevenRocksError):
    """A game id that names no game of the family."""


class OptionError(SevenRocksError):
    """An option the game does not have, or a value it does not allow."""


class SeatsError(SevenRocksError):
    """A number of seats the game is not played by, or a seat that does not exist."""


class LeaderError(SevenRocksError):
    """A missing or wrong leader for a hand."""


class HandOverError(SevenRocksError):
    """An action on a hand that has ended (or has not been dealt)."""


class HandInProgressError(SevenRocksError):
    """A new deal asked for while the current hand is still being played."""


class MatchOverError(SevenRocksError):
    """An action after the match has been won."""


class EmptyHistoryError(SevenRocksError):
    """``pop()`` with no play of the current hand to take back."""


class IllegalPlayError(SevenRocksError):
    """A play that breaks a rule of placement."""


class NotInHandError(IllegalPlayError):
    """The tile is not in the hand of the seat whose turn it is."""


class OutOfTurnError(IllegalPlayError):
    """A record names a seat placing a tile when it is another seat's turn."""


class OpeningPlayError(IllegalPlayError):
    """An anchor given for the opening tile, or none given after the opening."""


class UnknownAnchorError(IllegalPlayError):
    """The anchor tile has not been placed in the layout."""


class SideNotOpenError(IllegalPlayError):
    """The side named is covered already, or the anchor has no such side."""


class ForcedFourError(SideNotOpenError):
    """A tile joined elsewhere while a side of the forced four around the lead is still open
    (Sebastopol: 6-6 is surrounded on its four sides before any arm grows)."""


class BranchNotOpenError(IllegalPlayError):
    """A spinner branch named before both straight sides of the spinner are filled."""


class NoBranchError(BranchNotOpenError):
    """A side branch named in a layout where no double has branches (a line)."""


class MismatchError(IllegalPlayError):
    """The tile shows no half equal to the connection point's value."""


class BlankEndError(MismatchError):
    """An ordinary tile joined to an end showing a blank, which only a matador may take (Matador)."""


class LeadTileError(OpeningPlayError):
    """The rules name the tile that leads the hand (a tile order), and another was led."""


class MoveKindError(IllegalPlayError):
    """A kind of move the game does not allow (several doubles, a lengthwise or closed double...)."""


class SeveralDoublesError(MoveKindError):
    """A move of several doubles that breaks its rules (not doubles, the same point twice, too many)."""


class OpenHalfError(MoveKindError):
    """A matador without ``>N`` naming the half it leaves open, ``>N`` on another tile, or an N
    that is not one of the tile's halves (Matador)."""


class LengthwiseError(MoveKindError):
    """A double laid lengthwise where it may not be (the lead, the spinner, a game without it)."""


# ----------------------------------------------------------------------------------- Sausage
# Sausage (``sausage.md``) has its own engine, :mod:`sevenrocks.core.sausage`; its errors sit in
# the same hierarchy, one class for each rule a move or a deal can break.


class OtherEngineError(GameError):
    """A game asked of an engine that does not play it (Sausage of the layout engine's ``Match``)."""


class StarterError(LeaderError):
    """A Sausage starter that is not the seat the rules name (``sausage.md`` §3.1)."""


class SausageMoveError(IllegalPlayError):
    """A Sausage move (``TILE:WAY``) that breaks a rule of placing the turned tile (``sausage.md`` §4)."""


class NotTurnedError(SausageMoveError):
    """The move's tile is not the tile the seat on turn has turned."""


class LineEndError(SausageMoveError):
    """A non-double sent to a line whose end it does not show (§4.3)."""


class DoubleValuesError(SausageMoveError):
    """A double sent into a line none of whose values is its number (§4.3)."""


class CutEmptyLineError(SausageMoveError):
    """A cut while a line holds no tile (§4.3)."""


class CutEndsError(SausageMoveError):
    """A cut with a tile whose two halves are not the two ends (§4.3)."""
