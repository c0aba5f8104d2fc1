"""Train a small policy for Seven Rocks with the research wrappers, in a few minutes, NumPy only.

1. Imitation data: four ``expert`` bots play hands in the PettingZoo environment
   (:mod:`sevenrocks.rl.pettingzoo`); every decision is recorded as (observation, action mask,
   the expert's action).
2. Training: a one-hidden-layer network (563 -> 256 -> 448, ReLU) learns the expert's choices
   with a masked softmax (illegal actions get no probability) and Adam, in NumPy.
3. Evaluation: the network plays both seats of a partnership (as a :class:`~sevenrocks.bots.Bot`)
   in the Gymnasium wrapper (:mod:`sevenrocks.rl.gym`) against ``random`` and ``greedy``; each
   deal is played twice with the partnerships swapped. A hand is won when the partnership's
   points less deductions beat the other side's; ties count half.

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
from sevenrocks.rl.actions import NUM_ACTIONS, legal_actions, play_of
from sevenrocks.rl.gym import SevenRocksEnv
from sevenrocks.rl.observation import OBSERVATION, encode_observation
from sevenrocks.rl.pettingzoo import raw_env

F = npt.NDArray[np.float32]


class Policy:
    """A two-layer network over the observation; scores only the legal actions."""

    def __init__(self, hidden: int, rng: np.random.Generator) -> None:
        self.w1 = (rng.standard_normal((OBSERVATION.size, hidden)) * np.sqrt(2 / OBSERVATION.size)).astype(
            np.float32
        )
        self.b1 = np.zeros(hidden, np.float32)
        self.w2 = (rng.standard_normal((hidden, NUM_ACTIONS)) * np.sqrt(1 / hidden)).astype(np.float32)
        self.b2 = np.zeros(NUM_ACTIONS, np.float32)

    @property
    def params(self) -> list[F]:
        return [self.w1, self.b1, self.w2, self.b2]

    def logits(self, obs: F) -> tuple[F, F]:
        h = np.maximum(obs @ self.w1 + self.b1, 0.0)
        return h @ self.w2 + self.b2, h

    def loss_and_grads(self, obs: F, mask: F, target: npt.NDArray[np.int64]) -> tuple[float, list[F]]:
        z, h = self.logits(obs)
        z = np.where(mask > 0, z, -1e9)
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z) * (mask > 0)
        p /= p.sum(axis=1, keepdims=True)
        n = len(target)
        loss = -float(np.log(p[np.arange(n), target] + 1e-12).mean())
        dz = p
        dz[np.arange(n), target] -= 1.0
        dz /= n
        dh = (dz @ self.w2.T) * (h > 0)
        return loss, [obs.T @ dh, dh.sum(0), h.T @ dz, dz.sum(0)]


class PolicyBot:
    """The trained network as a bot: the legal action with the highest score."""

    name = "policy"

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def choose(self, view: SeatView) -> Play:
        actions = legal_actions(view)
        z, _ = self.policy.logits(encode_observation(view)[None, :])
        return play_of(actions[int(np.argmax(z[0, actions]))])


def collect(hands: int, seed: int, progress: Progress) -> tuple[F, F, npt.NDArray[np.int64]]:
    """Expert decisions recorded through the PettingZoo environment."""
    env = raw_env()
    experts = [make_bot("expert", seed=seed + s) for s in range(4)]
    obs_rows: list[F] = []
    masks: list[F] = []
    targets: list[int] = []
    task = progress.add_task("expert hands", total=hands)
    for k in range(hands):
        env.reset(seed=seed + k)
        for agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            observation = env.observe(agent)
            action = experts[int(agent[-1])].choose(env.view(agent)).action
            obs_rows.append(observation["observation"])
            masks.append(observation["action_mask"].astype(np.float32))
            targets.append(action)
            env.step(action)
        progress.advance(task)
    return np.stack(obs_rows), np.stack(masks), np.array(targets, dtype=np.int64)


def train(policy: Policy, data: tuple[F, F, npt.NDArray[np.int64]], epochs: int, progress: Progress) -> float:
    """Adam on the masked cross-entropy; returns the final accuracy on held-out decisions."""
    obs, mask, target = data
    n = len(target)
    rng = np.random.default_rng(0)
    order = rng.permutation(n)
    held = order[: n // 10]
    fit = order[n // 10 :]
    m = [np.zeros_like(p) for p in policy.params]
    v = [np.zeros_like(p) for p in policy.params]
    lr, b1, b2, step = 1e-3, 0.9, 0.999, 0
    task = progress.add_task("training", total=epochs)
    for _ in range(epochs):
        rng.shuffle(fit)
        for start in range(0, len(fit), 256):
            batch = fit[start : start + 256]
            _, grads = policy.loss_and_grads(obs[batch], mask[batch], target[batch])
            step += 1
            for p, g, mi, vi in zip(policy.params, grads, m, v, strict=True):
                mi *= b1
                mi += (1 - b1) * g
                vi *= b2
                vi += (1 - b2) * g * g
                p -= lr * (mi / (1 - b1**step)) / (np.sqrt(vi / (1 - b2**step)) + 1e-8)
        progress.advance(task)
    z, _ = policy.logits(obs[held])
    z = np.where(mask[held] > 0, z, -np.inf)
    return float((z.argmax(axis=1) == target[held]).mean())


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


def main() -> int:
    parser = argparse.ArgumentParser(description="Imitate the expert bot with a small NumPy network.")
    parser.add_argument("--hands", type=int, default=1200, help="expert hands to imitate")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument(
        "--eval-deals", type=int, default=150, help="deals per evaluation (each played twice)"
    )
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
    console.print(
        f"{len(data[2]):,} expert decisions from {args.hands} hands; held-out agreement with the expert "
        f"{accuracy:.1%}; data + training {trained:.0f} s"
    )
    table = Table(title=f"Hand win rate, {2 * args.eval_deals} duplicate hands per row (ties count half)")
    for col in ("partnership", "against", "win rate", "mean margin"):
        table.add_column(col, justify="left" if col in ("partnership", "against") else "right")
    for name, opponent, rate, margin in rows:
        table.add_row(str(name), opponent, f"{rate:.1%}", f"{margin:+.1f}")
    console.print(table)
    console.print(f"total {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
