#!/usr/bin/env python3
"""Checks the fields of the golden transcripts that carry a rule against values derived from docs/semantics.md.

The transcripts were recorded from the daemon; this checker knows nothing of its code. It follows each
transcript's requests to keep its own small picture of every session (configuration, bars, the stack), and
for each answer that carries a rule it derives the expected value from the rules of docs/semantics.md:

- foreground, luminance, contrast (COL-3 yiq on exact 8-bit integers, COL-4 WCAG, COL-6 blending over white);
- back title: display, source, title, truncated and the history menu (BB-1 to BB-5, BB-8, BB-10, BB-12);
- the hit target and its action (GEO bar frame, "What a hit does", HT-7) for bar/hitTest and bar/tap, and the
  hit view of tree/hitTest by its own implementation of HT-1 to HT-7;
- diagnostics whose condition is decidable from the model alone (BB-2, BB-5, BB-8, BB-11, BB-13, POP-4, COL-4).

An answer outside what the checker can decide (a text width that may not fit, a text tree, a system colour
name) is counted as undecided, not passed. Prints one line per failure, each citing the rule, and a closing
'N checked, N undecided, N failed'; exits 1 on any failure, or when nothing at all was checked.
"""

import copy
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROFILES = ["ios10", "ios11", "ios13", "ios14", "ios17", "ios26"]
DEFAULT_DEVICE = {"width": 390, "height": 844, "statusBarHeight": 47, "scale": 3}
DEFAULT_POLICIES = {
    "emptyBackTitles": False, "backInterception": "delegate", "tintMethod": "yiq", "tintThreshold": 186 / 256,
    "emptyBackItemTitle": "arrowOnly", "emptyBackButtonTitle": "arrowOnly", "emptyScreenTitle": "fallThrough",
    "glassEmptyBackItemHides": False, "glassBarHeight": 54, "alphaRule": "lessThan",
    "foreground": "uikit", "defaultTintContrast": 3,
}
# COL-1, COL-8: UIKit's default tint (systemBlue) and title colour (the label colour, black), whatever the bar.
SYSTEM_BLUE = "#007AFF"
LABEL = "#000000"
# BB-10: the generic title per language.
GENERIC = {"en": "Back", "de": "Zurück", "fr": "Retour", "es": "Atrás", "it": "Indietro", "pt": "Voltar", "ja": "戻る",
           "ko": "뒤로", "zh-hans": "返回", "zh-hant": "返回", "ru": "Назад", "nl": "Terug", "sv": "Tillbaka", "pl": "Wstecz"}

checked = 0
undecided = 0
failed = 0


def check(ok, where, rule, what):
    global checked, failed
    checked += 1
    if not ok:
        failed += 1
        print(f"FAIL: {where}: {what} ({rule})")


def skip():
    global undecided
    undecided += 1


class Undecided(Exception):
    pass


# -- colours (COL) ------------------------------------------------------------------------------------------

def rgba(value):
    """A colour as 0-255 channels and 0-1 alpha, from the hex forms only (names are not modelled here)."""
    if isinstance(value, str) and value.startswith("#") and len(value) in (7, 9):
        channels = [int(value[i:i + 2], 16) for i in range(1, len(value), 2)]
        alpha = channels[3] / 255 if len(channels) == 4 else 1.0
        return channels[0], channels[1], channels[2], alpha
    if isinstance(value, str) and value.lower().startswith("rgb"):
        inner = value[value.index("(") + 1:value.index(")")].split(",")
        numbers = [float(x) for x in inner]
        return numbers[0], numbers[1], numbers[2], numbers[3] if len(numbers) == 4 else 1.0
    raise Undecided(f"colour {value!r}")


def blend(colour):
    """COL-6: alpha < 1 is blended over white, per channel, then written as 8-bit."""
    r, g, b, a = rgba(colour)
    return tuple(round(a * c + (1 - a) * 255) if a < 1 else c for c in (r, g, b))


def relative_luminance(rgb):
    def linear(c):
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def foreground(rgb, method, threshold):
    """COL-3 (yiq, exact on 8-bit integers) or COL-4 (WCAG: black iff its contrast is strictly higher)."""
    if method == "wcag":
        luminance = relative_luminance(rgb)
        return "#000000" if (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) else "#FFFFFF"
    s = 299 * rgb[0] + 587 * rgb[1] + 114 * rgb[2]
    if abs(threshold - 186 / 256) < 1e-9:
        return "#000000" if 256 * s > 47_430_000 else "#FFFFFF"
    return "#000000" if s / 255000 > threshold else "#FFFFFF"


def hex_of(rgb):
    return "#" + "".join(f"{int(c):02X}" for c in rgb)


def contrast_ratio(a, b):
    """COL-4: the WCAG 2 contrast ratio of two 8-bit colours."""
    la, lb = relative_luminance(a), relative_luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


# -- sessions, as the requests describe them ----------------------------------------------------------------

def merge(target, patch):
    """Partial updates: members replace, nested objects merge, null resets (docs/protocol.md)."""
    for key, value in patch.items():
        if value is None:
            target.pop(key, None)
        elif isinstance(value, dict) and isinstance(target.get(key), dict) and key not in ("device",):
            merge(target[key], value)
        else:
            target[key] = copy.deepcopy(value)


class Session:
    def __init__(self, params):
        self.profile = params.get("profile", "ios17")
        self.device = dict(DEFAULT_DEVICE)
        if isinstance(params.get("device"), dict):
            if "preset" in params["device"]:
                raise Undecided("device preset")
            self.device.update(params["device"])
        self.locale = params.get("locale", "en")
        self.apps = params.get("appLocalizations", ["en"])
        self.policies = dict(DEFAULT_POLICIES)
        self.policies.update(params.get("policies") or {})
        self.bar = copy.deepcopy(params.get("bar") or {})
        self.screens = []
        for index, screen in enumerate(params.get("screens") or []):
            screen = copy.deepcopy(screen)
            screen.setdefault("id", f"screen-{index + 1}")
            self.screens.append(screen)

    def configure(self, params):
        for key in ("profile", "locale", "appLocalizations"):
            if key in params:
                setattr(self, {"appLocalizations": "apps"}.get(key, key), params[key] if params[key] is not None else {"profile": "ios17", "locale": "en", "appLocalizations": ["en"]}[key])
        if "policies" in params:
            merge(self.policies, params["policies"] or {})
        if "device" in params:
            raise Undecided("device change")
        if "bar" in params:
            merge(self.bar, params["bar"] or {})

    def index(self, screen_id):
        for i, s in enumerate(self.screens):
            if s["id"] == screen_id:
                return i
        raise Undecided(f"unknown screen {screen_id}")

    def at_least(self, profile):
        return PROFILES.index(self.profile) >= PROFILES.index(profile)

    def generic(self):
        """BB-10: the first fallback of the locale the app declares, else the same base language, else English."""
        def norm(tag):
            return tag.replace("_", "-").lower()
        declared = [norm(a) for a in self.apps]
        parts = norm(self.locale).split("-")
        chosen = None
        for n in range(len(parts), 0, -1):
            if "-".join(parts[:n]) in declared:
                chosen = "-".join(parts[:n])
                break
        if chosen is None:
            chosen = next((a for a in declared if a.split("-")[0] == parts[0]), "en")
        if chosen in ("zh-tw", "zh-hk", "zh-mo"):
            chosen = "zh-hant"
        if chosen in GENERIC:
            return GENERIC[chosen]
        base = chosen.split("-")[0]
        if base == "zh":
            raise Undecided("Chinese script")
        return GENERIC.get(base, "Back")

    def bar_in_effect(self, index):
        """COL, 'Which colour a session's bar has': the screen's bar, else the nearest below; the session bar fills."""
        own = {}
        for s in reversed(self.screens[:index + 1]):
            if s.get("bar"):
                own = s["bar"]
                break
        merged = dict(self.bar)
        merged.update({k: v for k, v in own.items() if v is not None})
        return own, merged


def read_title(screen):
    """BB-5: `item.title ?? title`."""
    item = screen.get("item") or {}
    return item["title"] if item.get("title") is not None else screen.get("title")


# -- back titles (BB) ---------------------------------------------------------------------------------------

def back_title_candidates(session, index):
    """The answer when hidden, else the candidate list of the decision order (BB-1 to BB-4, BB-8)."""
    if index == 0:
        return {"display": "hidden", "source": "none", "hiddenBecause": "root"}, None
    top, previous = session.screens[index], session.screens[index - 1]
    item = top.get("item") or {}
    own, bar = session.bar_in_effect(index)
    if item.get("hidesBackButton"):
        return {"display": "hidden", "source": "none", "hiddenBecause": "hidesBackButton"}, None
    if item.get("leftItems") and not item.get("leftItemsSupplementBackButton"):
        return {"display": "hidden", "source": "none", "hiddenBecause": "leftItems"}, None
    if bar.get("hidden"):
        return {"display": "hidden", "source": "none", "hiddenBecause": "hiddenBar"}, None
    if top.get("backStyle") or top.get("showsPreviousTitle"):
        raise Undecided("backStyle or showsPreviousTitle")
    if session.policies.get("emptyBackTitles"):
        return {"display": "arrowOnly", "source": "policy"}, None
    generic = session.generic()
    chevron = ("arrowOnly", "none", None)
    back_item = (previous.get("item") or {}).get("backItem")
    if back_item:
        if back_item.get("image"):
            raise Undecided("image back item")
        title = back_item.get("title")
        if not title and session.profile == "ios26" and session.policies.get("glassEmptyBackItemHides"):
            return {"display": "hidden", "source": "backItem", "hiddenBecause": "emptyBackItem"}, None
        if not title:
            if session.policies["emptyBackItemTitle"] == "arrowOnly":
                return {"display": "arrowOnly", "source": "backItem"}, None
            return None, [("generic", "generic", generic), chevron]
        return None, [("text", "backItem", title), ("generic", "generic", generic), chevron]
    p_item = previous.get("item") or {}
    mode = p_item.get("backButtonDisplayMode", "default") if session.at_least("ios14") else "default"
    if mode == "minimal":
        return {"display": "arrowOnly", "source": "none"}, None
    if mode == "generic":
        return None, [("generic", "generic", generic), chevron]
    candidates = []
    button = p_item.get("backButtonTitle")
    if button == "":
        if session.policies["emptyBackButtonTitle"] == "arrowOnly":
            return {"display": "arrowOnly", "source": "backButtonTitle"}, None
    elif button is not None:
        candidates.append(("text", "backButtonTitle", button))
    title = read_title(previous)
    if title == "":
        if session.policies["emptyScreenTitle"] == "arrowOnly" and not candidates:
            return {"display": "arrowOnly", "source": "previousTitle"}, None
    elif title is not None:
        candidates.append(("text", "previousTitle", title))
    return None, candidates + [("generic", "generic", generic), chevron]


def menu(session, index):
    """BB-12: every earlier screen, nearest first, each by its own source; none before ios14."""
    if not session.at_least("ios14"):
        return []
    rows = []
    for screen in reversed(session.screens[:index]):
        item = screen.get("item") or {}
        back_item = item.get("backItem") or {}
        row = None
        for value, setting in ((back_item.get("title") if item.get("backItem") else None, "emptyBackItemTitle"),
                               (item.get("backButtonTitle"), "emptyBackButtonTitle"),
                               (read_title(screen), "emptyScreenTitle")):
            if value is None:
                continue
            if value == "" and session.policies[setting] == "fallThrough":
                continue
            row = value
            break
        rows.append(row if row is not None else session.generic())
    return rows


def check_back_title(session, index, answer, where):
    try:
        fixed, candidates = back_title_candidates(session, index)
        expected_menu = menu(session, index)
    except Undecided:
        skip()
        return
    if fixed is not None:
        check(answer.get("display") == fixed["display"], where, "BB-1, BB-2, BB-8", f"display {answer.get('display')}, expected {fixed['display']}")
        check(answer.get("source") == fixed["source"], where, "BB-1, BB-2, BB-8", f"source {answer.get('source')}, expected {fixed['source']}")
        if "hiddenBecause" in fixed:
            check(answer.get("hiddenBecause") == fixed["hiddenBecause"], where, "BB-2", f"hiddenBecause {answer.get('hiddenBecause')}, expected {fixed['hiddenBecause']}")
        if fixed["display"] == "hidden":
            check(answer.get("menu") == [], where, "BB-12", "a hidden back button has no menu")
            return
    else:
        shown = (answer.get("display"), answer.get("source"), answer.get("title") if answer.get("display") != "arrowOnly" else None)
        first = candidates[0]
        if answer.get("truncated"):
            check(shown in candidates[1:], where, "BB-6", f"truncated, so one of the later candidates {candidates[1:]}, not {shown}")
        else:
            check(shown == first, where, "BB-3, BB-4, BB-10", f"{shown}, expected the first candidate {first}")
    check(answer.get("menu") == expected_menu, where, "BB-12", f"menu {answer.get('menu')}, expected {expected_menu}")


# -- tint (COL) ---------------------------------------------------------------------------------------------

def check_tint_result(params, result, session, where):
    method = params.get("method") or (session.policies["tintMethod"] if session else "yiq")
    threshold = params.get("threshold") if params.get("threshold") is not None else (session.policies["tintThreshold"] if session else 186 / 256)
    check(result.get("method") == method, where, "COL-3, COL-4", f"method {result.get('method')}, expected {method}")
    try:
        if "color" in params:
            declared = params["color"]
            if params.get("backdrop") is not None:
                raise Undecided("backdrop")
            expected_background = hex_of(blend(declared))
            check(result.get("background") == expected_background, where, "COL-6", f"background {result.get('background')}, expected {expected_background}")
            if rgba(declared)[3] < 1:
                check("declared" in result, where, "COL-6", "a translucent colour is returned as declared")
        background = rgba(result["background"])[:3]
    except Undecided:
        skip()
        return
    luminance = relative_luminance(background)
    black, white = (luminance + 0.05) / 0.05, 1.05 / (luminance + 0.05)
    contrast = result.get("contrast") or {}
    check(abs(contrast.get("black", -1) - black) < 1e-9 and abs(contrast.get("white", -1) - white) < 1e-9, where, "COL-4",
          f"contrast {contrast}, expected black {black}, white {white}")
    if method == "yiq":
        yiq = (0.299 * background[0] + 0.587 * background[1] + 0.114 * background[2]) / 255
        check(abs(result.get("luminance", -1) - yiq) < 1e-9, where, "COL-3", f"luminance {result.get('luminance')}, expected {yiq}")
    policy = params.get("foreground") or (session.policies["foreground"] if session else "uikit")
    check(result.get("foregroundPolicy") == policy, where, "COL-1", f"foregroundPolicy {result.get('foregroundPolicy')}, expected {policy}")
    automatic = foreground(background, method, threshold)
    rule = "COL-3" if method == "yiq" else "COL-4"
    check(result.get("automaticForeground") == automatic, where, rule,
          f"automaticForeground {result.get('automaticForeground')} on {result.get('background')}, expected {automatic}")
    if result.get("source") != "forced":
        expected = automatic if policy == "automatic" else SYSTEM_BLUE
        check(result.get("foreground") == expected, where, rule if policy == "automatic" else "COL-1",
              f"foreground {result.get('foreground')} on {result.get('background')} ({policy}), expected {expected}")
    if "color" in params:
        title = automatic if policy == "automatic" else LABEL
        check(result.get("titleColor") == title, where, "COL-1", f"titleColor {result.get('titleColor')}, expected {title}")


def automatic_foreground(session, index):
    """The foreground of a screen's bar when nothing forces it (UIKit's systemBlue, or the automatic black or
    white under the policy `automatic`); None when something might."""
    own, bar = session.bar_in_effect(index)
    screen = session.screens[index]
    if bar.get("tintColor") or (screen.get("backStyle") or {}).get("color"):
        return None
    if session.policies["foreground"] == "uikit":
        return SYSTEM_BLUE
    colour = (bar.get("gradient") or [None])[0] or bar.get("barTintColor") or "#FFFFFF"
    return foreground(blend(colour), session.policies["tintMethod"], session.policies["tintThreshold"])


# -- the bar's hit target ("What a hit does") ---------------------------------------------------------------

def check_hit(session, hit, point, where):
    if not session.screens:
        return skip()
    top_index = len(session.screens) - 1
    top = session.screens[top_index]
    own, bar = session.bar_in_effect(top_index)
    width, height = session.device["width"], session.device["height"]
    if bar.get("hidden") or width > height or session.profile == "ios10":
        return skip()  # hidden bar, compact landscape, or the era L slop band and columns
    bar_y = session.device["statusBarHeight"]
    bar_height = session.policies.get("glassBarHeight", 54) if session.profile == "ios26" else 44
    target, action = hit.get("target") or {}, hit.get("action") or {}
    x, y = point["x"], point["y"]
    if y < bar_y or x < 0 or x >= width:
        check(target.get("kind") == "none" and action.get("kind") == "none", where, "GEO-1, HT-1", f"a point off the bar above or beside it hits nothing, not {target}")
        return
    if y >= bar_y + bar_height:
        check(target.get("kind") == "content" and action == {"kind": "none"}, where, "GEO-1", f"a point below the bar is content, not {target}")
        return
    check(target.get("screenId") == top["id"], where, "GEO-1", f"target.screenId {target.get('screenId')}, expected the top screen {top['id']}")
    kind = target.get("kind")
    if kind == "backButton":
        back_action = top.get("backAction", "pop")
        interception = session.policies["backInterception"]
        previous = session.screens[top_index - 1]["id"] if top_index > 0 else None
        if back_action == "pop":
            expected = [{"kind": "pop", "to": previous}]
        elif back_action == "none":
            expected = [{"kind": "none"}]
        elif interception in ("delegate", "leftItem"):
            expected = [{"kind": "customBack"}]
        else:
            expected = [{"kind": "customBack"}, {"kind": "pop", "to": previous}]
        check(action in expected, where, "What a hit does: the back button", f"action {action}, expected one of {expected}")
    elif kind == "barItem":
        items = [i for side in ("leftItems", "rightItems") for i in ((top.get("item") or {}).get(side) or [])]
        item = next((i for i in items if i.get("id") == target.get("itemId")), None)
        check(item is not None, where, "What a hit does: an item", f"no item {target.get('itemId')} on {top['id']}")
        if item is not None and "customView" not in item:
            expected = {"kind": "none"} if item.get("enabled") is False else {"kind": "itemAction", "itemId": item["id"]}
            check(action == expected, where, "What a hit does: an item", f"action {action}, expected {expected}")
    elif kind in ("title", "titleView", "bar"):
        check(action == {"kind": "none"}, where, "What a hit does: title, title view, bar", f"action {action}, expected none")
        if kind in ("title", "titleView"):
            check(hit.get("reason") == "inert", where, "What a hit does: title", f"reason {hit.get('reason')}, expected inert")
    else:
        check(False, where, "GEO-1", f"a point on the bar hit {kind}")


# -- tree/hitTest (HT-1 to HT-7) ----------------------------------------------------------------------------

def hit_test(view, x, y, alpha_rule, path):
    """UIKit's hitTest as docs/semantics.md writes it: returns the hit view's path, or None."""
    alpha = view.get("alpha", 1)
    transparent = alpha < 0.01 if alpha_rule == "lessThan" else alpha <= 0.01
    if view.get("hidden") or view.get("userInteractionEnabled") is False or transparent or alpha != alpha:
        return None
    frame = view["frame"]
    bounds = view.get("bounds") or {"x": 0, "y": 0, "width": frame["width"], "height": frame["height"]}
    insets = view.get("hitInsets") or {}
    min_x, min_y = bounds["x"] + insets.get("left", 0), bounds["y"] + insets.get("top", 0)
    max_x = bounds["x"] + bounds["width"] - insets.get("right", 0)
    max_y = bounds["y"] + bounds["height"] - insets.get("bottom", 0)
    inside = min_x <= x < max_x and min_y <= y < max_y
    policy = view.get("touchPolicy", "bounds")
    if not inside and policy != "outside":
        return None
    subviews = view.get("subviews") or []
    for i in range(len(subviews) - 1, -1, -1):
        child = subviews[i]
        cb = child.get("bounds") or {"x": 0, "y": 0}
        found = hit_test(child, x - child["frame"]["x"] + cb["x"], y - child["frame"]["y"] + cb["y"], alpha_rule, path + [i])
        if found is not None:
            return found
    if policy == "passThrough" or not inside:
        return None
    return path


def check_tree_hit(params, result, where):
    tree = params.get("tree")
    if not isinstance(tree, dict):
        return skip()  # recursiveDescription text: the parser is not reimplemented here
    point = params["point"]
    path = hit_test(tree, point["x"], point["y"], params.get("alphaRule", "lessThan"), [])
    view = result.get("view")
    check((view["path"] if view else None) == path, where, "HT-1 to HT-6", f"hit {view}, expected the view at path {path}")
    if path is not None:
        node, nearest = tree, (tree.get("action"), [])
        for depth, i in enumerate(path):
            node = node["subviews"][i]
            if node.get("action") is not None:
                nearest = (node["action"], path[:depth + 1])
        expected = {"name": nearest[0], "path": nearest[1]} if nearest[0] is not None else None
        check(result.get("action") == expected, where, "HT-7", f"action {result.get('action')}, expected {expected}")


# -- diagnostics --------------------------------------------------------------------------------------------

def check_diagnostics(session, index, diagnostics, where):
    """The codes whose condition the model alone decides, present exactly when it holds (docs/semantics.md, Diagnostics)."""
    top = session.screens[index]
    previous = session.screens[index - 1] if index > 0 else None
    item = top.get("item") or {}
    p_item = (previous or {}).get("item") or {}
    back_item = p_item.get("backItem") or {}
    codes = {}
    for d in diagnostics:
        codes.setdefault(d["code"], []).append(d["severity"])
    rules = {
        "custom-back-action-ignored": ("BB-11", "error", bool(previous) and back_item.get("action") == "custom"),
        "supplement-ignored": ("BB-2", "warning", bool(item.get("leftItemsSupplementBackButton") and item.get("hidesBackButton"))),
        "empty-back-title-trick": ("BB-8, BB-12", "info", bool(previous) and p_item.get("backItem") is not None and back_item.get("title") == ""),
        "back-title-from-title-view": ("BB-5", "info", bool(previous) and p_item.get("titleView") is not None and read_title(previous) is None
                                       and p_item.get("backButtonTitle") is None and back_item.get("title") is None),
    }
    for code, (rule, severity, holds) in rules.items():
        check((code in codes) == holds, where, rule, f"{code} {'missing' if holds else 'reported'}")
        if holds and code in codes:
            check(severity in codes[code], where, rule, f"{code} is {codes[code]}, expected {severity}")
    if session.profile not in ("ios10", "ios26"):
        # HT-12: a custom view's button is its acting area; under 44 x 44 it is too small (era M: no column, no platter).
        small = [d.get("itemId") for d in diagnostics if d["code"] == "touch-target-small"]
        for side in ("leftItems", "rightItems"):
            for bar_item in item.get(side) or []:
                view = bar_item.get("customView")
                if not view or bar_item.get("hidden") or bar_item.get("enabled") is False or any((view.get("hitInsets") or {}).values()):
                    continue
                if view.get("width", 44) < 44 or view.get("height", 44) < 44:
                    check(bar_item.get("id") in small, where, "HT-12", f"item {bar_item.get('id')} is {view.get('width')} x {view.get('height')}: touch-target-small missing")
    mask_never = top.get("backAction") == "custom" and session.policies["backInterception"] == "mask" and session.profile != "ios10" and index > 0
    check(("error" in codes.get("custom-back-unreachable", [])) == mask_never, where, "BB-13", f"custom-back-unreachable error {'missing' if mask_never else 'reported'}")
    at_root = index == 0 and top.get("popGesture") in ("edge", "fullscreen")
    check(("pop-gesture-at-root" in codes) == at_root, where, "POP-4", f"pop-gesture-at-root {'missing' if at_root else 'reported'}")
    try:
        own, bar = session.bar_in_effect(index)
        if not bar.get("tintColor") and not (top.get("backStyle") or {}).get("color"):
            chosen = (bar.get("gradient") or [None])[0] or bar.get("barTintColor")
            colour = chosen or "#FFFFFF"
            if rgba(colour)[3] >= 0.01:
                rgb = blend(colour)
                if session.policies["foreground"] == "uikit":
                    # UIKit's default tint: held to defaultTintContrast, and not at all on the default bar (its own look).
                    ratio = contrast_ratio(rgba(SYSTEM_BLUE)[:3], rgb)
                    expected = chosen is not None and ratio < session.policies["defaultTintContrast"]
                else:
                    fg = foreground(rgb, session.policies["tintMethod"], session.policies["tintThreshold"])
                    ratio = contrast_ratio(rgba(fg)[:3], rgb)
                    expected = ratio < 4.5
                check(("low-contrast" in codes) == expected, where, "COL-1, COL-4", f"low-contrast with a contrast of {ratio:.2f}")
            else:
                skip()
        else:
            skip()
    except Undecided:
        skip()


# -- the walk -----------------------------------------------------------------------------------------------

def walk(path, data=None):
    data = data if data is not None else json.loads(path.read_text(encoding="utf-8"))
    sessions = {}
    pending = {}
    for step_index, step in enumerate(data.get("steps", [])):
        where = f"{path.name} step {step_index}"
        if "send" in step:
            message = step["send"]
            if "id" in message:
                pending[json.dumps(message["id"])] = message
            continue
        message = step.get("receive", {})
        if message.get("method") == "session/didChange":
            params = message["params"]
            session = sessions.get(params["sessionId"])
            # A notification precedes its reply: apply the pending mutation first.
            try:
                for request in list(pending.values()):
                    if request.get("params", {}).get("sessionId") == params["sessionId"]:
                        apply(sessions, request, None, early=True)
            except Undecided:
                skip()  # a tap's pop: the checker learns where it went from the reply
                continue
            if session is None:
                continue
            for change in params["changes"]:
                if change["kind"] == "title":
                    check_back_title(session, session.index(change["screenId"]), change["backTitle"], where + " title change")
                elif change["kind"] == "tint":
                    expected = automatic_foreground(session, session.index(change["screenId"]))
                    if expected is None:
                        skip()
                    else:
                        check(change["foreground"] == expected, where + " tint change", "COL-3", f"foreground {change['foreground']}, expected {expected}")
            continue
        if message.get("method") == "session/diagnostics":
            params = message["params"]
            session = sessions.get(params["sessionId"])
            if session and session.screens:
                check_diagnostics(session, len(session.screens) - 1, params["diagnostics"], where + " session/diagnostics")
            continue
        if "method" in message:
            continue
        request = pending.pop(json.dumps(message.get("id")), None)
        if request is None or "result" not in message:
            continue
        try:
            answer(sessions, request, message["result"], where)
        except Undecided:
            skip()


def apply(sessions, request, result, early=False):
    """Follows a mutation in this checker's picture of the session."""
    method, params = request["method"], request.get("params") or {}
    if request.get("_applied"):
        return
    session = sessions.get(params.get("sessionId"))
    if method == "stack/push" and session is not None:
        if early and "id" not in params["screen"]:
            return
        screen = copy.deepcopy(params["screen"])
        screen.setdefault("id", (result or {}).get("screenId"))
        session.screens.append(screen)
    elif method == "stack/pop" and session is not None:
        to = params.get("to")
        if to is None:
            session.screens.pop()
        else:
            keep = 1 if to == "root" else session.index(to) + 1
            del session.screens[keep:]
    elif method == "stack/set" and session is not None:
        session.screens = [copy.deepcopy(s) for s in params["screens"]]
    elif method == "screen/update" and session is not None:
        merge(session.screens[session.index(params["screenId"])], params["changes"])
    elif method == "bar/update" and session is not None:
        if params.get("screenId"):
            screen = session.screens[session.index(params["screenId"])]
            screen["bar"] = screen.get("bar") or {}
            merge(screen["bar"], params["appearance"])
        else:
            merge(session.bar, params["appearance"])
    elif method == "session/configure" and session is not None:
        session.configure(params)
    elif method == "bar/tap" and session is not None and early:
        raise Undecided("tap")
    else:
        return
    request["_applied"] = True


def answer(sessions, request, result, where):
    method, params = request["method"], request.get("params") or {}
    where = f"{where} {method}"
    if method == "session/create":
        sessions[result["sessionId"]] = Session(params)
        return
    if method == "session/restore":
        document = params["document"]
        sessions[result["sessionId"]] = Session(document)
        return
    if method == "bar/tap":
        session = sessions[params["sessionId"]]
        check_hit(session, result["hit"], params["point"], where)
        acted = result["hit"]["action"]["kind"] != "none"
        check(result["performed"] == acted, where, "bar/tap", f"performed {result['performed']} for {result['hit']['action']}")
        if result["hit"]["action"]["kind"] == "pop":
            del session.screens[session.index(result["hit"]["action"]["to"]) + 1:]
        return
    if method in ("stack/push", "stack/pop", "stack/set", "screen/update", "bar/update", "session/configure"):
        apply(sessions, request, result)
        return
    if method == "title/back":
        session = sessions[params["sessionId"]]
        index = session.index(params["screenId"]) if params.get("screenId") else len(session.screens) - 1
        check_back_title(session, index, result, where)
    elif method == "tint/resolve":
        session = sessions.get(params.get("sessionId"))
        if session is not None and "color" not in params:
            index = session.index(params["screenId"]) if params.get("screenId") else len(session.screens) - 1
            own, bar = session.bar_in_effect(index)
            colour = (bar.get("gradient") or [None])[0] or bar.get("barTintColor")
            expected_source = "gradient" if bar.get("gradient") else "automatic" if colour else "default"
            if bar.get("tintColor") or (session.screens[index].get("backStyle") or {}).get("color"):
                expected_source = "forced"
            check(result.get("source") == expected_source, where, "COL, which colour a bar has", f"source {result.get('source')}, expected {expected_source}")
            check(result.get("background") == hex_of(blend(colour or "#FFFFFF")), where, "COL, which colour a bar has",
                  f"background {result.get('background')}, expected {colour or '#FFFFFF'}")
        check_tint_result(params, result, session, where)
    elif method == "bar/hitTest":
        check_hit(sessions[params["sessionId"]], result, params["point"], where)
    elif method == "bar/diagnose":
        session = sessions[params["sessionId"]]
        index = session.index(params["screenId"]) if params.get("screenId") else len(session.screens) - 1
        check_diagnostics(session, index, result["diagnostics"], where)
    elif method == "tree/hitTest":
        check_tree_hit(params, result, where)


def self_test():
    """The rules themselves, on values docs/semantics.md states."""
    check(foreground((0xBA, 0xBA, 0xBA), "yiq", 186 / 256) == "#000000", "self-test", "COL-3", "#BABABA is black")
    check(foreground((0xB9, 0xB9, 0xB9), "yiq", 186 / 256) == "#FFFFFF", "self-test", "COL-3", "#B9B9B9 is white")
    check(blend("rgba(0,0,0,0.5)") == (128, 128, 128), "self-test", "COL-6", "black at 0.5 over white")
    check(foreground((127.5, 127.5, 127.5), "wcag", 0) == "#000000", "self-test", "COL-6", "black at 0.5 is wcag black")
    tree = {"class": "UIView", "id": "R", "frame": {"x": 0, "y": 0, "width": 320, "height": 480}, "subviews": [
        {"class": "UIView", "id": "A", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "subviews": [
            {"class": "UIButton", "id": "A1", "frame": {"x": 50, "y": 50, "width": 100, "height": 100}}]}]}
    check(hit_test(tree, 120, 120, "lessThan", []) == [], "self-test", "HT-1", "a subview beyond its parent is not hit (HT-03)")
    check(hit_test(tree, 60, 60, "lessThan", []) == [0, 0], "self-test", "HT-2", "the front-most subview is hit")
    check(hit_test(tree, 100, 10, "lessThan", []) == [], "self-test", "HT-3", "the max edge is outside (HT-05)")


def mutations():
    """So the check cannot pass vacuously: a wrong value in a copy of a transcript must fail."""
    global checked, failed
    cases = [
        ("title-back.json", lambda r: r.update(source="backItem"), "title/back"),
        ("tint-resolve.json", lambda r: r.update(foreground="#000000" if r["foreground"] == "#FFFFFF" else "#FFFFFF"), "tint/resolve"),
        ("bar-hitTest.json", lambda r: r.update(action={"kind": "none"}), "bar/hitTest"),
        ("bar-diagnose.json", lambda r: r["diagnostics"].clear(), "bar/diagnose"),
        ("tree-hitTest.json", lambda r: r.update(view=None), "tree/hitTest"),
    ]
    for name, mutate, method in cases:
        data = json.loads((ROOT / "docs/protocol/examples" / name).read_text(encoding="utf-8"))
        ids = {json.dumps(s["send"]["id"]) for s in data["steps"] if "send" in s and s["send"].get("method") == method}
        target = next(s["receive"] for s in data["steps"] if "receive" in s and json.dumps(s["receive"].get("id")) in ids and "result" in s["receive"])
        mutate(target["result"])
        before = (checked, failed)
        walk(Path(name), data)
        caught = failed > before[1]
        checked, failed = before
        check(caught, f"mutated {name}", "self-test", f"a wrong {method} answer was not caught")


def main():
    self_test()
    import contextlib
    import io
    quiet = io.StringIO()
    with contextlib.redirect_stdout(quiet):
        mutations()
    for line in quiet.getvalue().splitlines():
        if "self-test" in line:
            print(line)
    files = sorted((ROOT / "docs/protocol/examples").glob("*.json"))
    for path in files:
        walk(path)
    print(f"transcript rules from docs/semantics.md: {checked} checked, {undecided} undecided, {failed} failed")
    return 1 if failed or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
