"""The server's one command line: every option, one-line errors with exit status 2, the links."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.server.support import need

need("uvicorn")

from nertslib.server import options  # noqa: E402 - after the skip
from nertslib.server.options import DEFAULT_DB, config_from_args, main, parser  # noqa: E402
from nertslib.server.settings import ServerConfig, TableSettings  # noqa: E402


def test_every_option_reaches_the_config(tmp_path: Path) -> None:
    argv = [
        "--host", "0.0.0.0", "--port", "9001", "--variant", "nna", "--seats", "3",
        "--bots", "1", "--bot", "random", "--seed", "7", "--bot-delay", "0.1,0.2",
        "--code", "owl", "--grace", "30", "--quiet", "--allow-origin", "https://a.example",
        "--allow-origin", "https://b.example", "--allow-host", "nerts.example",
        "--max-connections", "40", "--join-timeout", "3", "--request-timeout", "4",
        "--db", str(tmp_path / "h.sqlite3"),
    ]  # fmt: skip
    config = config_from_args(parser().parse_args(argv))
    table = config.table
    assert (table.seats, table.bots, table.bot, table.seed) == (3, 1, "random", 7)
    assert (table.variant.to_spec(), table.bot_delay, table.code, table.grace) == (
        "nna",
        (0.1, 0.2),
        "owl",
        30.0,
    )
    assert (config.host, config.port, config.quiet) == ("0.0.0.0", 9001, True)
    assert config.allow_origins == ("https://a.example", "https://b.example")
    assert config.allow_hosts == ("nerts.example",)
    assert (config.max_connections, config.join_timeout, config.request_timeout) == (40, 3, 4)
    assert config.db == tmp_path / "h.sqlite3"


def test_the_defaults() -> None:
    config = config_from_args(parser().parse_args([]))
    assert (config.host, config.port, config.db) == ("127.0.0.1", 8000, DEFAULT_DB)
    assert (config.table.seats, config.table.bots, config.table.code) == (2, 1, None)
    assert config_from_args(parser().parse_args(["--no-db"])).db is None


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--seats", "2", "--bots", "3"], "bots must be 0..2 (the seats), got 3"),
        (["--bot", "foo"], "unknown bot 'foo'"),
        (["--position", "garbage"], "bad NFEN 'garbage'"),
        (["--variant", "chess"], "unknown variant"),
        (["--port", "x"], "argument --port: 'x' is not a port (0..65535)"),
        (["--seats", "-1"], "argument --seats: '-1' is not a whole number >= 0"),
        (["--bot-delay", "soon"], "expected LOW,HIGH seconds such as 0.6,1.5"),
        (["--bot-delay", "2,1"], "bot_delay must be (low, high) with 0 <= low <= high"),
        (["--grace", "-5"], "'-5' is not a number of seconds (0..86400)"),
        (["--seed", "1", "--position", "x"], "not allowed with argument"),
        (["--code", ""], "a join code has 1 to 64 characters"),
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["--db", "/proc/self/nerts/h.sqlite3"], "cannot use the history file"),
        (["--db", "/"], "cannot use the history file '/'"),
    ],
)
def test_a_bad_option_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    assert main(argv, prog="nerts serve") == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("nerts serve: error: ")
    assert err.count("\n") == 1
    assert says in err


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"], prog="nerts serve") == 0
    assert "--allow-origin ORIGIN" in capsys.readouterr().out


def test_a_good_command_line_is_served(monkeypatch: pytest.MonkeyPatch) -> None:
    served: list[ServerConfig] = []

    def serve(config: ServerConfig) -> int:
        served.append(config)
        return 0

    monkeypatch.setattr(options, "serve", serve)
    assert main(["--seats", "3", "--bots", "2", "--no-db"]) == 0
    assert served[0].table.human_seats == range(1)


def test_the_links_to_share() -> None:
    config = ServerConfig(TableSettings.build(seats=3, bots=1), host="0.0.0.0", port=9)
    assert config.links("10.0.0.5") == [
        "http://10.0.0.5:9/",
        "http://10.0.0.5:9/?seat=0",
        "http://10.0.0.5:9/?seat=1",
        "http://10.0.0.5:9/?watch",
    ]
    assert ServerConfig(config.table, host="nerts.local").links("10.0.0.5")[0] == (
        "http://nerts.local:8000/"
    )


# --- through the `nerts` command (the cli extra is installed beside the server's in CI) -------


@pytest.mark.parametrize(
    "argv",
    [
        ["serve", "--port", "70000"],
        ["serve", "--seed", "1", "--position", "x"],
        ["serve", "--seats", "2", "--bots", "3"],
        ["serve", "--bot", "foo"],
        ["serve", "--seed", str(2**64)],
        ["serve", "--position", "garbage"],
        ["serve", "--grace", "soon"],
        ["serve", "--bogus"],
    ],
)
def test_nerts_serve_says_a_bad_option_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    cli = pytest.importorskip("nertslib.cli")
    assert cli.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("nerts serve: error: ")
    assert err.count("\n") == 1


def test_nerts_serve_takes_the_servers_own_options(monkeypatch: pytest.MonkeyPatch) -> None:
    cli = pytest.importorskip("nertslib.cli")
    testing = pytest.importorskip("click.testing")
    configs: list[ServerConfig] = []

    def serve(config: ServerConfig) -> int:
        configs.append(config)
        return 0

    monkeypatch.setattr(options, "serve", serve)
    args = ["serve", "--host", "0.0.0.0", "--port", "9000", "--variant", "nna", "--seats", "3"]
    assert cli.main([*args, "--bots", "2", "--bot", "random", "--seed", "5", "--no-db"]) == 0
    from nertslib.cli.app import nerts  # noqa: PLC0415 - the cli extra

    result = testing.CliRunner().invoke(nerts, [*args, "--bots", "2", "--code", "owl", "--no-db"])
    assert result.exit_code == 0, result.output
    first, second = configs
    assert (first.host, first.port, first.table.seats, first.table.bots) == ("0.0.0.0", 9000, 3, 2)
    assert (first.table.bot, first.table.seed, first.table.variant.caller_bonus) == (
        "random",
        5,
        10,
    )
    assert (second.table.code, second.db) == ("owl", None)


def test_nerts_serve_needs_no_cli_extra() -> None:
    # the server extra brings click (uvicorn needs it), not rich or Textual
    code = (
        "import sys; sys.modules['rich'] = sys.modules['textual'] = None; "
        "from nertslib.cli import main; sys.exit(main(['serve', '--bots', '9']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "nerts serve: error: bots must be 0..2 (the seats), got 9\n"


def test_a_bot_of_your_own_by_module_and_name(capsys: pytest.CaptureFixture[str]) -> None:
    # --bot goes through the one bot registry: a `module:name` spec is any bot you can import.
    argv = ["--seats", "2", "--bots", "1", "--bot", "nertslib.bots:RandomBot(seed=4)", "--no-db"]
    table = config_from_args(parser().parse_args(argv)).table
    assert table.bot == "nertslib.bots:RandomBot(seed=4)"
    for spec, problem in [
        ("nertslib.bots:no_such_bot", "has no attribute 'no_such_bot'"),
        ("no_such_module_xyz:bot", "no_such_module_xyz"),
    ]:
        assert main(["--bot", spec, "--no-db"]) == 2
        err = capsys.readouterr().err
        assert problem in err
        assert len(err.strip().splitlines()) == 1
