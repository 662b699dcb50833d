"""The bot registry (nertslib.bots.registry): built-in names and module specs, and its errors."""

from __future__ import annotations

import pickle
import textwrap
from pathlib import Path

import pytest

import nertslib as nl
from nertslib.bots import BOT_NAMES, PatientBot, SearchBot, make_bot
from nertslib.simulation import bot_named

MODULE = textwrap.dedent(
    """
    import nertslib as nl

    def cautious(view, seat):
        return None

    class Seeded:
        def __init__(self, depth=1, seed=0):
            self.depth, self.seed = depth, seed
        def __call__(self, view, seat):
            return nl.greedy_bot(view, seat)

    class Plain:
        def __call__(self, view, seat):
            return None

    def factory(seed=0):
        return Seeded(depth=7, seed=seed)

    def no_bot():
        return 42

    class Family:
        member = staticmethod(cautious)

    NUMBER = 3
    """
)


@pytest.fixture
def mybots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The name of an importable module of bots written for the test."""
    (tmp_path / "registry_bots.py").write_text(MODULE)
    (tmp_path / "registry_broken.py").write_text("raise RuntimeError('half written')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "registry_bots"


def test_a_function_is_the_bot_itself(mybots: str) -> None:
    bot = make_bot(f"{mybots}:cautious", seed=9)
    state = nl.deal("standard", seats=2, seed=1)
    assert getattr(bot, "__name__", None) == "cautious"
    assert bot(nl.view(state, 0), 0) is None
    assert make_bot(f" {mybots}:Family.member ") is bot  # a dotted path, spaces around


def test_a_class_is_instantiated_with_the_seed_when_it_takes_one(mybots: str) -> None:
    seeded = make_bot(f"{mybots}:Seeded", seed=5)
    assert (seeded.depth, seeded.seed) == (1, 5)  # type: ignore[attr-defined]
    plain = make_bot(f"{mybots}:Plain", seed=5)
    assert type(plain).__name__ == "Plain"
    assert make_bot(f"{mybots}:Plain", seed=5) is not plain  # a new bot each time


def test_arguments_are_literals_and_a_spec_s_seed_wins(mybots: str) -> None:
    bot = make_bot(f"{mybots}:Seeded(depth=3)", seed=4)
    assert (bot.depth, bot.seed) == (3, 4)  # type: ignore[attr-defined]
    bot = make_bot(f"{mybots}:Seeded(2, seed=11)", seed=4)
    assert (bot.depth, bot.seed) == (2, 11)  # type: ignore[attr-defined]
    built = make_bot(f"{mybots}:factory()", seed=6)
    assert (built.depth, built.seed) == (7, 6)  # type: ignore[attr-defined]
    search = make_bot("nertslib:SearchBot(budget_ms=None, iterations=3)", seed=2)
    assert isinstance(search, SearchBot)
    assert (search.iterations, search.seed) == (3, 2)


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ("registry_nowhere:bot", "no module named 'registry_nowhere'"),
        ("registry_broken:bot", "importing registry_broken failed: RuntimeError: half written"),
        ("registry_bots:nope", "module 'registry_bots' has no attribute 'nope'"),
        ("registry_bots:Family.nope", "'Family' has no attribute 'nope'"),
        ("registry_bots:NUMBER", "NUMBER is a int, not a bot, class or factory"),
        ("registry_bots:NUMBER()", "NUMBER is a int, not a bot, class or factory"),
        ("registry_bots:no_bot()", r"no_bot\(...\) gave a int, not a bot"),
        ("registry_bots:Seeded(depth=x)", "arguments must be Python literals"),
        ("registry_bots:Seeded(**{})", "arguments must be Python literals"),
        ("registry_bots:Seeded(*[1])", "arguments must be Python literals"),
        ("registry_bots:Seeded(depth=)", "arguments must be Python literals: SyntaxError"),
        ("registry_bots:Seeded(width=2)", "Seeded refused the arguments: TypeError"),
        ("registry_bots:Seeded(1, 2, 3)", "Seeded refused the arguments: TypeError"),
        ("registry_bots:cautious(", "write module:name or module:name"),
        ("registry_bots:two words", "write module:name or module:name"),
        ("1bots:x", "write module:name or module:name"),
        ("registry_bots:", "write module:name or module:name"),
    ],
)
def test_every_failure_is_a_nerts_error_saying_why(mybots: str, spec: str, why: str) -> None:
    with pytest.raises(nl.NertsError, match=why) as info:
        make_bot(spec)
    assert str(info.value).startswith(f"bot {spec!r}: ")


def test_huge_specs_give_bounded_messages(mybots: str) -> None:
    for spec in (
        f"{mybots}:Seeded(depth={'9' * 5000})",  # Python's own "Exceeds the limit" case
        f"{mybots}:Seeded(depth='{'é' * 100_000}', nope=1)",
        f"{mybots}:Seeded(depth={'[' * 10_000})",
        "x" * 100_000,
        "\x00" * 3000 + ":x",
    ):
        with pytest.raises(nl.NertsError) as info:
            make_bot(spec)
        assert len(str(info.value)) <= 2000


@pytest.mark.parametrize("name", [*BOT_NAMES, "search:1", "SEARCH:40", " Random "])
def test_built_in_names_win_and_every_lookup_agrees(name: str) -> None:
    made, named = make_bot(name, 3), bot_named(name, 3)
    assert type(made) is type(named)
    for seed in range(3):
        mine = nl.view(nl.deal("standard", seats=2, seed=seed), 1)
        assert made(mine, 1) == named(mine, 1)


def test_patient_bots_are_declared_and_pickle_as_themselves() -> None:
    assert isinstance(nl.greedy_bot, PatientBot)
    assert isinstance(SearchBot(), PatientBot)
    assert not isinstance(nl.RandomBot(1), PatientBot)
    assert pickle.loads(pickle.dumps(nl.greedy_bot)) is nl.greedy_bot
    assert nl.greedy_bot.__name__ == "greedy_bot"
    assert "greedy" in (nl.greedy_bot.__doc__ or "")
