"""One helper per protocol method (PROTOCOL.md section 5).

Helpers take Python keyword arguments, leave out the ones that are ``None`` and send the rest
under their wire names. Pass :data:`CLEAR` to send an explicit JSON ``null`` (which resets a
field to its default in partial updates). Results are the decoded JSON values.
"""

from typing import Any, Dict, List, Optional, Sequence, Union


class _Clear:
    """Sentinel: send JSON ``null`` for this argument."""

    def __repr__(self) -> str:
        return "CLEAR"


#: Pass as a helper argument to send JSON ``null`` (reset to default) instead of omitting it.
CLEAR = _Clear()

Json = Any
Point = Dict[str, float]

#: Every wire method and the name of its helper on :class:`navd_client.Client`.
METHOD_HELPERS: Dict[str, str] = {
    "$/cancelRequest": "cancel_request",
    "bar/diagnose": "bar_diagnose",
    "bar/hitRegions": "bar_hit_regions",
    "bar/hitTest": "bar_hit_test",
    "bar/layout": "bar_layout",
    "bar/render": "bar_render",
    "bar/tap": "bar_tap",
    "bar/update": "bar_update",
    "daemon/status": "daemon_status",
    "exit": "exit",
    "gesture/popTest": "gesture_pop_test",
    "initialize": "initialize",
    "rpc.discover": "rpc_discover",
    "screen/update": "screen_update",
    "session/close": "session_close",
    "session/configure": "session_configure",
    "session/create": "session_create",
    "session/list": "session_list",
    "session/restore": "session_restore",
    "session/snapshot": "session_snapshot",
    "session/subscribe": "session_subscribe",
    "session/unsubscribe": "session_unsubscribe",
    "shutdown": "shutdown",
    "stack/get": "stack_get",
    "stack/pop": "stack_pop",
    "stack/push": "stack_push",
    "stack/set": "stack_set",
    "tint/resolve": "tint_resolve",
    "title/back": "title_back",
    "title/previous": "title_previous",
    "tree/hitTest": "tree_hit_test",
}


def _params(**fields: Any) -> Dict[str, Any]:
    """The params object: ``None`` left out, :data:`CLEAR` sent as ``null``."""
    return {name: (None if value is CLEAR else value)
            for name, value in fields.items() if value is not None}


def point(x: float, y: float) -> Point:
    """A Point value."""
    return {"x": x, "y": y}


class MethodsMixin:
    """The typed helpers; mixed into :class:`navd_client.Client`."""

    def request(self, method: str, params: Any = None, *, timeout: Optional[float] = None) -> Any:
        raise NotImplementedError

    def notify(self, method: str, params: Any = None) -> None:
        raise NotImplementedError

    # -- lifecycle ------------------------------------------------------------------------

    def initialize(self, client_info: Optional[Dict[str, Any]] = None,
                   capabilities: Optional[Dict[str, Any]] = None) -> Json:
        """``initialize``: ``{serverInfo, protocolVersion, capabilities}``."""
        return self.request("initialize", _params(clientInfo=client_info, capabilities=capabilities))

    def rpc_discover(self) -> Json:
        """``rpc.discover``: the OpenRPC document of the protocol (docs/openrpc.json)."""
        return self.request("rpc.discover")

    def shutdown(self) -> None:
        """``shutdown``: returns ``None``."""
        return self.request("shutdown")

    def exit(self) -> None:
        """``exit`` (a notification): the daemon closes this connection."""
        self.notify("exit")

    def cancel_request(self, request_id: Union[int, str]) -> None:
        """``$/cancelRequest``: the pending request then replies -32800."""
        self.notify("$/cancelRequest", {"id": request_id})

    def daemon_status(self) -> Json:
        """``daemon/status``: ``{version, pid, uptimeMs, connections, sessions}``."""
        return self.request("daemon/status")

    # -- sessions -------------------------------------------------------------------------

    def session_create(self, name: Optional[str] = None, profile: Optional[str] = None,
                       device: Optional[Dict[str, Any]] = None, locale: Optional[str] = None,
                       app_localizations: Optional[Sequence[str]] = None,
                       policies: Optional[Dict[str, Any]] = None,
                       screens: Optional[Sequence[Dict[str, Any]]] = None,
                       origin: Optional[Dict[str, Any]] = None) -> Json:
        """``session/create``: ``{sessionId, version}``. ``origin``: ``{workspace?, files?, flow?, client?}``."""
        return self.request("session/create", _params(
            name=name, profile=profile, device=device, locale=locale,
            appLocalizations=None if app_localizations is None else list(app_localizations),
            policies=policies, screens=None if screens is None else list(screens), origin=origin))

    def session_configure(self, session_id: str, profile: Any = None, device: Any = None,
                          locale: Any = None, app_localizations: Any = None,
                          policies: Any = None, if_version: Optional[int] = None) -> Json:
        """``session/configure``: ``{version}``."""
        return self.request("session/configure", _params(
            sessionId=session_id, profile=profile, device=device, locale=locale,
            appLocalizations=app_localizations, policies=policies, ifVersion=if_version))

    def session_list(self) -> Json:
        """``session/list``: ``{sessions: [{sessionId, name, version, depth, subscribers, origin?}]}``."""
        return self.request("session/list")

    def session_snapshot(self, session_id: str) -> Json:
        """``session/snapshot``: ``{document}``."""
        return self.request("session/snapshot", {"sessionId": session_id})

    def session_restore(self, document: Json, name: Optional[str] = None,
                        origin: Optional[Dict[str, Any]] = None) -> Json:
        """``session/restore``: ``{sessionId, version}``."""
        return self.request("session/restore", _params(document=document, name=name, origin=origin))

    def session_close(self, session_id: str) -> None:
        """``session/close``: returns ``None``."""
        return self.request("session/close", {"sessionId": session_id})

    def session_subscribe(self, session_id: str, topics: Optional[Sequence[str]] = None) -> Json:
        """``session/subscribe``: ``{subscriptionId, version}``."""
        return self.request("session/subscribe", _params(
            sessionId=session_id, topics=None if topics is None else list(topics)))

    def session_unsubscribe(self, subscription_id: Union[int, str]) -> None:
        """``session/unsubscribe``: returns ``None``."""
        return self.request("session/unsubscribe", {"subscriptionId": subscription_id})

    # -- the stack ------------------------------------------------------------------------

    def stack_push(self, session_id: str, screen: Dict[str, Any],
                   if_version: Optional[int] = None) -> Json:
        """``stack/push``: ``{screenId, version}``."""
        return self.request("stack/push", _params(sessionId=session_id, screen=screen, ifVersion=if_version))

    def stack_pop(self, session_id: str, to: Optional[str] = None,
                  if_version: Optional[int] = None) -> Json:
        """``stack/pop`` (``to``: a screen id or ``"root"``): ``{popped, version}``."""
        return self.request("stack/pop", _params(sessionId=session_id, to=to, ifVersion=if_version))

    def stack_set(self, session_id: str, screens: Sequence[Dict[str, Any]],
                  if_version: Optional[int] = None) -> Json:
        """``stack/set``: ``{version}``."""
        return self.request("stack/set", _params(sessionId=session_id, screens=list(screens), ifVersion=if_version))

    def stack_get(self, session_id: str) -> Json:
        """``stack/get``: ``{screens, version}``."""
        return self.request("stack/get", {"sessionId": session_id})

    def screen_update(self, session_id: str, screen_id: str, changes: Dict[str, Any],
                      if_version: Optional[int] = None) -> Json:
        """``screen/update`` (a partial Screen): ``{version}``."""
        return self.request("screen/update", _params(
            sessionId=session_id, screenId=screen_id, changes=changes, ifVersion=if_version))

    # -- the bar --------------------------------------------------------------------------

    def bar_update(self, session_id: str, appearance: Dict[str, Any], screen_id: Optional[str] = None,
                   if_version: Optional[int] = None) -> Json:
        """``bar/update`` (no ``screen_id``: the session-wide bar): ``{version}``."""
        return self.request("bar/update", _params(
            sessionId=session_id, screenId=screen_id, appearance=appearance, ifVersion=if_version))

    def bar_layout(self, session_id: str) -> Json:
        """``bar/layout``: ``{bar, elements}`` for the top screen."""
        return self.request("bar/layout", {"sessionId": session_id})

    def bar_hit_test(self, session_id: str, point: Point, trace: Optional[bool] = None) -> Json:
        """``bar/hitTest``: a HitResult ``{target, action, trace?}``."""
        return self.request("bar/hitTest", _params(sessionId=session_id, point=point, trace=trace))

    def bar_hit_regions(self, session_id: str) -> Json:
        """``bar/hitRegions``: ``{regions: [{target, action, frame}]}``."""
        return self.request("bar/hitRegions", {"sessionId": session_id})

    def bar_render(self, session_id: str, format: Optional[str] = None) -> Json:
        """``bar/render``: ``{svg}``."""
        return self.request("bar/render", _params(sessionId=session_id, format=format))

    def bar_tap(self, session_id: str, point: Point, if_version: Optional[int] = None) -> Json:
        """``bar/tap``: ``{hit, performed, version}``; performs the action."""
        return self.request("bar/tap", _params(sessionId=session_id, point=point, ifVersion=if_version))

    def gesture_pop_test(self, session_id: str, start: Point) -> Json:
        """``gesture/popTest``: ``{begins, reason}``."""
        return self.request("gesture/popTest", {"sessionId": session_id, "start": start})

    def bar_diagnose(self, session_id: str, screen_id: Optional[str] = None) -> Json:
        """``bar/diagnose``: ``{diagnostics}`` for the top (or named) screen."""
        return self.request("bar/diagnose", _params(sessionId=session_id, screenId=screen_id))

    # -- tint and titles ------------------------------------------------------------------

    def tint_resolve(self, session_id: Optional[str] = None, screen_id: Optional[str] = None,
                     color: Any = None, backdrop: Any = None, method: Optional[str] = None,
                     threshold: Optional[float] = None, foreground: Optional[str] = None) -> Json:
        """``tint/resolve``: a TintResult, for ``color`` or else for the screen's bar. ``foreground`` is
        ``"uikit"`` (UIKit's systemBlue items, the session's default) or ``"automatic"`` (black or white)."""
        return self.request("tint/resolve", _params(
            sessionId=session_id, screenId=screen_id, color=color, backdrop=backdrop,
            method=method, threshold=threshold, foreground=foreground))

    def title_back(self, session_id: str, screen_id: Optional[str] = None) -> Json:
        """``title/back``: a BackTitle ``{title, display, source, truncated, menu}``."""
        return self.request("title/back", _params(sessionId=session_id, screenId=screen_id))

    def title_previous(self, session_id: str, screen_id: Optional[str] = None) -> Json:
        """``title/previous``: ``{title, previousScreenId, reason}``."""
        return self.request("title/previous", _params(sessionId=session_id, screenId=screen_id))

    # -- view trees -----------------------------------------------------------------------

    def tree_hit_test(self, tree: Union[Dict[str, Any], str], point: Point,
                      trace: Optional[bool] = None) -> Json:
        """``tree/hitTest`` (a View or ``recursiveDescription`` text): ``{view, trace?}``."""
        return self.request("tree/hitTest", _params(tree=tree, point=point, trace=trace))


__all__: List[str] = ["CLEAR", "METHOD_HELPERS", "MethodsMixin", "point"]
