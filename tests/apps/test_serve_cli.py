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


def test_no_key_with_a_key_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    message = _refusal(capsys, ["--host", "127.0.0.2", "--no-key", "--key", "abcd-efgh"])
    assert message == "--no-key serves without a class key, so it cannot go with --key or PUSH_LEARN_CLASS_KEY"


def test_a_short_key_is_refused(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(serve.CLASS_KEY_ENV, "ab")
    message = _refusal(capsys, ["--host", "127.0.0.2"])
    assert message == "the class key needs at least 6 letters or digits (spaces and dashes do not count)"


def test_the_same_key_for_class_and_teacher_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    message = _refusal(capsys, ["--key", "abcd-efgh", "--teacher-key", "ABCDEFGH"])
    assert message == "the class key and the teacher key must differ (students would get the teacher's pages)"


def test_a_network_address_gets_a_class_key_unless_told_otherwise() -> None:
    network = serve.resolve_keys(serve.ServeOptions(host="127.0.0.2"))
    assert network.class_key is not None and network.class_key_generated
    assert network.teacher_key != network.class_key and network.teacher_key_generated
    lines = serve.key_lines(network, "127.0.0.2")
    assert lines[0] == f"class key: {network.class_key}   (students type it once on the landing page)"
    assert lines[1].startswith(f"teacher key: {network.teacher_key} ")
    for host in ("127.0.0.1", "::1", "localhost"):
        local = serve.resolve_keys(serve.ServeOptions(host=host))
        assert local.class_key is None and local.teacher_key
        assert serve.key_lines(local, host) == [
            f"teacher key: {local.teacher_key}   (for the teacher's pages; keep it to yourself)"
        ]
    opened = serve.resolve_keys(serve.ServeOptions(host="0.0.0.0", no_key=True))
    assert opened.class_key is None
    assert serve.key_lines(opened, "0.0.0.0")[0].startswith("no class key (--no-key): anyone who can reach")
    chosen = serve.resolve_keys(serve.ServeOptions(host="127.0.0.1", class_key="our-class-1", teacher_key="mine-123"))
    assert (chosen.class_key, chosen.teacher_key) == ("our-class-1", "mine-123")
    assert not chosen.class_key_generated and not chosen.teacher_key_generated
    assert serve.key_lines(chosen, "127.0.0.1") == [
        "class key: the one you set (students type it once on the landing page)",
        "teacher key: the one you set",
    ]


def test_keys_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(serve.CLASS_KEY_ENV, "class-key-1")
    monkeypatch.setenv(serve.TEACHER_KEY_ENV, "teacher-key-1")
    captured: list[serve.ServeOptions] = []
    monkeypatch.setattr(serve, "serve", lambda options: captured.append(options) or 0)
    assert main(["serve", "--host", "127.0.0.2"]) == 0
    chosen = captured[0]
    assert (chosen.class_key, chosen.teacher_key, chosen.no_key) == ("class-key-1", "teacher-key-1", False)


def test_the_voila_config_carries_the_keys() -> None:
    from push_learn.apps.classkey import Keys

    config = serve.voila_config(serve.ServeOptions(), Keys("class-key-1", "teacher-key-1"))
    assert config.ClassKeyIdentityProvider.class_key == "class-key-1"
    assert config.ClassKeyIdentityProvider.teacher_key == "teacher-key-1"
