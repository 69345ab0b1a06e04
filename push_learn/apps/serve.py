"""``push-learn serve``: the dashboards under Voila, ready for a class.

What it sets up, on top of a plain ``voila`` command:

- Voila on 127.0.0.1:8866 (``--host``/``--port``), failing with a clear sentence if the port is taken
  (Voila would otherwise move to another port without saying so), and likewise for a port out of
  range, an unknown host or a missing dashboards folder (``options_problem``), never with a traceback;
- a landing page listing the dashboards (our ``push_learn`` Voila template, ``tree.html``) with a
  field for the deal number (the seed), so a teacher can hand a whole class the same cards;
- preheated kernels (one per dashboard by default, ``--pool-size``); a closed tab frees its kernel at
  once (the template makes sure the page holds the cookie Voila's shutdown request needs), and kernels
  left idle with no page attached (a browser that crashed, a lost connection) are culled (``--cull-idle``);
- no source code and no tracebacks shown, nothing fetched from the internet at page load (the
  template drops Voila's links to a font CDN; the icons it needs are bundled with Voila), and a
  loading message while a kernel starts;
- a clean stop on Ctrl-C or SIGTERM: Voila shuts every kernel down before exiting;
- on any address but this computer's own (127.0.0.1, ::1, localhost), a **class key** that each browser
  types once (generated and printed at start, or set with ``--key``/``PUSH_LEARN_CLASS_KEY``; ``--no-key``
  serves openly), a **teacher key** for the teacher's pages, and each kernel answering only the browser
  session whose page opened it (``push_learn.apps.access``);
- the class store (``--class-db``, ``PUSH_LEARN_CLASS_DB``, else ``push-learn-class.db`` in the served
  folder) opened in this process, with its service (``push_learn.classroom.service``): students join a
  class on the landing page, dashboard kernels post their sealed results through it, and the teacher's
  dashboard lives at ``/push_learn/teacher`` (``open_class_service``);
- with ``--max-starting N``, at most N dashboard pages prepared at once: a student beyond them sees how
  many are ahead ("Starting your table: 5 ahead of you") until their turn (``push_learn.apps.admission``).

Settings it cannot use raise ``ServeUsageError`` (one sentence); ``push-learn`` prints it and exits with 2.

The server process never imports the widgets: it only needs the catalogue of dashboards.
"""

from __future__ import annotations

import argparse
import errno
import os
import signal
import socket
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from push_learn.apps.catalogue import DASHBOARDS, FIRST_PATH, POKER_PATH, by_family, dashboard, write_notebooks
from push_learn.apps.classkey import Keys, is_local_host, key_matches, key_problem, new_key
from push_learn.errors import UsageError
from push_learn.rummy.catalogue import RUMMY_GAMES
from push_learn.rummy.rules import PUSH

__all__ = [
    "CLASS_KEY_ENV",
    "COOKIE_SECRET_NAME",
    "TEACHER_KEY_ENV",
    "TEMPLATE_NAME",
    "TEMPLATE_ROOT",
    "ServeOptions",
    "ServeUsageError",
    "add_arguments",
    "dashboards_dir",
    "kernel_callback_host",
    "key_lines",
    "landing_page_config",
    "main",
    "open_class_service",
    "options_problem",
    "resolve_keys",
    "run",
    "serve",
    "voila_argv",
    "voila_config",
]

TEMPLATE_NAME = "push_learn"
"""The Voila template the dashboards use."""
TEMPLATE_ROOT = Path(__file__).resolve().parent / "templates"
"""A Jupyter data folder (``voila/templates/push_learn``) added to ``JUPYTER_PATH`` so Voila finds the template."""
CLASS_KEY_ENV = "PUSH_LEARN_CLASS_KEY"
"""Environment variable setting the class key (kept out of the process list, unlike ``--key``)."""
TEACHER_KEY_ENV = "PUSH_LEARN_TEACHER_KEY"
"""Environment variable setting the teacher key."""
CHECKOUT_DASHBOARDS = Path(__file__).resolve().parents[2] / "notebooks" / "dashboards"
"""Where the dashboard notebooks live in a checkout of the repository."""


@dataclass(frozen=True)
class ServeOptions:
    """Settings of ``push-learn serve``; the defaults suit one teacher's laptop."""

    host: str = "127.0.0.1"
    port: int = 8866
    root: Path | None = None
    """Folder of dashboard notebooks; by default the checkout's ``notebooks/dashboards``, else a fresh copy."""
    preheat: bool = True
    pool_size: int = 1
    """Kernels kept started and waiting for each dashboard."""
    cull_idle: int = 300
    """Seconds an idle kernel with no page attached lives before it is shut down."""
    cull_interval: int = 30
    """Seconds between two looks for such kernels."""
    open_browser: bool = False
    debug: bool = False
    """Log at debug level (tracebacks are still never sent to students)."""
    class_key: str | None = None
    """The class key set by the teacher; None: generated on a network address, none on this computer's own."""
    teacher_key: str | None = None
    """The teacher key set by the teacher; None: generated."""
    no_key: bool = False
    """Serve the pages to anyone who can reach the address, without a class key (``--no-key``)."""
    class_db: str | None = None
    """The class store (a SQLite file's path or ``postgresql://...``); None: ``$PUSH_LEARN_CLASS_DB``, else
    ``push-learn-class.db`` in the served folder."""
    max_starting: int = 2 * (os.cpu_count() or 1)
    """Dashboard pages prepared at once (default: twice the cores, chosen from ``benchmarks/capacity.py``);
    students beyond see how many are ahead of them (0: no limit)."""


class ServeUsageError(UsageError):
    """``push-learn serve`` was given settings it cannot use; the message says which, in one sentence."""


def dashboards_dir(root: Path | None, scratch: Path) -> Path:
    """The folder of notebooks to serve: ``root`` if given, the checkout's copies, or a set written into
    ``scratch`` (an installed package carries no notebooks: they are generated from the catalogue)."""
    if root is not None:
        if not root.exists():
            raise FileNotFoundError(f"the dashboards folder {root} does not exist")
        if not root.is_dir():
            raise NotADirectoryError(f"{root} is a file, not a folder of dashboards")
        return root
    if all((CHECKOUT_DASHBOARDS / info.notebook).is_file() for info in DASHBOARDS):
        return CHECKOUT_DASHBOARDS
    write_notebooks(scratch)
    return scratch


def voila_argv(options: ServeOptions, root: Path) -> list[str]:
    """The Voila command-line arguments for these options, serving the notebooks in ``root``."""
    argv = [
        str(root),
        f"--Voila.ip={options.host}",
        f"--Voila.port={options.port}",
        "--Voila.port_retries=0",
        f"--Voila.open_browser={options.open_browser}",
        f"--VoilaConfiguration.template={TEMPLATE_NAME}",
        "--VoilaConfiguration.theme=light",
        "--VoilaConfiguration.classic_tree=True",
        "--VoilaConfiguration.allow_template_override=NO",
        "--VoilaConfiguration.show_tracebacks=False",
        "--VoilaConfiguration.strip_sources=True",
        f"--VoilaConfiguration.preheat_kernel={options.preheat}",
        f"--VoilaConfiguration.default_pool_size={options.pool_size if options.preheat else 0}",
        f"--MappingKernelManager.cull_idle_timeout={options.cull_idle}",
        f"--MappingKernelManager.cull_interval={options.cull_interval}",
        "--MappingKernelManager.cull_connected=False",
    ]
    if options.debug:
        argv.append("--Voila.log_level=DEBUG")
    return argv


def landing_page_config(page_config: dict[str, Any], **_context: Any) -> dict[str, Any]:
    """Voila page-config hook: add the catalogue of dashboards and games for the landing page template."""
    page_config["pushLearn"] = {
        "dashboards": [
            {
                "slug": info.slug,
                "title": info.title,
                "blurb": info.blurb,
                "notebook": info.notebook,
                "chooseVariant": info.choose_variant,
                "family": info.family,
            }
            for info in DASHBOARDS
        ],
        "families": [
            {"name": family, "id": "-".join(family.lower().split()), "notebooks": [info.notebook for info in infos]}
            for family, infos in by_family()
        ],
        "variants": [
            {"key": spec.id, "name": spec.title, "players": list(spec.players)}
            for spec in RUMMY_GAMES
        ],
        "contracts": [str(PUSH.contract(deal)) for deal in range(1, PUSH.deals + 1)],
        "firstPath": _path(FIRST_PATH),
        "pokerPath": _path(POKER_PATH),
        "classroom": bool(os.environ.get("PUSH_LEARN_CLASS_SERVICE")),  # the class block (class_join.html)
    }
    return page_config


def _path(steps: tuple[tuple[str, str], ...]) -> list[dict[str, str]]:
    """A path of the landing page (``catalogue.FIRST_PATH``, ``POKER_PATH``) as the template reads it."""
    infos = [(dashboard(slug), why) for slug, why in steps]
    return [{"notebook": info.notebook, "title": info.title, "why": why} for info, why in infos]


def _skip_slow_format_checker() -> None:
    """Spare the server 1 to 2 s at start: jsonschema's optional ``rfc3987_syntax`` checker builds a grammar
    on import and nothing here validates IRIs (jsonschema skips the checker when its import fails)."""
    sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]


_HOST_ADVICE = "use 127.0.0.1 (this computer only) or 0.0.0.0 (every network of this computer)"


def options_problem(options: ServeOptions) -> str | None:
    """What makes these options unusable, in one plain sentence for the terminal; None when they look fine.

    Checks the port's range, the numbers of kernels and seconds, the dashboards folder and that the host
    name is known; nothing is started (whether the port is free is checked by ``serve``).
    """
    if not 1 <= options.port <= 65535:
        return f"the port must be between 1 and 65535, not {options.port}"
    if options.pool_size < 0:
        return f"--pool-size must be 0 or more, not {options.pool_size} (0 turns preheating off)"
    if options.max_starting < 0:
        return f"--max-starting must be 0 or more, not {options.max_starting} (0 turns the queue off)"
    if options.cull_idle < 0:
        return f"--cull-idle must be 0 or more seconds, not {options.cull_idle} (0 turns culling off)"
    if options.root is not None:
        if not options.root.exists():
            return f"the dashboards folder {options.root} does not exist"
        if not options.root.is_dir():
            return f"{options.root} is a file, not a folder of dashboards"
    if options.no_key and options.class_key is not None:
        return f"--no-key serves without a class key, so it cannot go with --key or {CLASS_KEY_ENV}"
    for key, what in ((options.class_key, "the class key"), (options.teacher_key, "the teacher key")):
        if key is not None and (problem := key_problem(key, what)) is not None:
            return problem
    if _same_keys(options.class_key, options.teacher_key):
        return "the class key and the teacher key must differ (students would get the teacher's pages)"
    try:
        socket.getaddrinfo(options.host, options.port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return f"cannot find the address {options.host!r} given to --host; {_HOST_ADVICE}"
    return None


def _same_keys(class_key: str | None, teacher_key: str | None) -> bool:
    """Whether the class key would open the teacher's pages (the two keys compare equal)."""
    return class_key is not None and teacher_key is not None and key_matches(class_key, teacher_key)


def resolve_keys(options: ServeOptions) -> Keys:
    """The keys the server runs with: those set, else fresh ones from ``secrets``.

    A class key is made up for any host but 127.0.0.1, ::1 and localhost, unless ``--no-key`` says to
    serve openly; the teacher key always exists.
    """
    class_key = options.class_key
    class_generated = False
    if class_key is None and not options.no_key and not is_local_host(options.host):
        class_key, class_generated = new_key(), True
    teacher_key = options.teacher_key
    teacher_generated = teacher_key is None
    while teacher_key is None or _same_keys(class_key, teacher_key):
        teacher_key = new_key()
    return Keys(class_key, teacher_key, class_generated, teacher_generated)


def key_lines(keys: Keys, host: str) -> list[str]:
    """What the terminal says about the keys at start (a key the teacher set is not repeated)."""
    lines = []
    if keys.class_key is None:
        if not is_local_host(host):
            lines.append("no class key (--no-key): anyone who can reach this address opens the dashboards")
    elif keys.class_key_generated:
        lines.append(f"class key: {keys.class_key}   (students type it once on the landing page)")
    else:
        lines.append("class key: the one you set (students type it once on the landing page)")
    if keys.teacher_key_generated:
        lines.append(f"teacher key: {keys.teacher_key}   (for the teacher's pages; keep it to yourself)")
    else:
        lines.append("teacher key: the one you set")
    return lines


def _port_problem(host: str, port: int) -> str | None:
    """Why a server could not listen on ``host:port`` right now, in one sentence; None when it could."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return (
                    f"port {port} on {host} is already in use. "
                    "Stop the other server or choose another port with --port."
                )
            if error.errno == errno.EACCES:
                return (
                    f"this computer does not allow listening on port {port} "
                    "(ports below 1024 need administrator rights); choose another port with --port"
                )
            if error.errno == errno.EADDRNOTAVAIL:
                return f"{host} is not an address of this computer; {_HOST_ADVICE}"
            return f"cannot listen on {host} port {port} ({error.strerror or error}); {_HOST_ADVICE}"
    return None



def serve(options: ServeOptions) -> int:
    """Run Voila with these options until Ctrl-C or SIGTERM; return the process exit status.

    Unusable options (see ``options_problem``) or a port that is taken raise ``ServeUsageError`` with one
    sentence before anything starts.
    """
    problem = options_problem(options) or _port_problem(options.host, options.port)
    if problem is not None:
        raise ServeUsageError(problem)
    with tempfile.TemporaryDirectory(prefix="push_learn_dashboards_") as scratch:
        try:
            root = dashboards_dir(options.root, Path(scratch))
        except OSError as error:  # the folder went away since options_problem looked
            raise ServeUsageError(str(error)) from None
        return _run_voila(options, root)


def kernel_callback_host(host: str) -> str:
    """The address a kernel started by this server reaches it at (bracketed when it is IPv6)."""
    if host in ("", "0.0.0.0"):
        return "127.0.0.1"
    if host == "::":
        return "[::1]"
    return f"[{host}]" if ":" in host else host


def voila_config(options: ServeOptions, keys: Keys) -> Any:
    """The traitlets configuration of our Voila: the landing page's catalogue, the keys, and kernels that talk to
    the server over Unix sockets where there are any (a TCP port picked for a kernel may be taken by another
    process before the kernel binds it, which kills the kernel: D-CLS-05)."""
    from traitlets.config import Config

    config = Config()
    config.VoilaConfiguration.page_config_hook = landing_page_config
    config.VoilaConfiguration.extension_denylist = ["jupyterlab_pygments"]  # no code is shown, so no highlighting
    config.ClassKeyIdentityProvider.class_key = keys.class_key
    config.ClassKeyIdentityProvider.teacher_key = keys.teacher_key
    config.PushLearnVoila.max_starting = options.max_starting
    if os.name == "posix":  # kernels on Unix sockets in their runtime folder: no TCP port to race for (D-CLS-05)
        config.KernelManager.transport = "ipc"
    return config


def _run_voila(options: ServeOptions, root: Path) -> int:
    """Serve the notebooks in ``root`` with Voila until Ctrl-C or SIGTERM."""
    _skip_slow_format_checker()
    paths = [str(TEMPLATE_ROOT), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(paths)
    # A warm kernel asks the server for its page's address at VOILA_APP_IP (Voila's default, 127.0.0.1,
    # is not listened on when --host names one address); kernels inherit this environment.
    os.environ["VOILA_APP_IP"] = kernel_callback_host(options.host)

    from push_learn.apps.access import PushLearnVoila

    keys = resolve_keys(options)
    app = PushLearnVoila(config=voila_config(options, keys))
    app.class_service = open_class_service(options, root)
    if app.class_service is not None:  # browsers' session cookies outlive a restart: their key is kept in the store
        app.cookie_secret = bytes.fromhex(app.class_service.store.secret(COOKIE_SECRET_NAME))
    app.initialize(voila_argv(options, root))
    stopping = _install_stop_handlers(app)
    shown_host = "localhost" if options.host in ("127.0.0.1", "::1") else options.host
    print(
        f"push_learn dashboards: http://{shown_host}:{options.port}/  (serving {root}; Ctrl-C stops)",
        flush=True,
    )
    for line in key_lines(keys, options.host):
        print(line, flush=True)
    try:
        app.start()  # returns after Ctrl-C or SIGTERM, once Voila has shut its kernels down
    except Exception as error:
        if not stopping:
            raise
        # Voila's shutdown can trip over a kernel that was still starting (it is then not yet known).
        print(f"Voila's shutdown stopped early ({error}); finishing it.", file=sys.stderr, flush=True)
        _finish_shutdown(app)
    if app.class_service is not None:
        app.class_service.store.close()  # SQLite folds its write-ahead log back into the file
    print("push_learn dashboards stopped; every kernel was shut down.", flush=True)
    return 0


COOKIE_SECRET_NAME = "cookie_secret"
"""The class store's setting holding the key that signs browsers' session cookies (D-CLS-02)."""


def open_class_service(options: ServeOptions, root: Path) -> Any:
    """Open the class store in this process and hand the kernels what they need to reach it.

    The kernels get the server's address (``PUSH_LEARN_CLASS_SERVICE``) and a fresh sealing key
    (``PUSH_LEARN_SEAL_KEY``), never the database's address or password: ``PUSH_LEARN_CLASS_DB`` is
    taken out of the environment they inherit. A store named with ``--class-db`` that cannot be opened
    stops the server with the reason; when the default file cannot be made, the dashboards are served
    without the class pages and the terminal says so.
    """
    import secrets

    from push_learn.classroom.service import SERVICE_ENV, ClassService
    from push_learn.classroom.store import CLASS_DB_ENV, ClassroomError, Store
    from push_learn.classroom.teacher_pages import PAGE_PATH
    from push_learn.records import SEAL_KEY_ENV

    named = options.class_db or os.environ.get(CLASS_DB_ENV) or None
    os.environ.pop(CLASS_DB_ENV, None)
    key = secrets.token_hex(32)
    try:
        store = Store(named, folder=root, seal_key=key.encode())
    except ClassroomError as error:
        if named:
            raise ServeUsageError(str(error)) from None
        print(f"no class store ({error}); serving the dashboards without the class pages", flush=True)
        return None
    os.environ[SEAL_KEY_ENV] = key
    os.environ[SERVICE_ENV] = f"http://{kernel_callback_host(options.host)}:{options.port}/"
    print(f"class store: {store.url}   (teacher's dashboard: {PAGE_PATH})", flush=True)
    return ClassService(store, key.encode(), root)


def _install_stop_handlers(app: Any) -> list[int]:
    """Make Ctrl-C and SIGTERM stop the server the same way (Voila shuts its kernels down, then returns).

    Returns a list that receives the signal's number once one arrives. A second Ctrl-C during the
    shutdown interrupts it.
    """
    received: list[int] = []

    def stop(signum: int, frame: Any) -> None:
        received.append(signum)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        print("\nStopping: shutting the kernels down (Ctrl-C again to force)...", file=sys.stderr, flush=True)
        app._handle_signal_stop(signum, frame)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    return received


def _finish_shutdown(app: Any, attempts: int = 5) -> None:
    """Shut down every kernel Voila still knows, retrying while kernels that were starting come up."""
    from jupyter_core.utils import run_sync

    for _ in range(attempts):
        try:
            run_sync(app.kernel_manager.shutdown_all)()
        except Exception:
            time.sleep(1)
            continue
        if not app.kernel_manager.list_kernel_ids():
            return
        time.sleep(1)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``push-learn serve`` to an argparse parser."""
    defaults = ServeOptions()
    parser.add_argument("--host", default=defaults.host, help="address to listen on (default %(default)s)")
    parser.add_argument("--port", type=int, default=defaults.port, help="port to listen on (default %(default)s)")
    parser.add_argument("--root", type=Path, default=None, help="folder of dashboard notebooks to serve")
    parser.add_argument(
        "--pool-size",
        type=int,
        default=defaults.pool_size,
        help="kernels kept warm for each dashboard (default %(default)s; 0 turns preheating off)",
    )
    parser.add_argument(
        "--cull-idle",
        type=int,
        default=defaults.cull_idle,
        help="seconds before an idle kernel whose page was closed is shut down "
        "(default %(default)s; 0 turns culling off)",
    )
    parser.add_argument(
        "--key",
        default=os.environ.get(CLASS_KEY_ENV) or None,
        help=f"the class key students type once (default: ${CLASS_KEY_ENV}, else a new one is printed when "
        "--host is not this computer's own address)",
    )
    parser.add_argument(
        "--teacher-key",
        default=os.environ.get(TEACHER_KEY_ENV) or None,
        help=f"the key to the teacher's pages (default: ${TEACHER_KEY_ENV}, else a new one is printed)",
    )
    parser.add_argument(
        "--no-key",
        action="store_true",
        help="serve a network address without a class key: anyone who can reach it opens the dashboards",
    )
    parser.add_argument(
        "--max-starting",
        type=int,
        default=defaults.max_starting,
        help="dashboard pages prepared at once; students beyond see how many are ahead of them "
        "(default %(default)s, twice this computer's cores; 0: no limit)",
    )
    parser.add_argument(
        "--class-db",
        default=None,
        help="the class store: a SQLite file or postgresql://user@host/database (default: $PUSH_LEARN_CLASS_DB, "
        "else push-learn-class.db in the served folder)",
    )
    parser.add_argument("--open", action="store_true", help="open the landing page in a web browser")
    parser.add_argument("--debug", action="store_true", help="verbose server log")


def run(args: argparse.Namespace) -> int:
    """Run ``push-learn serve`` from parsed arguments; bad ones raise ``ServeUsageError``."""
    options = ServeOptions(
        host=args.host,
        port=args.port,
        root=args.root,
        preheat=args.pool_size > 0,
        pool_size=args.pool_size,  # kept as given: serve refuses a negative one
        cull_idle=args.cull_idle,
        cull_interval=max(1, min(30, args.cull_idle // 3)),
        open_browser=args.open,
        debug=args.debug,
        class_key=args.key,
        teacher_key=args.teacher_key,
        no_key=args.no_key,
        max_starting=args.max_starting,
        class_db=args.class_db,
    )
    return serve(options)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m push_learn.apps.serve``: the same as ``push-learn serve``."""
    parser = argparse.ArgumentParser(prog="push-learn serve", description="Serve the dashboards with Voila.")
    add_arguments(parser)
    try:
        return run(parser.parse_args(argv))
    except ServeUsageError as error:
        print(f"push-learn serve: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
