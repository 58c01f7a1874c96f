#!/usr/bin/env python3
"""Writes the golden transcripts in docs/protocol/examples/ from the real daemon.

Each scenario runs against a fresh daemon (so counts and generated ids start from scratch),
records every message sent and received, normalises volatile fields (see
navd_client.transcripts and docs/clients.md) and writes <name>.json.

    scripts/gen_examples.py [--navd-bin PATH] [--out DIR] [NAME ...]

A scenario whose method the daemon does not answer (-32601) is skipped and listed; its file,
if any, is left alone. Needs the Python client (pip install -e clients/python).
"""

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "clients" / "python" / "src"))

from navd_client import Client, Daemon  # noqa: E402
from navd_client.transcripts import Recorder  # noqa: E402

TWO = [{"id": "settings", "title": "Settings"}, {"id": "general", "title": "General"}]
SCENARIOS = []


def scenario(name, method, description, volatile=None):
    """Registers a scenario: a function taking a Recorder."""
    def register(fn):
        SCENARIOS.append((name, method, description, volatile or [], fn))
        return fn
    return register


def create(rec, screens=None, **config):
    params = dict(config)
    if screens is not None:
        params["screens"] = screens
    return rec.result("session/create", params)["sessionId"]


# -- lifecycle ------------------------------------------------------------------------------

@scenario("initialize", "initialize", "Optional handshake: the daemon's methods, notifications, profiles and framings.")
def _(rec):
    rec.call("initialize", {"clientInfo": {"name": "example", "version": "1.0"}})


@scenario("shutdown", "shutdown", "shutdown answers null; the connection stays open until exit.")
def _(rec):
    rec.call("shutdown")


@scenario("daemon-status", "daemon/status", "Counts of sessions and connections; pid, uptime, version and the connection count (other clients come and go) are volatile.",
          volatile=["result.version", "connections"])
def _(rec):
    rec.call("daemon/status")


# -- sessions -------------------------------------------------------------------------------

@scenario("session-create", "session/create", "A named session on the iOS 17 profile with two screens.")
def _(rec):
    rec.call("session/create", {"name": "demo", "profile": "ios17", "screens": TWO})


@scenario("session-configure", "session/configure", "Change profile and a policy; null resets the locale.")
def _(rec):
    sid = create(rec, TWO)
    rec.call("session/configure", {"sessionId": sid, "profile": "ios14",
                                   "policies": {"emptyBackTitles": True}, "locale": None})


@scenario("session-list", "session/list", "Every session with its depth and subscriber count.")
def _(rec):
    sid = create(rec, TWO, name="demo")
    rec.result("session/subscribe", {"sessionId": sid, "topics": ["stack"]})
    rec.call("session/list")


@scenario("session-origin", "session/list",
          "A session that says where it comes from (navctl lsp keeps one per flow of a workspace).")
def _(rec):
    rec.call("session/create", {
        "name": "Mail: InboxViewController > MessageViewController",
        "screens": [{"id": "InboxViewController", "title": "Inbox"}, {"id": "MessageViewController", "title": "Message"}],
        "origin": {"workspace": "/work/Mail", "files": ["/work/Mail/Inbox.swift", "/work/Mail/Message.swift"],
                   "flow": "InboxViewController > MessageViewController", "client": "navctl lsp"}})
    rec.call("session/list")


@scenario("session-snapshot", "session/snapshot", "The whole model as a restorable document.")
def _(rec):
    sid = create(rec, TWO, name="demo")
    rec.call("session/snapshot", {"sessionId": sid})


@scenario("session-restore", "session/restore", "A snapshot restored as a new session.")
def _(rec):
    sid = create(rec, TWO, name="demo")
    document = rec.result("session/snapshot", {"sessionId": sid})["document"]
    restored = rec.result("session/restore", {"document": document, "name": "copy"})["sessionId"]
    rec.call("stack/get", {"sessionId": restored})


@scenario("session-close", "session/close", "Closing notifies the session's subscribers with session/didClose.")
def _(rec):
    sid = create(rec, TWO)
    rec.result("session/subscribe", {"sessionId": sid})
    rec.call("session/close", {"sessionId": sid})
    rec.call("stack/get", {"sessionId": sid})


@scenario("session-subscribe", "session/subscribe",
          "A subscriber gets session/didChange for version v before the reply that made v.")
def _(rec):
    sid = create(rec, TWO)
    rec.call("session/subscribe", {"sessionId": sid})
    rec.call("stack/push", {"sessionId": sid, "screen": {"id": "about", "title": "About"}})


@scenario("session-subscribe-topics", "session/subscribe", "Only the topics asked for.")
def _(rec):
    sid = create(rec, TWO)
    rec.call("session/subscribe", {"sessionId": sid, "topics": ["stack"]})
    rec.call("stack/pop", {"sessionId": sid})


@scenario("session-unsubscribe", "session/unsubscribe", "After unsubscribing no notification follows.")
def _(rec):
    sid = create(rec, TWO)
    sub = rec.result("session/subscribe", {"sessionId": sid})["subscriptionId"]
    rec.call("session/unsubscribe", {"subscriptionId": sub})
    rec.call("stack/pop", {"sessionId": sid})


# -- the stack ------------------------------------------------------------------------------

@scenario("stack-push", "stack/push", "Push a screen with bar items.")
def _(rec):
    sid = create(rec, [{"id": "home", "title": "Home"}])
    rec.call("stack/push", {"sessionId": sid, "screen": {
        "id": "detail", "title": "Detail",
        "item": {"rightItems": [{"id": "share", "system": "action"}]}}})


@scenario("stack-pop", "stack/pop", "Pop the top screen, then to the root; the root itself cannot be popped.")
def _(rec):
    sid = create(rec, [{"id": "a", "title": "A"}, {"id": "b", "title": "B"},
                       {"id": "c", "title": "C"}, {"id": "d", "title": "D"}])
    rec.call("stack/pop", {"sessionId": sid})
    rec.call("stack/pop", {"sessionId": sid, "to": "root"})
    rec.call("stack/pop", {"sessionId": sid})


@scenario("stack-set", "stack/set", "Replace the whole stack.")
def _(rec):
    sid = create(rec, TWO)
    rec.call("stack/set", {"sessionId": sid, "screens": [
        {"id": "inbox", "title": "Inbox"}, {"id": "message", "title": "Message"}]})


@scenario("stack-get", "stack/get", "The screens, root first, with the session's version.")
def _(rec):
    sid = create(rec, TWO)
    rec.call("stack/get", {"sessionId": sid})


@scenario("screen-get", "screen/get", "One screen read back as the session document writes it: the top, one by id, and an unknown one.")
def _(rec):
    sid = create(rec, TWO)
    rec.call("screen/get", {"sessionId": sid})
    rec.call("screen/get", {"sessionId": sid, "screenId": "settings"})
    rec.call("screen/get", {"sessionId": sid, "screenId": "nowhere"})


@scenario("screen-update", "screen/update", "A partial screen: nested item fields merge.")
def _(rec):
    sid = create(rec, TWO)
    rec.result("session/subscribe", {"sessionId": sid})
    rec.call("screen/update", {"sessionId": sid, "screenId": "settings",
                               "changes": {"item": {"backButtonTitle": "Prefs"}}})


@scenario("bar-update", "bar/update", "The session-wide bar colour; subscribers get the recomputed tint.")
def _(rec):
    sid = create(rec, TWO)
    rec.result("session/subscribe", {"sessionId": sid, "topics": ["tint"]})
    rec.call("bar/update", {"sessionId": sid, "appearance": {"barTintColor": "#007AFF"}})


@scenario("if-version", "stack/push", "ifVersion: a stale version changes nothing and gets 1004 with the current one.")
def _(rec):
    sid = create(rec, TWO)
    rec.call("stack/push", {"sessionId": sid, "screen": {"id": "late"}, "ifVersion": 0})


# -- questions ------------------------------------------------------------------------------

@scenario("title-back", "title/back", "The back button shows the previous screen's title (SEMANTICS BT-02).")
def _(rec):
    sid = create(rec, TWO)
    rec.call("title/back", {"sessionId": sid})


@scenario("title-back-sources", "title/back", "backButtonTitle, then backItem winning over it (BT-04, BT-05).")
def _(rec):
    sid = create(rec, [{"id": "contacts", "title": "All Contacts", "item": {"backButtonTitle": "Contacts"}},
                       {"id": "card", "title": "Card"}])
    rec.call("title/back", {"sessionId": sid})
    rec.result("screen/update", {"sessionId": sid, "screenId": "contacts",
                                 "changes": {"item": {"backItem": {"title": "Cancel"}}}})
    rec.call("title/back", {"sessionId": sid})


@scenario("title-previous", "title/previous", "The title of the screen below.")
def _(rec):
    sid = create(rec, TWO)
    rec.call("title/previous", {"sessionId": sid})


@scenario("tint-resolve", "tint/resolve",
          "Foregrounds for colours: UIKit's systemBlue by default (COL-1), the automatic black or white when asked "
          "(COL-V03, COL-V13, COL-V14); and for a bar, under each policy.")
def _(rec):
    rec.call("tint/resolve", {"color": "#007AFF"})
    rec.call("tint/resolve", {"color": "#007AFF", "foreground": "automatic"})
    rec.call("tint/resolve", {"color": "#007AFF", "method": "wcag", "foreground": "automatic"})
    rec.call("tint/resolve", {"color": "#B9B9B9", "foreground": "automatic"})
    rec.call("tint/resolve", {"color": "#BABABA", "foreground": "automatic"})
    sid = create(rec, TWO)
    rec.result("bar/update", {"sessionId": sid, "appearance": {"barTintColor": "#1C1C1E"}})
    rec.call("tint/resolve", {"sessionId": sid})
    rec.result("session/configure", {"sessionId": sid, "policies": {"foreground": "automatic"}})
    rec.call("tint/resolve", {"sessionId": sid})


@scenario("bar-layout", "bar/layout", "Frames of the top screen's back button, title and items.")
def _(rec):
    sid = create(rec, [TWO[0], dict(TWO[1], item={"rightItems": [{"id": "add", "system": "add"}]})])
    rec.call("bar/layout", {"sessionId": sid})


@scenario("bar-hitTest", "bar/hitTest", "Who receives a tap: the back button, then content below the bar.")
def _(rec):
    sid = create(rec, TWO)
    rec.call("bar/hitTest", {"sessionId": sid, "point": {"x": 15, "y": 69}, "trace": True})
    rec.call("bar/hitTest", {"sessionId": sid, "point": {"x": 200, "y": 400}})


@scenario("bar-hitRegions", "bar/hitRegions", "Every touchable area of the bar.")
def _(rec):
    sid = create(rec, [TWO[0], dict(TWO[1], item={"rightItems": [{"id": "add", "system": "add"}]})])
    rec.call("bar/hitRegions", {"sessionId": sid})


@scenario("bar-render", "bar/render", "The bar as SVG.")
def _(rec):
    sid = create(rec, TWO)
    rec.call("bar/render", {"sessionId": sid, "format": "svg"})


@scenario("bar-tap", "bar/tap", "Tapping the back button pops; a custom back action asks the client instead.")
def _(rec):
    sid = create(rec, [TWO[0], TWO[1], {"id": "edit", "title": "Edit", "backAction": "custom"}])
    rec.result("session/subscribe", {"sessionId": sid, "topics": ["stack"]})
    rec.call("bar/tap", {"sessionId": sid, "point": {"x": 15, "y": 69}})
    rec.call("stack/pop", {"sessionId": sid})
    rec.call("bar/tap", {"sessionId": sid, "point": {"x": 15, "y": 69}})


@scenario("bar-tap-item", "bar/tap", "Tapping a bar item sends navigation/itemTapped to subscribers.")
def _(rec):
    sid = create(rec, [TWO[0], dict(TWO[1], item={"rightItems": [{"id": "add", "system": "add"}]})])
    rec.result("session/subscribe", {"sessionId": sid})
    rec.call("bar/tap", {"sessionId": sid, "point": {"x": 360, "y": 69}})


@scenario("session-diagnostics", "bar/diagnose",
          "Subscribers get session/diagnostics when a mutation changes the set of diagnostics.")
def _(rec):
    sid = create(rec, TWO)
    rec.result("session/subscribe", {"sessionId": sid, "topics": ["diagnostics"]})
    rec.call("screen/update", {"sessionId": sid, "screenId": "general", "changes": {
        "item": {"rightItems": [{"id": "dot", "customView": {"width": 10, "height": 10}}]}}})


@scenario("gesture-popTest", "gesture/popTest", "The swipe back begins at the left edge only.")
def _(rec):
    sid = create(rec, TWO)
    rec.call("gesture/popTest", {"sessionId": sid, "start": {"x": 5, "y": 400}})
    rec.call("gesture/popTest", {"sessionId": sid, "start": {"x": 200, "y": 400}})


@scenario("bar-diagnose", "bar/diagnose", "A touch target under 44x44.")
def _(rec):
    sid = create(rec, [TWO[0], dict(TWO[1], item={"rightItems": [
        {"id": "dot", "customView": {"width": 10, "height": 10}}]})])
    rec.call("bar/diagnose", {"sessionId": sid})


@scenario("tree-hitTest", "tree/hitTest", "UIKit's hitTest on a view tree (SEMANTICS HT-01, HT-03) and on recursiveDescription text.")
def _(rec):
    tree = {"class": "UIView", "id": "R", "frame": {"x": 0, "y": 0, "width": 320, "height": 480},
            "subviews": [{"class": "UIView", "id": "A", "frame": {"x": 0, "y": 0, "width": 100, "height": 100},
                          "subviews": [{"class": "UIButton", "id": "A1",
                                        "frame": {"x": 50, "y": 50, "width": 100, "height": 100}, "subviews": []}]}]}
    rec.call("tree/hitTest", {"tree": tree, "point": {"x": 10, "y": 10}})
    rec.call("tree/hitTest", {"tree": tree, "point": {"x": 120, "y": 120}, "trace": True})
    rec.call("tree/hitTest", {"tree": "<UIView: 0x1; frame = (0 0; 320 480); layer = <CALayer: 0x2>>\n"
                                      "   | <UIButton: 0x3; frame = (10 10; 100 44); opaque = NO; layer = <CALayer: 0x4>>\n",
                              "point": {"x": 20, "y": 20}})


# -- errors ---------------------------------------------------------------------------------

@scenario("errors", "session/configure", "Unknown session (1001), invalid params naming the field (-32602), unknown method (-32601).")
def _(rec):
    rec.call("stack/get", {"sessionId": "nope"})
    sid = create(rec)
    rec.call("session/configure", {"sessionId": sid, "device": {"width": "wide"}})
    rec.call("no/such/method")


def answers(client, method):
    try:
        client.request(method, {})
    except Exception as error:  # NavdError
        return getattr(error, "code", None) != -32601
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--navd-bin", help="the navd executable (default: $NAVD_BIN, .build/debug/navd)")
    parser.add_argument("--out", default=str(REPO / "docs" / "protocol" / "examples"))
    parser.add_argument("names", nargs="*", help="scenarios to write (default: all)")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    written, skipped = [], []
    for name, method, description, volatile, fn in SCENARIOS:
        if args.names and name not in args.names:
            continue
        with Daemon(args.navd_bin) as daemon:
            with Client.connect(daemon.socket_path) as probe:
                if not answers(probe, method):
                    skipped.append(f"{name} ({method})")
                    continue
            with Client.connect(daemon.socket_path) as client:
                rec = Recorder(client, method, description, volatile)
                try:
                    fn(rec)
                except RuntimeError as error:
                    # A step the scenario needs is missing (e.g. a method not answered yet).
                    skipped.append(f"{name} ({error})")
                    continue
                rec.finish()
        path = out / f"{name}.json"
        path.write_text(json.dumps(rec.transcript(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path.name)
    print(f"wrote {len(written)} transcripts to {out}")
    for item in skipped:
        print(f"skipped {item}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
