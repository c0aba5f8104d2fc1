"""Train a small policy for Seven Rocks with the research wrappers, in a few minutes, NumPy only.

1. Imitation data: four ``expert`` bots play hands in the PettingZoo environment
   (:mod:`sevenrocks.rl.pettingzoo`); every decision is recorded as (observation, action mask,
   the expert's action).
2. Training: a small network scores each legal placement from the observation (563 floats)
   and 45 features of the placement read from the engine (points it scores, the counted total
   after it, tile, side, own tiles that still fit, opponents' proven voids among the new open
   values); a softmax over the legal placements learns the expert's choices with Adam, in NumPy.
3. Evaluation: the network plays both seats of a partnership (as a :class:`~sevenrocks.bots.Bot`)
   in the Gymnasium wrapper (:mod:`sevenrocks.rl.gym`) against ``random`` and ``greedy``; each
   deal is played twice with the partnerships swapped. A hand is won when the partnership's
   points less deductions beat the other side's; ties count half. Then whole matches to 250
   (the wrapper's match mode) against each.

    .venv/bin/python examples/train_policy.py                 # about 3 minutes
    .venv/bin/python examples/train_policy.py --hands 300 --eval-deals 50   # a quick look
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import numpy.typing as npt
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from sevenrocks.bots import Bot, make_bot
from sevenrocks.core import Play, SeatView
from sevenrocks.core.scoring import placement_points
from sevenrocks.rl.actions import legal_actions, play_of
from sevenrocks.rl.gym import SevenRocksEnv
from sevenrocks.rl.observation import OBSERVATION, encode_observation
from sevenrocks.rl.pettingzoo import raw_env

F = npt.NDArray[np.float32]


def action_features(view: SeatView) -> F:
    """Features of each legal placement (in ``legal_actions`` order), all read from the engine.

    Points scored at once and the counted total after it; tile pips, double, opening; after
    the placement: own tiles that still fit, the share of open values each other seat's knocks
    prove it lacks, and one-hot tile and side.
    """
    layout = view.layout
    hand = view.hand
    voids = view.void_values()
    plays = sorted(view.legal_plays, key=lambda p: p.action)
    rows = np.zeros((len(plays), N_ACTION_FEATURES), np.float32)
    for k, play in enumerate(plays):
        total = layout.ends_total_after(play)
        layout.place(play)
        values = set(layout.point_values)
        layout.unplace()
        keep = [t for t in hand if t is not play.tile]
        fits = sum(1 for t in keep if t.low in values or t.high in values)
        row = rows[k]
        row[0] = placement_points(total) / 35
        row[1] = total / 36
        row[2] = play.tile.pips / 12
        row[3] = float(play.tile.is_double)
        row[4] = float(play.is_opening)
        row[5] = fits / 7
        row[6] = float(not keep)
        for j, rel in enumerate((1, 2, 3)):
            seat = (view.seat + rel) % 4
            row[7 + j] = len(values & voids[seat]) / max(len(values), 1)
        row[10 + play.tile.index] = 1.0
        row[38 + (int(play.side) if play.side is not None else 6)] = 1.0
    return rows


N_ACTION_FEATURES = 45


class Policy:
    """Scores each legal placement: ``w2 . relu(obs @ Ws + features @ Wa + b1) + b2``; softmax over them."""

    def __init__(self, hidden: int, rng: np.random.Generator) -> None:
        self.ws = (rng.standard_normal((OBSERVATION.size, hidden)) * np.sqrt(1 / OBSERVATION.size)).astype(
            np.float32
        )
        self.wa = (rng.standard_normal((N_ACTION_FEATURES, hidden)) * np.sqrt(2 / N_ACTION_FEATURES)).astype(
            np.float32
        )
        self.b1 = np.zeros(hidden, np.float32)
        self.w2 = (rng.standard_normal(hidden) * np.sqrt(1 / hidden)).astype(np.float32)

    @property
    def params(self) -> list[F]:
        return [self.ws, self.wa, self.b1, self.w2]

    def scores(self, obs: F, feats: F, seg: npt.NDArray[np.int64]) -> tuple[F, F]:
        """Scores of every (decision, action) row; ``seg[i]`` is row i's decision."""
        pre = (obs @ self.ws)[seg] + feats @ self.wa + self.b1
        h = np.maximum(pre, 0.0)
        return h @ self.w2, h

    def loss_and_grads(
        self,
        obs: F,
        feats: F,
        seg: npt.NDArray[np.int64],
        starts: npt.NDArray[np.int64],
        target: npt.NDArray[np.int64],
    ) -> tuple[float, list[F]]:
        """Cross-entropy of the chosen rows (``target``: row indexes) under a softmax per decision."""
        z, h = self.scores(obs, feats, seg)
        z = z - np.maximum.reduceat(z, starts)[seg]
        e = np.exp(z)
        p = e / np.add.reduceat(e, starts)[seg]
        loss = -float(np.log(p[target] + 1e-12).mean())
        dz = p.copy()
        dz[target] -= 1.0
        dz /= len(target)
        dpre = (dz[:, None] * self.w2) * (h > 0)
        ds = np.add.reduceat(dpre, starts)
        return loss, [obs.T @ ds, feats.T @ dpre, dpre.sum(0), h.T @ dz]


class PolicyBot:
    """The trained network as a bot: the legal placement with the highest score."""

    name = "policy"

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def choose(self, view: SeatView) -> Play:
        actions = legal_actions(view)
        feats = action_features(view)
        z, _ = self.policy.scores(encode_observation(view)[None, :], feats, np.zeros(len(actions), np.int64))
        return play_of(actions[int(np.argmax(z))])


Data = tuple[F, F, npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]


def collect(hands: int, seed: int, progress: Progress) -> Data:
    """Expert decisions recorded through the PettingZoo environment.

    Returns observations (one row per decision), action features (one row per legal action,
    decisions one after another), each row's decision, each decision's first row, and the
    row of the expert's choice.
    """
    env = raw_env()
    experts = [make_bot("expert", seed=seed + s) for s in range(4)]
    obs_rows: list[F] = []
    feats: list[F] = []
    targets: list[int] = []
    starts: list[int] = []
    row = 0
    task = progress.add_task("expert hands", total=hands)
    for k in range(hands):
        env.reset(seed=seed + k)
        for agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            observation = env.observe(agent)
            view = env.view(agent)
            action = experts[int(agent[-1])].choose(view).action
            legal = list(np.flatnonzero(observation["action_mask"]))
            obs_rows.append(observation["observation"])
            feats.append(action_features(view))
            starts.append(row)
            targets.append(row + legal.index(action))
            row += len(legal)
            env.step(action)
        progress.advance(task)
    seg = np.repeat(np.arange(len(starts)), np.diff([*starts, row]))
    return np.stack(obs_rows), np.concatenate(feats), seg, np.array(starts), np.array(targets)


def train(policy: Policy, data: Data, epochs: int, progress: Progress) -> float:
    """Adam on the cross-entropy, in mini-batches of decisions; returns held-out agreement."""
    obs, feats, seg, starts, target = data
    n = len(starts)
    ends = np.append(starts[1:], len(seg))
    rng = np.random.default_rng(0)
    order = rng.permutation(n)
    held, fit = order[: n // 10], order[n // 10 :]

    def batch_of(
        decisions: npt.NDArray[np.int64],
    ) -> tuple[F, F, npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        sizes = ends[decisions] - starts[decisions]
        rows = np.concatenate([np.arange(starts[d], ends[d]) for d in decisions])
        new_starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        new_seg = np.repeat(np.arange(len(decisions)), sizes)
        chosen = new_starts + (target[decisions] - starts[decisions])
        return obs[decisions], feats[rows], new_seg, new_starts, chosen

    m = [np.zeros_like(p) for p in policy.params]
    v = [np.zeros_like(p) for p in policy.params]
    lr, b1, b2, step = 2e-3, 0.9, 0.999, 0
    task = progress.add_task("training", total=epochs)
    for _ in range(epochs):
        rng.shuffle(fit)
        for start in range(0, len(fit), 256):
            _, grads = policy.loss_and_grads(*batch_of(fit[start : start + 256]))
            step += 1
            for p, g, mi, vi in zip(policy.params, grads, m, v, strict=True):
                mi *= b1
                mi += (1 - b1) * g
                vi *= b2
                vi += (1 - b2) * g * g
                p -= lr * (mi / (1 - b1**step)) / (np.sqrt(vi / (1 - b2**step)) + 1e-8)
        progress.advance(task)
    h_obs, h_feats, h_seg, h_starts, h_target = batch_of(held)
    z, _ = policy.scores(h_obs, h_feats, h_seg)
    best = np.array([h_starts[i] + int(np.argmax(z[h_seg == i])) for i in range(len(held))])
    return float((best == h_target).mean())


def hand_win_rate(bot: Bot | str, opponent: str, deals: int, progress: Progress) -> tuple[float, float]:
    """Our partnership's hand win rate (ties half) and mean hand return, duplicate deals."""
    wins = 0.0
    margins = []
    task = progress.add_task(f"{getattr(bot, 'name', bot)} vs {opponent}", total=deals * 2)
    for k in range(deals):
        for seat in (0, 1):
            env = SevenRocksEnv(seat=seat, opponents=(opponent, bot, opponent))
            learner = make_bot(bot, seed=k) if isinstance(bot, str) else bot
            _, info = env.reset(seed=10_000 + k)
            done = False
            while not done:
                action = learner.choose(env.aec.view(env.aec.agent_selection)).action
                _, _, terminated, truncated, info = env.step(action)
                done = terminated or truncated
            ours, theirs = info["scores"][seat & 1], info["scores"][1 - (seat & 1)]
            wins += 1.0 if ours > theirs else 0.5 if ours == theirs else 0.0
            margins.append(ours - theirs)
            progress.advance(task)
    return wins / (2 * deals), float(np.mean(margins))


def match_win_rate(bot: Bot | str, opponent: str, matches: int, progress: Progress) -> float:
    """Our partnership's match win rate: matches to 250 in the Gymnasium wrapper's match mode."""
    wins = 0
    task = progress.add_task(f"{getattr(bot, 'name', bot)} vs {opponent}, matches", total=matches)
    for k in range(matches):
        seat = k % 2
        env = SevenRocksEnv(seat=seat, opponents=(opponent, bot, opponent), mode="match", max_hands=200)
        learner = make_bot(bot, seed=k) if isinstance(bot, str) else bot
        env.reset(seed=20_000 + k)
        done = False
        reward = 0.0
        while not done:
            action = learner.choose(env.aec.view(env.aec.agent_selection)).action
            _, r, terminated, truncated, _ = env.step(action)
            reward = float(r)
            done = terminated or truncated
        wins += reward > 0
        progress.advance(task)
    return wins / matches


def main() -> int:
    parser = argparse.ArgumentParser(description="Imitate the expert bot with a small NumPy network.")
    parser.add_argument("--hands", type=int, default=1000, help="expert hands to imitate")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument(
        "--eval-deals", type=int, default=150, help="deals per evaluation (each played twice)"
    )
    parser.add_argument("--eval-matches", type=int, default=40, help="matches to 250 per opponent")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    console = Console()
    started = time.perf_counter()
    with Progress(console=console, transient=True) as progress:
        data = collect(args.hands, args.seed, progress)
        policy = Policy(args.hidden, np.random.default_rng(args.seed))
        accuracy = train(policy, data, args.epochs, progress)
        trained = time.perf_counter() - started
        rows = []
        for who in (PolicyBot(policy), "expert", "greedy", "random"):
            for opponent in ("random", "greedy"):
                rate, margin = hand_win_rate(who, opponent, args.eval_deals, progress)
                rows.append((getattr(who, "name", who), opponent, rate, margin))
        match_rows = [
            (opponent, match_win_rate(PolicyBot(policy), opponent, args.eval_matches, progress))
            for opponent in ("random", "greedy")
        ]
    console.print(
        f"{len(data[3]):,} expert decisions from {args.hands} hands; held-out agreement with the expert "
        f"{accuracy:.1%}; data + training {trained:.0f} s"
    )
    table = Table(title=f"Hand win rate, {2 * args.eval_deals} duplicate hands per row (ties count half)")
    for col in ("partnership", "against", "win rate", "mean margin"):
        table.add_column(col, justify="left" if col in ("partnership", "against") else "right")
    for name, opponent, rate, margin in rows:
        table.add_row(str(name), opponent, f"{rate:.1%}", f"{margin:+.1f}")
    console.print(table)
    for opponent, rate in match_rows:
        console.print(
            f"policy partnership against {opponent}: won {rate:.1%} of {args.eval_matches} matches to 250"
        )
    console.print(f"total {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
