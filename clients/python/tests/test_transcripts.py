"""Replays every golden transcript in docs/protocol/examples against a fresh daemon."""

from pathlib import Path

import pytest

from navd_client import METHOD_HELPERS, Client, Daemon
from navd_client import transcripts

EXAMPLES = sorted(transcripts.examples_dir(Path(__file__)).glob("*.json"))


def test_there_are_transcripts():
    assert EXAMPLES, "docs/protocol/examples holds no transcript; run `make examples`"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_replay(path, request):
    transcript = transcripts.load(path)
    # Only methods this client has a helper for.
    assert transcript["method"] in METHOD_HELPERS
    with Daemon(request.config.getoption("--navd-bin")) as daemon:
        with Client.connect(daemon.socket_path) as client:
            transcripts.replay(client, transcript)
