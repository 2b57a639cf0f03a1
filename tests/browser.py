"""Headless Chromium driven through the DevTools protocol over a pipe: no WebDriver, no extra package.

`--remote-debugging-pipe` makes Chromium read commands from its fd 3 and write
answers to its fd 4, each a JSON message ended by a NUL byte.  Every wait is
bounded: a page that never gets there fails the test, it never hangs it.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import select
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
)
WAIT_SECONDS = 60  # the longest any one wait may take on a busy 2-core machine


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@contextlib.contextmanager
def headless(profile: Path, width: int = 1400, height: int = 1100) -> Iterator[Browser]:
    """A browser for one test, closed after it; without Chromium the test is skipped and says why."""
    binary = chromium()
    if binary is None:
        pytest.skip("chromium is not installed (Debian: apt-get install -y chromium): the workbench was not opened")
    opened = Browser(binary, profile, width, height)
    try:
        yield opened
    finally:
        opened.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def serving(app: Any, log_level: str = "warning") -> Iterator[str]:
    """An ASGI app (the workbench) served in this process, in a thread: its address while the test runs."""
    import uvicorn

    config = uvicorn.Config(app, host="127.0.0.1", port=free_port(), log_level=log_level, lifespan="off")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    wait(lambda: running.started, "the server to start")
    try:
        yield f"http://127.0.0.1:{config.port}"
    finally:
        running.should_exit = True
        thread.join(timeout=30)


def keep_screenshots(*shots: Path) -> None:
    """Copy the screenshots to the folder PNP_SCREENSHOTS names, when it names one, to look at them."""
    keep = os.environ.get("PNP_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        for shot in shots:
            shutil.copy(shot, Path(keep) / shot.name)


class Browser:
    def __init__(self, binary: str, profile: Path, width: int = 1400, height: int = 1100) -> None:
        commands_read, self._commands = os.pipe()
        self._answers, answers_write = os.pipe()

        def child_fds() -> None:  # Chromium's fd 3 and fd 4
            # copies above both first: the pipes may be fds 3 and 4 themselves, and dup2 onto the
            # same number would keep them close-on-exec
            reading, writing = (fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (commands_read, answers_write))
            os.dup2(reading, 3)
            os.dup2(writing, 4)

        self.process = subprocess.Popen(
            [
                binary,
                *FLAGS,
                "--remote-debugging-pipe",
                f"--user-data-dir={profile}",
                f"--window-size={width},{height}",
            ],
            preexec_fn=child_fds,  # the only way to give a child fixed fd numbers
            close_fds=False,  # subprocess would close fds 3 and 4 after preexec_fn set them up
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(commands_read)
        os.close(answers_write)
        self._buffer = b""
        self._next = 0
        self.session = ""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable")
        self.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            answer = self._read(deadline)
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return dict(answer.get("result", {}))
        raise TimeoutError(f"Chromium did not answer {method}")

    def leave(self, method: str, params: dict[str, Any] | None = None) -> list[str]:
        """Send a navigation (Page.reload, Page.navigate) and accept every "leave this page?" dialog it
        opens on the way; the dialogs' types, in order ("beforeunload" when the page asked first)."""
        self._next += 1
        wanted = self._next
        message: dict[str, Any] = {"id": wanted, "method": method, "params": params or {}, "sessionId": self.session}
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        dialogs: list[str] = []
        answered = navigated = False  # Page.reload answers before the page is asked; the navigation comes after
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline and not (answered and navigated):
            answer = self._read(deadline)
            if answer.get("method") == "Page.javascriptDialogOpening":
                dialogs.append(str(answer["params"]["type"]))
                self._next += 1
                accept = {"id": self._next, "method": "Page.handleJavaScriptDialog", "params": {"accept": True}}
                os.write(self._commands, json.dumps({**accept, "sessionId": self.session}).encode() + b"\0")
            elif answer.get("method") == "Page.frameNavigated" and not answer["params"]["frame"].get("parentId"):
                navigated = True
            elif answer.get("id") == wanted:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                answered = True
        if not (answered and navigated):
            raise TimeoutError(f"Chromium did not answer {method}")
        return dialogs

    def _read(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            # a page stopped on a dialog (a "leave this page?" the test did not expect) answers nothing:
            # without this bound the test would wait on the pipe for ever
            if not select.select([self._answers], [], [], max(0.0, deadline - time.monotonic()))[0]:
                raise TimeoutError(f"Chromium said nothing for {WAIT_SECONDS} s (a dialog open on the page?)")
            chunk = os.read(self._answers, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed its pipe")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return dict(json.loads(message))

    def open(self, url: str) -> None:
        self.send("Page.navigate", {"url": url})
        self.wait_for("document.readyState === 'complete' && !!window.htmx")

    def run(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, what: str = "") -> Any:
        return wait(lambda: self.run(expression), what or expression)

    def screenshot(self, path: Path, full_page: bool = True) -> Path:
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            size = self.send("Page.getLayoutMetrics")["cssContentSize"]
            params |= {"captureBeyondViewport": True, "clip": {**_box(size), "scale": 1}}
        path.write_bytes(base64.b64decode(self.send("Page.captureScreenshot", params)["data"]))
        return path

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, TimeoutError, OSError):
            self.send("Browser.close")
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._commands)
        os.close(self._answers)


def _box(size: dict[str, float]) -> dict[str, float]:
    return {"x": 0, "y": 0, "width": size["width"], "height": min(size["height"], 4000)}


def wait(probe: Callable[[], Any], what: str) -> Any:
    """probe() until it gives something true, for at most WAIT_SECONDS."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        value = probe()
        if value:
            return value
        time.sleep(0.05)
    raise TimeoutError(f"waited {WAIT_SECONDS} s for {what}")
