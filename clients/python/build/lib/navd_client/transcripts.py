"""Golden transcripts (docs/protocol/examples/*.json): normalising, recording and replaying.

A transcript is ``{"method", "description", "normalise": {"volatile": [...], "ids": [...]},
"steps": [{"send": message} | {"receive": message}, ...]}``. Every message the daemon sends
is listed, in the order it arrives, after the message that caused it.

Normalisation (the same in every client):

- a key named in ``volatile`` (``"pid"``), or ``"parent.key"`` for a key under a given parent
  key (``"serverInfo.version"``), has its value replaced by ``"<volatile>"``;
- in a message from the daemon, the value of a key named in ``ids`` (``"sessionId"``,
  ``"subscriptionId"``) is replaced by ``"<KEY:N>"``, N counting the distinct values of that key
  in order of first appearance; in a message to the daemon, a value already seen that way is
  written as its placeholder (values the client chose itself stay as they are). Replaying, a
  send's placeholder is turned back into the value the daemon gave it this time.
"""

import json
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

from .client import Client

VOLATILE = "<volatile>"
DEFAULT_RULES: Dict[str, List[str]] = {
    "volatile": ["pid", "uptimeMs", "serverInfo.version"],
    "ids": ["sessionId", "subscriptionId"],
}


class Normaliser:
    """Applies the normalisation rules, remembering the ids it has seen."""

    def __init__(self, rules: Optional[Dict[str, List[str]]] = None):
        rules = rules or DEFAULT_RULES
        self.volatile = set(rules.get("volatile", []))
        self.ids = set(rules.get("ids", []))
        self._placeholders: Dict[Tuple[str, str], str] = {}
        self._actual: Dict[str, Any] = {}
        self._counts: Dict[str, int] = {}

    def _bind(self, key: str, value: Any) -> str:
        identity = (key, json.dumps(value))
        placeholder = self._placeholders.get(identity)
        if placeholder is None:
            self._counts[key] = self._counts.get(key, 0) + 1
            placeholder = f"<{key}:{self._counts[key]}>"
            self._placeholders[identity] = placeholder
            self._actual[placeholder] = value
        return placeholder

    def normalise(self, value: Any, parent: str = "", bind: bool = True) -> Any:
        """``value`` (from the daemon) with volatile fields and generated ids replaced by placeholders.

        With ``bind`` false (a message to the daemon) only ids already seen are replaced.
        """
        if isinstance(value, dict):
            out = {}
            for key, item in value.items():
                if bind and (key in self.volatile or f"{parent}.{key}" in self.volatile):
                    out[key] = VOLATILE
                elif key in self.ids and isinstance(item, (str, int)) and not isinstance(item, bool):
                    known = self._placeholders.get((key, json.dumps(item)))
                    out[key] = self._bind(key, item) if bind else (known or item)
                else:
                    out[key] = self.normalise(item, key, bind)
            return out
        if isinstance(value, list):
            return [self.normalise(item, parent, bind) for item in value]
        return value

    def restore(self, value: Any) -> Any:
        """``value`` with every bound placeholder replaced by the daemon's actual value."""
        if isinstance(value, dict):
            return {key: self.restore(item) for key, item in value.items()}
        if isinstance(value, list):
            return [self.restore(item) for item in value]
        if isinstance(value, str) and value in self._actual:
            return self._actual[value]
        return value


def load(path: Path) -> Dict[str, Any]:
    """Reads one transcript file."""
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def examples_dir(start: Optional[Path] = None) -> Path:
    """docs/protocol/examples of the repository containing ``start`` (default: this file)."""
    here = (start or Path(__file__)).resolve()
    for directory in [here, *here.parents]:
        candidate = directory / "docs" / "protocol" / "examples"
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("docs/protocol/examples not found above " + str(here))


def _sends_request(message: Any) -> bool:
    return isinstance(message, dict) and "method" in message and "id" in message


def replay(client: Client, transcript: Dict[str, Any], timeout: float = 5.0) -> None:
    """Plays the sends of ``transcript`` and checks every receive, in order.

    Raises :class:`AssertionError` naming the step that differs.
    """
    normaliser = Normaliser(transcript.get("normalise"))
    for index, step in enumerate(transcript["steps"]):
        if "send" in step:
            client.send_message(normaliser.restore(step["send"]))
        else:
            actual = normaliser.normalise(client.read_message(timeout))
            expected = step["receive"]
            if actual != expected:
                raise AssertionError(
                    f"{transcript.get('method')}: step {index} differs\n"
                    f"expected: {json.dumps(expected, sort_keys=True)}\n"
                    f"actual:   {json.dumps(actual, sort_keys=True)}")


class Recorder:
    """Records a scenario: sends through a client and lists every message that comes back."""

    def __init__(self, client: Client, method: str, description: str,
                 volatile: Optional[List[str]] = None):
        self.client = client
        self.method = method
        self.description = description
        self.rules = {"volatile": DEFAULT_RULES["volatile"] + list(volatile or []),
                      "ids": list(DEFAULT_RULES["ids"])}
        self.normaliser = Normaliser(self.rules)
        self.steps: List[Dict[str, Any]] = []
        self._next_id = 1

    def call(self, method: str, params: Any = None) -> Dict[str, Any]:
        """Sends a request and records it and everything up to its reply; returns the reply."""
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": self._next_id, "method": method}
        self._next_id += 1
        if params is not None:
            message["params"] = params
        self.steps.append({"send": self.normaliser.normalise(message, bind=False)})
        self.client.send_message(message)
        while True:
            received = self.client.read_message(5.0)
            self.steps.append({"receive": self.normaliser.normalise(received)})
            if isinstance(received, dict) and received.get("id") == message["id"] and "method" not in received:
                return received

    def result(self, method: str, params: Any = None) -> Any:
        """:meth:`call`, returning the result (the scenario expects success)."""
        reply = self.call(method, params)
        if "error" in reply:
            raise RuntimeError(f"{method} failed while recording: {reply['error']}")
        return reply["result"]

    def finish(self) -> None:
        """Checks that nothing else arrives, so a replay never meets an unlisted message."""
        try:
            extra = self.client.read_message(0.3)
        except TimeoutError:
            return
        raise RuntimeError(f"{self.method}: unexpected message after the scenario: {extra!r}")

    def transcript(self) -> Dict[str, Any]:
        """The transcript, ready to be written as JSON."""
        return {"method": self.method, "description": self.description,
                "normalise": self.rules, "steps": self.steps}


def is_request(message: Any) -> bool:
    """True for a message that expects a reply."""
    return _sends_request(message)
