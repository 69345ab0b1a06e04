"""``push-learn serve`` refuses bad options with one plain sentence and exit status 2, before any server starts."""

from __future__ import annotations

from pathlib import Path

import pytest

from push_learn.apps import serve
from push_learn.cli import main


@pytest.fixture(autouse=True)
def no_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make sure no test here ever starts Voila: reaching it is a failure."""

    def refuse_to_start(options: serve.ServeOptions, root: Path) -> int:
        raise AssertionError(f"Voila would have started with {options}")

    monkeypatch.setattr(serve, "_run_voila", refuse_to_start)


def _refusal(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Run ``push-learn serve ARGV``, check it is refused with status 2 and one line on stderr; return the line."""
    assert main(["serve", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("push-learn serve: ")
    assert "Traceback" not in captured.err
    return lines[0].removeprefix("push-learn serve: ")


@pytest.mark.parametrize("port", ["99999", "65536", "0", "-1"])
def test_a_port_out_of_range_is_refused(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _refusal(capsys, [f"--port={port}"]) == f"the port must be between 1 and 65535, not {port}"


def test_an_unknown_host_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    message = _refusal(capsys, ["--host", "nosuchhost.invalid"])
    assert message.startswith("cannot find the address 'nosuchhost.invalid' given to --host; use 127.0.0.1")


def test_a_malformed_host_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert _refusal(capsys, ["--host", "a..b"]).startswith("cannot find the address 'a..b'")


def test_a_missing_root_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nonexistent_dir"
    assert _refusal(capsys, ["--root", str(missing)]) == f"the dashboards folder {missing} does not exist"


def test_a_root_that_is_a_file_is_refused_as_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "hostname"
    file.write_text("a file\n", encoding="utf-8")
    message = _refusal(capsys, ["--root", str(file)])
    assert message == f"{file} is a file, not a folder of dashboards"
    assert "does not exist" not in message
    with pytest.raises(NotADirectoryError, match="is a file"):
        serve.dashboards_dir(file, tmp_path / "scratch")


def test_a_negative_pool_size_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    message = _refusal(capsys, ["--pool-size", "-1"])
    assert message == "--pool-size must be 0 or more, not -1 (0 turns preheating off)"


def test_a_negative_cull_idle_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    message = _refusal(capsys, ["--cull-idle", "-5"])
    assert message == "--cull-idle must be 0 or more seconds, not -5 (0 turns culling off)"


def test_options_problem_accepts_the_defaults_and_zeros(tmp_path: Path) -> None:
    assert serve.options_problem(serve.ServeOptions()) is None
    assert serve.options_problem(serve.ServeOptions(root=tmp_path, pool_size=0, preheat=False, cull_idle=0)) is None
    assert serve.options_problem(serve.ServeOptions(port=65535, host="localhost")) is None


def test_the_help_says_zero_turns_culling_off(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    assert "0 turns culling off" in " ".join(capsys.readouterr().out.split())
