#!/usr/bin/env python3
"""Writes a synthetic UIKit iOS app's source folder for benchmarking `navctl lint`.

The app is the same for the same arguments (a fixed seed): feature folders of view controllers that set
their titles and bar items and push each other, table view cells, models, services and helpers with no
navigation code, SwiftUI screens with NavigationStack and NavigationLink, themed navigation controllers
with UINavigationBarAppearance, and a scene delegate that roots one navigation controller per feature in a
tab bar. Files are of ordinary size (about 100 lines each). With --objc-pairs, some features are Objective-C
(.h and .m); with --storyboards, some flows are storyboards whose scenes name generated Swift classes.

A few screens carry the pitfalls real apps have (a custom left item or a hidden back button on a pushed
screen, a bar colour UIKit's blue items do not stand out on), so the lint reports something and its whole
path is measured.

    scripts/gen_lint_app.py OUT [--files 1000] [--objc-pairs 0] [--storyboards 0] [--seed 1]

--files counts every file written: the Swift files, both files of each Objective-C pair and the
storyboards. Prints the number of files and lines written.
"""

import argparse
import os
import random
import sys

APP = "Fieldnote"

FEATURES = [
    "Account", "Activity", "Archive", "Billing", "Bookmarks", "Calendar", "Cart", "Catalog", "Checkout",
    "Contacts", "Coupons", "Dashboard", "Delivery", "Documents", "Events", "Favorites", "Feed", "Files",
    "Gallery", "Groups", "Help", "Inbox", "Invoices", "Library", "Locations", "Loyalty", "Messages",
    "Notes", "Notifications", "Orders", "Payments", "Photos", "Playlists", "Profile", "Projects",
    "Receipts", "Reminders", "Reports", "Reviews", "Rewards", "Search", "Settings", "Shipments",
    "Stores", "Subscriptions", "Support", "Tasks", "Teams", "Tickets", "Trips", "Wallet", "Workouts",
]

SCREENS = [
    "List", "Detail", "Editor", "Filter", "History", "Summary", "Preview", "Composer", "Picker", "Overview",
    "Options", "Sharing", "Members", "Timeline", "Status", "Export", "Import", "Details", "Info", "Notes",
    "Review", "Confirmation", "Attachments", "Comments", "Permissions", "Schedule", "Map", "Stats",
]

MODELS = [
    "Record", "Entry", "Item", "Summary", "Draft", "Attachment", "Comment", "Member", "Tag", "Period",
    "Filter", "Snapshot", "Change", "Setting", "Reference", "Link", "Rule", "Quota", "Badge", "Note",
]

HELPERS = [
    ("UIColor", "Palette"), ("String", "Formatting"), ("Date", "Relative"), ("UIView", "Layout"),
    ("UIImage", "Symbols"), ("NumberFormatter", "Currency"), ("URL", "Query"), ("UITableView", "Reuse"),
    ("Array", "Chunks"), ("UIStackView", "Arranged"), ("Bundle", "Version"), ("UIFont", "Scaled"),
]

WORDS = [
    "recent", "shared", "archived", "pending", "starred", "draft", "upcoming", "overdue", "local", "remote",
    "weekly", "monthly", "primary", "secondary", "hidden", "pinned", "synced", "offline", "featured", "new",
]

SYSTEM_ITEMS = ["add", "edit", "compose", "action", "refresh", "search", "bookmarks", "organize", "trash", "reply"]
SYMBOLS = ["square.and.arrow.up", "ellipsis.circle", "line.3.horizontal.decrease.circle", "gearshape",
           "plus", "magnifyingglass", "star", "bell", "person.crop.circle", "slider.horizontal.3"]
ACTION_TITLES = ["Done", "Save", "Share", "Filter", "Sort", "Edit", "Select", "Send", "Export", "Invite"]

# Bar colours of themed navigation controllers: dark enough for white items and titles.
DARK_BARS = [(0.11, 0.27, 0.53), (0.16, 0.20, 0.28), (0.05, 0.36, 0.33), (0.42, 0.10, 0.24), (0.20, 0.16, 0.40)]


def words(name):
    """'OrdersHistory' -> 'Orders History'."""
    out = ""
    for i, ch in enumerate(name):
        if i and ch.isupper() and not name[i - 1].isupper():
            out += " "
        out += ch
    return out


def lower_first(name):
    return name[0].lower() + name[1:]


class Plan:
    """Which files the app has, and who pushes whom, decided before any file is written."""

    def __init__(self, rng, files, objc_pairs, storyboards):
        self.rng = rng
        swift_count = files - 2 * objc_pairs - storyboards
        if swift_count < 8:
            sys.exit("gen_lint_app.py: --files leaves too few Swift files for the Objective-C pairs and storyboards")
        self.used = set()
        self.files = []  # (kind, folder, name, info)
        # Fixed files: the scene delegate, the themed navigation controllers, one SwiftUI root.
        n_themes = max(1, swift_count // 250)
        features = list(FEATURES)
        rng.shuffle(features)
        n_features = max(2, min(len(features), swift_count // 22))
        self.features = features[:n_features]
        self.objc_features = []
        if objc_pairs:
            self.objc_features = features[n_features:n_features + max(1, min(6, objc_pairs // 20))]
            if not self.objc_features:
                self.objc_features = [self.features[-1]]
        self.themes = []
        for i in range(n_themes):
            name = self.unique(("Branded", "Themed", "Accent", "Brand", "Primary", "Modal")[i % 6] + "NavigationController")
            self.themes.append(name)
        # The remaining Swift files by kind, in the proportions of a UIKit app of some age.
        rest = swift_count - 1 - n_themes
        mix = [("viewController", 0.40), ("cell", 0.10), ("model", 0.16), ("service", 0.09), ("helper", 0.09),
               ("swiftUI", 0.10), ("view", 0.06)]
        counts = {kind: int(rest * share) for kind, share in mix}
        counts["viewController"] += rest - sum(counts.values())
        board_classes = 2 * storyboards
        counts["viewController"] -= board_classes
        if counts["viewController"] < len(self.features):
            sys.exit("gen_lint_app.py: too many storyboards for the Swift files")
        self.controllers = {f: [] for f in self.features}
        self.roots = {}
        for i in range(counts["viewController"]):
            feature = self.features[i % len(self.features)]
            first = not self.controllers[feature]
            screen = "List" if first else rng.choice(SCREENS)
            name = self.unique(f"{feature}{screen}ViewController")
            info = {
                "feature": feature, "table": first or rng.random() < 0.4,
                "identified": not first and rng.random() < 0.5, "root": first, "pushes": [], "pitfall": None,
                "base": "UIViewController", "screen": screen,
            }
            if first:
                self.roots[feature] = name
            self.controllers[feature].append(name)
            self.files.append(("viewController", f"{APP}/Features/{feature}/Controllers", name, info))
        self.controller_info = {name: info for _, _, name, info in self.files}
        # A base class for some controllers, as older apps have.
        self.base = self.unique("BaseViewController")
        self.files.append(("base", f"{APP}/Common", self.base, {}))
        counts["helper"] -= 1
        for name, info in self.controller_info.items():
            if not info["root"] and rng.random() < 0.25:
                info["base"] = self.base
        # Pushes: mostly within the feature, now and then into another.
        for name, info in self.controller_info.items():
            same = [c for c in self.controllers[info["feature"]] if c != name and not self.controller_info[c]["root"]]
            for _ in range(rng.choice((1, 1, 2, 2, 3))):
                pool = same if same and rng.random() < 0.85 else [
                    c for c in self.controller_info if not self.controller_info[c]["root"] and c != name]
                if pool:
                    target = rng.choice(pool)
                    if target not in info["pushes"]:
                        info["pushes"].append(target)
        # Pitfalls on about one pushed screen in fifty.
        pushed = sorted({t for info in self.controller_info.values() for t in info["pushes"]})
        for target in rng.sample(pushed, max(2, len(pushed) // 50)):
            self.controller_info[target]["pitfall"] = rng.choice(("customBack", "customBack", "hiddenBack", "cancel"))
        for kind in ("cell", "view"):
            for _ in range(counts[kind]):
                feature = rng.choice(self.features)
                suffix = "Cell" if kind == "cell" else rng.choice(("HeaderView", "EmptyStateView", "BadgeView", "CardView"))
                name = self.unique(f"{feature}{rng.choice(MODELS)}{suffix}")
                self.files.append((kind, f"{APP}/Features/{feature}/Views", name, {"feature": feature}))
        self.models = []
        for _ in range(counts["model"]):
            feature = rng.choice(self.features)
            name = self.unique(f"{feature.rstrip('s')}{rng.choice(MODELS)}")
            self.models.append(name)
            self.files.append(("model", f"{APP}/Models", name, {"feature": feature}))
        for i in range(counts["service"]):
            feature = self.features[i % len(self.features)]
            name = self.unique(f"{feature}{rng.choice(('Service', 'Store', 'Client', 'Repository', 'Cache'))}")
            self.files.append(("service", f"{APP}/Services", name, {"feature": feature}))
        for i in range(counts["helper"]):
            base, topic = HELPERS[i % len(HELPERS)]
            name = self.unique(f"{base}+{topic}" if i < len(HELPERS) else f"{base}+{topic}{i // len(HELPERS)}")
            self.files.append(("helper", f"{APP}/Extensions", name, {"base": base}))
        swiftui_features = self.features[:max(1, len(self.features) // 3)]
        self.swiftui = {f: [] for f in swiftui_features}
        for i in range(counts["swiftUI"]):
            feature = swiftui_features[i % len(swiftui_features)]
            first = not self.swiftui[feature]
            name = self.unique(f"{feature}{'Home' if first else rng.choice(SCREENS)}View")
            self.swiftui[feature].append(name)
            self.files.append(("swiftUI", f"{APP}/Features/{feature}/SwiftUI", name, {"feature": feature, "root": first}))
        self.board_classes = []
        for i in range(storyboards):
            feature = self.features[i % len(self.features)]
            listing_screen, detail_screen = rng.choice(SCREENS), rng.choice(SCREENS)
            listing = self.unique(f"{feature}Board{listing_screen}ViewController")
            detail = self.unique(f"{feature}Board{detail_screen}ViewController")
            board = self.unique(f"{feature}{rng.choice(('Flow', 'Setup', 'Browse', 'Manage'))}")
            self.files.append(("boardController", f"{APP}/Features/{feature}/Storyboards", listing,
                               {"feature": feature, "table": True, "segue": True}))
            self.files.append(("boardController", f"{APP}/Features/{feature}/Storyboards", detail,
                               {"feature": feature, "table": False, "segue": False}))
            self.files.append(("storyboard", f"{APP}/Features/{feature}/Storyboards", board,
                               {"feature": feature, "list": listing, "detail": detail, "listTitle": words(listing_screen),
                                "detailTitle": words(detail_screen)}))
        self.objc = {f: [] for f in self.objc_features}
        for i in range(objc_pairs):
            feature = self.objc_features[i % len(self.objc_features)]
            if rng.random() < 0.7 or not self.objc[feature]:
                screen = rng.choice(SCREENS)
                name = self.unique(f"FN{feature}{screen}ViewController")
                self.objc[feature].append(name)
                self.files.append(("objcController", f"{APP}/Legacy/{feature}", name,
                                   {"feature": feature, "screen": screen, "root": not self.objc[feature][:-1]}))
            else:
                name = self.unique(f"FN{feature}{rng.choice(MODELS)}")
                self.files.append(("objcModel", f"{APP}/Legacy/{feature}", name, {"feature": feature}))
        objc_pushed = [c for cs in self.objc.values() for c in cs[1:]]
        self.objc_pitfalls = set(rng.sample(objc_pushed, min(len(objc_pushed), max(1, len(objc_pushed) // 40))))
        self.files.append(("sceneDelegate", APP, "SceneDelegate", {}))

    def unique(self, name):
        base, n = name, 2
        while name in self.used:
            stem = base[: -len("ViewController")] if base.endswith("ViewController") else base
            name = f"{stem}{n}ViewController" if base.endswith("ViewController") else f"{base}{n}"
            n += 1
        self.used.add(name)
        return name


class Writer:
    """Lines of one file, indented as Xcode indents (four spaces)."""

    def __init__(self):
        self.lines = []
        self.depth = 0

    def __call__(self, text=""):
        self.lines.append(("    " * self.depth + text) if text else "")

    def open(self, text):
        """A line that opens a block; a closure's `{ x in` is given whole."""
        self(text if text.endswith(" in") else text + " {")
        self.depth += 1

    def close(self, suffix=""):
        self.depth -= 1
        self("}" + suffix)

    def text(self):
        return "\n".join(self.lines) + "\n"

    def finish(self):
        """Closes the type's block, with no blank line before its brace, and gives the file's text."""
        if self.lines[-1] == "":
            self.lines.pop()
        self.close()
        return self.text()


def header(w, name, rng, ext="swift", comment="//"):
    w(comment)
    w(f"{comment}  {name}.{ext}")
    w(f"{comment}  {APP}")
    w(comment)
    w(f"{comment}  Created by {rng.choice(('Ana', 'Ben', 'Chloe', 'Dev', 'Eli', 'Fatima', 'Gus'))} on "
      f"{rng.randint(1, 28)}/{rng.randint(1, 12)}/{rng.choice((19, 20, 21, 22, 23))}.")
    w(f"{comment}  Copyright © 20{rng.choice((19, 20, 21, 22, 23))} {APP}. All rights reserved.")
    w(comment)
    w()


def swift_helpers(w, rng, target, prefix):
    """Private members added until the file reaches about `target` lines: what a screen accumulates."""
    n = 0
    while len(w.lines) < target - 8:
        n += 1
        kind = rng.randrange(6)
        if kind == 0:
            w.open(f"private func format{prefix}{n}(_ value: Double) -> String")
            w("let formatter = NumberFormatter()")
            w("formatter.numberStyle = .decimal")
            w(f"formatter.maximumFractionDigits = {rng.randint(0, 3)}")
            w('return formatter.string(from: NSNumber(value: value)) ?? "\\(value)"')
            w.close()
        elif kind == 1:
            w.open(f"private func showError{n}(_ error: Error)")
            w('let alert = UIAlertController(title: "Something went wrong", message: error.localizedDescription, preferredStyle: .alert)')
            w('alert.addAction(UIAlertAction(title: "OK", style: .default))')
            w("present(alert, animated: true)")
            w.close()
        elif kind == 2:
            word = rng.choice(WORDS)
            w.open(f"private func {word}Count{n}(in values: [Int]) -> Int")
            w(f"values.filter {{ $0 % {rng.randint(2, 9)} == 0 }}.count")
            w.close()
        elif kind == 3:
            w.open(f"private func makeLabel{n}(text: String) -> UILabel")
            w("let label = UILabel()")
            w("label.text = text")
            w(f"label.font = .preferredFont(forTextStyle: .{rng.choice(('body', 'headline', 'footnote', 'subheadline'))})")
            w("label.numberOfLines = 0")
            w("label.translatesAutoresizingMaskIntoConstraints = false")
            w("return label")
            w.close()
        elif kind == 4:
            w.open(f"private func updateEmptyState{n}(isEmpty: Bool)")
            w("view.viewWithTag(99)?.isHidden = !isEmpty")
            w.open("if isEmpty")
            w(f'accessibilityHint = "No {rng.choice(WORDS)} items yet"')
            w.close()
            w.close()
        else:
            w.open(f"private func log{prefix}{n}(_ message: String)")
            w("#if DEBUG")
            w(f'    print("[{prefix}] \\(message)")')
            w("#endif")
            w.close()
        w()


def view_controller(plan, name, info, rng, target):
    w = Writer()
    header(w, name, rng)
    w("import UIKit")
    w()
    feature = info["feature"]
    model = rng.choice(plan.models) if plan.models else "String"
    base = "UITableViewController" if info["table"] else info["base"]
    w.open(f"final class {name}: {base}")
    if info["identified"]:
        w("private let identifier: String")
    w(f"private var items: [{model}] = []")
    w("private var isLoading = false")
    if not info["table"]:
        w("private let stackView = UIStackView()")
        w("private let titleLabel = UILabel()")
        w("private let detailLabel = UILabel()")
        w("private let actionButton = UIButton(type: .system)")
    w()
    if info["identified"]:
        w.open("init(identifier: String)")
        w("self.identifier = identifier")
        w("super.init(nibName: nil, bundle: nil)" if not info["table"] else "super.init(style: .insetGrouped)")
        w.close()
        w()
        w('required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }')
        w()
    w.open("override func viewDidLoad()")
    w("super.viewDidLoad()")
    title = screen_title(info, rng)
    if rng.random() < 0.8:
        w(f'title = "{title}"')
    else:
        w(f'navigationItem.title = NSLocalizedString("{lower_first(name)}.title", comment: "{title}")')
    if info["root"]:
        w("navigationController?.navigationBar.prefersLargeTitles = true")
        w("navigationItem.largeTitleDisplayMode = .always")
    elif rng.random() < 0.5:
        w("navigationItem.largeTitleDisplayMode = .never")
    right = rng.random()
    if right < 0.4:
        w(f"navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .{rng.choice(SYSTEM_ITEMS)}, "
          "target: self, action: #selector(primaryTapped))")
    elif right < 0.7:
        w(f'let more = UIBarButtonItem(image: UIImage(systemName: "{rng.choice(SYMBOLS)}"), style: .plain, target: self, '
          "action: #selector(moreTapped))")
        w(f'let primary = UIBarButtonItem(title: "{rng.choice(ACTION_TITLES)}", style: .done, target: self, '
          "action: #selector(primaryTapped))")
        w("navigationItem.rightBarButtonItems = [primary, more]")
    elif right < 0.85:
        w("navigationItem.rightBarButtonItem = editButtonItem")
    if rng.random() < 0.3:
        w(f'navigationItem.backButtonTitle = "{rng.choice(("Back", feature, title.split()[-1]))}"')
    pitfall = info["pitfall"]
    if pitfall == "customBack":
        w('let back = UIBarButtonItem(image: UIImage(systemName: "chevron.backward"), style: .plain, target: self, '
          "action: #selector(closeTapped))")
        w("navigationItem.leftBarButtonItem = back")
    elif pitfall == "cancel":
        w('navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Cancel", style: .plain, target: self, '
          "action: #selector(closeTapped))")
    elif pitfall == "hiddenBack":
        w("navigationItem.hidesBackButton = true")
    if info["table"]:
        w('tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")')
        w("refreshControl = UIRefreshControl()")
        w("refreshControl?.addTarget(self, action: #selector(reload), for: .valueChanged)")
    else:
        w("view.backgroundColor = .systemBackground")
        w("configureLayout()")
    w("reload()")
    w.close()
    w()
    if not info["table"]:
        w.open("private func configureLayout()")
        w("stackView.axis = .vertical")
        w(f"stackView.spacing = {rng.choice((8, 12, 16, 20))}")
        w("stackView.translatesAutoresizingMaskIntoConstraints = false")
        w("titleLabel.font = .preferredFont(forTextStyle: .title2)")
        w("detailLabel.font = .preferredFont(forTextStyle: .body)")
        w("detailLabel.numberOfLines = 0")
        w(f'actionButton.setTitle("{rng.choice(ACTION_TITLES)}", for: .normal)')
        w("actionButton.addTarget(self, action: #selector(openNext), for: .touchUpInside)")
        w("[titleLabel, detailLabel, actionButton].forEach(stackView.addArrangedSubview)")
        w("view.addSubview(stackView)")
        w("NSLayoutConstraint.activate([")
        w.depth += 1
        w("stackView.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),")
        w("stackView.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),")
        w(f"stackView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: {rng.choice((16, 24, 32))}),")
        w.depth -= 1
        w("])")
        w.close()
        w()
    w.open("@objc private func reload()")
    w("guard !isLoading else { return }")
    w("isLoading = true")
    w.open("Task { @MainActor in")
    w("defer { isLoading = false }")
    w(f"try? await Task.sleep(nanoseconds: {rng.choice((100, 200, 300))}_000_000)")
    if info["table"]:
        w("tableView.reloadData()")
        w("refreshControl?.endRefreshing()")
    else:
        w(f'titleLabel.text = "{title}"')
        w(f'detailLabel.text = "\\(items.count) {rng.choice(WORDS)} items"')
    w.close()
    w.close()
    w()
    if info["table"]:
        w("// MARK: - Table view")
        w()
        w.open("override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int")
        w("items.count")
        w.close()
        w()
        w.open("override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell")
        w('let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)')
        w("var content = cell.defaultContentConfiguration()")
        w('content.text = "\\(items[indexPath.row])"')
        w(f'content.secondaryText = "{rng.choice(WORDS).capitalize()}"')
        w("cell.contentConfiguration = content")
        w("cell.accessoryType = .disclosureIndicator")
        w("return cell")
        w.close()
        w()
        w.open("override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)")
        w("tableView.deselectRow(at: indexPath, animated: true)")
        w("openNext()")
        w.close()
        w()
    pushes = info["pushes"]
    w.open("@objc private func openNext()")
    if pushes:
        target_name = pushes[0]
        w(f"let next = {construct(plan, target_name)}")
        w("navigationController?.pushViewController(next, animated: true)")
    else:
        w("navigationController?.popViewController(animated: true)")
    w.close()
    w()
    w.open("@objc private func primaryTapped()")
    if len(pushes) > 1:
        w(f"let controller = {construct(plan, pushes[1])}")
        if rng.random() < 0.6:
            w("show(controller, sender: self)")
        else:
            w("navigationController?.pushViewController(controller, animated: true)")
    else:
        w(f'let sheet = UIAlertController(title: "{title}", message: nil, preferredStyle: .actionSheet)')
        w('sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))')
        w("present(sheet, animated: true)")
    w.close()
    w()
    w.open("@objc private func moreTapped()")
    if len(pushes) > 2:
        w(f"let modal = UINavigationController(rootViewController: {construct(plan, pushes[2])})")
        w("present(modal, animated: true)")
    else:
        w("setEditing(!isEditing, animated: true)")
    w.close()
    w()
    if pitfall in ("customBack", "cancel"):
        w.open("@objc private func closeTapped()")
        w("navigationController?.popViewController(animated: true)")
        w.close()
        w()
    swift_helpers(w, rng, target - 1, feature)
    return w.finish()


def screen_title(info, rng):
    """What a screen calls itself: its feature at the root, else mostly the screen's own word."""
    if info["root"]:
        return info["feature"]
    if rng.random() < 0.25:
        return f"{info['feature'].rstrip('s')} {words(info['screen'])}"
    return words(info["screen"])


def construct(plan, name):
    info = plan.controller_info[name]
    if info["identified"]:
        return f'{name}(identifier: "{lower_first(name)}")'
    if info["table"]:
        return f"{name}(style: .insetGrouped)"
    return f"{name}()"


def base_controller(plan, name, rng, target):
    w = Writer()
    header(w, name, rng)
    w("import UIKit")
    w()
    w("/// What every older screen shares: the loading indicator and the keyboard handling.")
    w.open(f"class {name}: UIViewController")
    w("let activityIndicator = UIActivityIndicatorView(style: .medium)")
    w("private var keyboardObservers: [NSObjectProtocol] = []")
    w()
    w.open("override func viewDidLoad()")
    w("super.viewDidLoad()")
    w("view.backgroundColor = .systemBackground")
    w('navigationItem.backButtonTitle = ""')
    w("activityIndicator.hidesWhenStopped = true")
    w("activityIndicator.translatesAutoresizingMaskIntoConstraints = false")
    w("view.addSubview(activityIndicator)")
    w("NSLayoutConstraint.activate([")
    w("    activityIndicator.centerXAnchor.constraint(equalTo: view.centerXAnchor),")
    w("    activityIndicator.centerYAnchor.constraint(equalTo: view.centerYAnchor),")
    w("])")
    w.close()
    w()
    w.open("override func viewWillAppear(_ animated: Bool)")
    w("super.viewWillAppear(animated)")
    w("let center = NotificationCenter.default")
    w.open("keyboardObservers = [UIResponder.keyboardWillShowNotification, UIResponder.keyboardWillHideNotification].map { name in")
    w.open("center.addObserver(forName: name, object: nil, queue: .main) { [weak self] note in")
    w("self?.keyboardChanged(note)")
    w.close()
    w.close()
    w.close()
    w()
    w.open("override func viewWillDisappear(_ animated: Bool)")
    w("super.viewWillDisappear(animated)")
    w("keyboardObservers.forEach(NotificationCenter.default.removeObserver)")
    w("keyboardObservers.removeAll()")
    w.close()
    w()
    w.open("func keyboardChanged(_ note: Notification)")
    w("guard let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }")
    w("additionalSafeAreaInsets.bottom = max(0, view.bounds.maxY - frame.minY - view.safeAreaInsets.bottom)")
    w.close()
    w()
    swift_helpers(w, rng, target - 1, "Base")
    return w.finish()


def themed_navigation(plan, name, index, rng, target):
    w = Writer()
    header(w, name, rng)
    w("import UIKit")
    w()
    w.open(f"final class {name}: UINavigationController")
    w.open("override func viewDidLoad()")
    w("super.viewDidLoad()")
    w("let appearance = UINavigationBarAppearance()")
    w("appearance.configureWithOpaqueBackground()")
    if index == 1:
        # A pale bar with UIKit's blue items on it: a contrast finding.
        w("appearance.backgroundColor = UIColor(red: 1.0, green: 0.84, blue: 0.2, alpha: 1)")
        w("appearance.titleTextAttributes = [.foregroundColor: UIColor.black]")
        w("navigationBar.standardAppearance = appearance")
        w("navigationBar.scrollEdgeAppearance = appearance")
    else:
        r, g, b = DARK_BARS[index % len(DARK_BARS)]
        w(f"appearance.backgroundColor = UIColor(red: {r}, green: {g}, blue: {b}, alpha: 1)")
        w("appearance.titleTextAttributes = [.foregroundColor: UIColor.white]")
        w("appearance.largeTitleTextAttributes = [.foregroundColor: UIColor.white]")
        w("navigationBar.standardAppearance = appearance")
        w("navigationBar.scrollEdgeAppearance = appearance")
        w("navigationBar.compactAppearance = appearance")
        w("navigationBar.tintColor = .white")
    w("navigationBar.prefersLargeTitles = true")
    w.close()
    w()
    w.open("override var childForStatusBarStyle: UIViewController?")
    w("topViewController")
    w.close()
    w()
    w.open("override var preferredStatusBarStyle: UIStatusBarStyle")
    w(".lightContent" if index != 1 else ".darkContent")
    w.close()
    w()
    swift_helpers(w, rng, target - 1, "Navigation")
    return w.finish()


def cell(name, info, rng, target):
    w = Writer()
    header(w, name, rng)
    w("import UIKit")
    w()
    is_cell = name.endswith("Cell")
    base = "UITableViewCell" if is_cell else "UIView"
    w.open(f"final class {name}: {base}")
    if is_cell:
        w(f'static let reuseIdentifier = "{name}"')
        w()
    w("private let iconView = UIImageView()")
    w("private let titleLabel = UILabel()")
    w("private let subtitleLabel = UILabel()")
    w("private let badgeLabel = UILabel()")
    w()
    if is_cell:
        w.open("override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?)")
        w("super.init(style: style, reuseIdentifier: reuseIdentifier)")
    else:
        w.open("override init(frame: CGRect)")
        w("super.init(frame: frame)")
    w("setUp()")
    w.close()
    w()
    w('required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }')
    w()
    w.open("private func setUp()")
    root = "contentView" if is_cell else "self"
    w(f'iconView.image = UIImage(systemName: "{rng.choice(SYMBOLS)}")')
    w("iconView.tintColor = .secondaryLabel")
    w("iconView.contentMode = .scaleAspectFit")
    w("titleLabel.font = .preferredFont(forTextStyle: .headline)")
    w("subtitleLabel.font = .preferredFont(forTextStyle: .subheadline)")
    w("subtitleLabel.textColor = .secondaryLabel")
    w("badgeLabel.font = .preferredFont(forTextStyle: .caption1)")
    w(f"badgeLabel.backgroundColor = .system{rng.choice(('Red', 'Blue', 'Orange', 'Green', 'Indigo'))}")
    w("badgeLabel.textColor = .white")
    w("badgeLabel.layer.cornerRadius = 8")
    w("badgeLabel.clipsToBounds = true")
    w("for view in [iconView, titleLabel, subtitleLabel, badgeLabel] {")
    w(f"    view.translatesAutoresizingMaskIntoConstraints = false")
    w(f"    {root}.addSubview(view)")
    w("}")
    w("NSLayoutConstraint.activate([")
    w.depth += 1
    w(f"iconView.leadingAnchor.constraint(equalTo: {root}.layoutMarginsGuide.leadingAnchor),")
    w(f"iconView.centerYAnchor.constraint(equalTo: {root}.centerYAnchor),")
    w(f"iconView.widthAnchor.constraint(equalToConstant: {rng.choice((24, 28, 32))}),")
    w("iconView.heightAnchor.constraint(equalTo: iconView.widthAnchor),")
    w(f"titleLabel.leadingAnchor.constraint(equalTo: iconView.trailingAnchor, constant: {rng.choice((8, 12))}),")
    w(f"titleLabel.topAnchor.constraint(equalTo: {root}.layoutMarginsGuide.topAnchor),")
    w("subtitleLabel.leadingAnchor.constraint(equalTo: titleLabel.leadingAnchor),")
    w("subtitleLabel.topAnchor.constraint(equalTo: titleLabel.bottomAnchor, constant: 2),")
    w(f"subtitleLabel.bottomAnchor.constraint(equalTo: {root}.layoutMarginsGuide.bottomAnchor),")
    w(f"badgeLabel.trailingAnchor.constraint(equalTo: {root}.layoutMarginsGuide.trailingAnchor),")
    w(f"badgeLabel.centerYAnchor.constraint(equalTo: {root}.centerYAnchor),")
    w.depth -= 1
    w("])")
    w.close()
    w()
    w.open("func configure(title: String, subtitle: String?, count: Int)")
    w("titleLabel.text = title")
    w("subtitleLabel.text = subtitle")
    w("subtitleLabel.isHidden = subtitle == nil")
    w('badgeLabel.text = count > 99 ? "99+" : " \\(count) "')
    w("badgeLabel.isHidden = count == 0")
    w("accessibilityLabel = [title, subtitle].compactMap { $0 }.joined(separator: \", \")")
    w.close()
    w()
    if is_cell:
        w.open("override func prepareForReuse()")
        w("super.prepareForReuse()")
        w("titleLabel.text = nil")
        w("subtitleLabel.text = nil")
        w("badgeLabel.isHidden = true")
        w.close()
        w()
    while len(w.lines) < target - 6:
        n = len(w.lines)
        w.open(f"func setHighlighted{n}(_ highlighted: Bool, animated: Bool)")
        w(f"let changes = {{ self.alpha = highlighted ? {rng.choice(('0.5', '0.6', '0.7'))} : 1 }}")
        w("animated ? UIView.animate(withDuration: 0.2, animations: changes) : changes()")
        w.close()
        w()
    return w.finish()


def model(name, info, rng, target):
    w = Writer()
    header(w, name, rng)
    w("import Foundation")
    w()
    fields = []
    types = ["String", "Int", "Double", "Bool", "Date", "URL?", "String?", "[String]"]
    for i in range(rng.randint(6, 11)):
        field = f"{rng.choice(WORDS)}{rng.choice(MODELS)}"
        if field in [f for f, _ in fields] or field == "id":
            continue
        fields.append((lower_first(field), rng.choice(types)))
    w.open(f"struct {name}: Codable, Hashable, Identifiable")
    w("let id: UUID")
    for field, ty in fields:
        w(f"var {field}: {ty}")
    w()
    w.open("enum CodingKeys: String, CodingKey")
    w("case id")
    for field, _ in fields:
        snake = "".join("_" + c.lower() if c.isupper() else c for c in field)
        w(f'case {field} = "{snake}"')
    w.close()
    w.close()
    w()
    w.open(f"extension {name}")
    w.open("var isEmpty: Bool")
    strings = [f for f, ty in fields if ty == "String"]
    w(" && ".join(f"{f}.isEmpty" for f in strings) if strings else "false")
    w.close()
    w()
    w.open(f"static func sorted(_ values: [{name}]) -> [{name}]")
    w("values.sorted { $0.id.uuidString < $1.id.uuidString }")
    w.close()
    w()
    w.open("func matches(_ query: String) -> Bool")
    w("guard !query.isEmpty else { return true }")
    if strings:
        w(f"return [{', '.join(strings)}].contains {{ $0.localizedCaseInsensitiveContains(query) }}")
    else:
        w("return id.uuidString.localizedCaseInsensitiveContains(query)")
    w.close()
    w.close()
    w()
    n = 0
    while len(w.lines) < target - 10:
        n += 1
        w.open(f"extension {name}")
        w.open(f"static func decodeList{n}(from data: Data) throws -> [{name}]")
        w("let decoder = JSONDecoder()")
        w(f"decoder.dateDecodingStrategy = .{rng.choice(('iso8601', 'secondsSince1970', 'deferredToDate'))}")
        w(f"return try decoder.decode([{name}].self, from: data)")
        w.close()
        w()
        w.open(f"func encoded{n}() throws -> Data")
        w("let encoder = JSONEncoder()")
        w("encoder.outputFormatting = [.sortedKeys, .prettyPrinted]")
        w("return try encoder.encode(self)")
        w.close()
        w.close()
        w()
    if w.lines[-1] == "":
        w.lines.pop()
    return w.text()


def service(plan, name, info, rng, target):
    w = Writer()
    header(w, name, rng)
    w("import Foundation")
    w()
    model_name = rng.choice(plan.models) if plan.models else "String"
    w.open(f"enum {name}Error: Error, LocalizedError")
    w("case invalidResponse")
    w("case status(Int)")
    w("case decoding(Error)")
    w()
    w.open("var errorDescription: String?")
    w("switch self {")
    w('case .invalidResponse: return "The server sent something unexpected."')
    w('case .status(let code): return "The server answered \\(code)."')
    w('case .decoding(let error): return "The data could not be read: \\(error.localizedDescription)"')
    w("}")
    w.close()
    w.close()
    w()
    w.open(f"final class {name}")
    w(f"static let shared = {name}()")
    w()
    w("private let session: URLSession")
    w(f'private let baseURL = URL(string: "https://api.{APP.lower()}.example/v{rng.randint(1, 3)}/{info["feature"].lower()}")!')
    w(f"private var cache: [String: [{model_name}]] = [:]")
    w("private let queue = DispatchQueue(label: \"" + f"{APP.lower()}.{lower_first(name)}" + "\")")
    w()
    w.open("init(session: URLSession = .shared)")
    w("self.session = session")
    w.close()
    w()
    n = 0
    while len(w.lines) < target - 14:
        n += 1
        path = f"{rng.choice(WORDS)}{n}"
        w.open(f"func fetch{path.capitalize()}(page: Int = 0) async throws -> [{model_name}]")
        w(f'if let cached = queue.sync(execute: {{ cache["{path}-\\(page)"] }}) {{ return cached }}')
        w(f'var components = URLComponents(url: baseURL.appendingPathComponent("{path}"), resolvingAgainstBaseURL: false)!')
        w('components.queryItems = [URLQueryItem(name: "page", value: String(page))]')
        w("var request = URLRequest(url: components.url!)")
        w(f'request.setValue("application/json", forHTTPHeaderField: "Accept")')
        w(f"request.timeoutInterval = {rng.choice((10, 15, 30, 60))}")
        w("let (data, response) = try await session.data(for: request)")
        w(f"guard let http = response as? HTTPURLResponse else {{ throw {name}Error.invalidResponse }}")
        w(f"guard (200..<300).contains(http.statusCode) else {{ throw {name}Error.status(http.statusCode) }}")
        w.open("do")
        w(f"let values = try JSONDecoder().decode([{model_name}].self, from: data)")
        w(f'queue.sync {{ cache["{path}-\\(page)"] = values }}')
        w("return values")
        w.depth -= 1
        w("} catch {")
        w.depth += 1
        w(f"throw {name}Error.decoding(error)")
        w.close()
        w.close()
        w()
    w.open("func clearCache()")
    w("queue.sync { cache.removeAll() }")
    w.close()
    w.close()
    return w.text()


def helper(name, info, rng, target):
    w = Writer()
    header(w, name, rng)
    base = info["base"]
    topic = lower_first(name.split("+")[1])
    w("import UIKit")
    w()
    w.open(f"extension {base}" + (" where Element: Equatable" if base == "Array" else ""))
    n = 0
    while len(w.lines) < target - 6:
        n += 1
        kind = rng.randrange(4)
        if kind == 0:
            w.open(f"static func {topic}Number{n}(_ value: Int) -> String")
            w(f"let formatter = NumberFormatter()")
            w(f"formatter.numberStyle = .{rng.choice(('decimal', 'percent', 'ordinal', 'spellOut'))}")
            w('return formatter.string(from: NSNumber(value: value)) ?? ""')
            w.close()
        elif kind == 1:
            w.open(f"static func {topic}Clamp{n}(_ value: Double, to range: ClosedRange<Double>) -> Double")
            w("min(max(value, range.lowerBound), range.upperBound)")
            w.close()
        elif kind == 2:
            w.open(f"static func {topic}Checksum{n}(_ text: String) -> Int")
            w("var hash = 5381")
            w("for byte in text.utf8 {")
            w("    hash = ((hash << 5) &+ hash) &+ Int(byte)")
            w("}")
            w("return hash")
            w.close()
        else:
            w.open(f"static func {topic}Interval{n}(from start: Date, to end: Date) -> String")
            w("let formatter = DateComponentsFormatter()")
            w(f"formatter.unitsStyle = .{rng.choice(('abbreviated', 'short', 'full', 'positional'))}")
            w("formatter.allowedUnits = [.day, .hour, .minute]")
            w('return formatter.string(from: start, to: end) ?? ""')
            w.close()
        w()
    return w.finish()


def swiftui_view(plan, name, info, rng, target):
    w = Writer()
    header(w, name, rng)
    w("import SwiftUI")
    w()
    feature = info["feature"]
    siblings = [v for v in plan.swiftui[feature] if v != name and v != plan.swiftui[feature][0]]
    title = words(name[:-len("View")])
    w.open(f"struct {name}: View")
    w("@State private var items: [String] = []")
    w("@State private var query = \"\"")
    w("@State private var isPresentingEditor = false")
    w("@Environment(\\.dismiss) private var dismiss")
    w()
    w.open("var body: some View")
    if info["root"]:
        w.open("NavigationStack")
    w.open("List")
    w.open("Section(\"" + rng.choice(WORDS).capitalize() + "\")")
    w.open("ForEach(items.filter { query.isEmpty || $0.localizedCaseInsensitiveContains(query) }, id: \\.self) { item in")
    if siblings:
        w.open("NavigationLink(value: item)")
        w("Label(item, systemImage: \"" + rng.choice(SYMBOLS) + "\")")
        w.close()
    else:
        w("Text(item)")
    w.close()
    w.close()
    if siblings:
        w.open("Section")
        w.open(f"NavigationLink(\"{words(siblings[0][:-4])}\")")
        w(f"{siblings[0]}()")
        w.close()
        w.close()
    w.close()
    w(".searchable(text: $query)")
    w(f'.navigationTitle("{title}")')
    if not info["root"]:
        w(".navigationBarTitleDisplayMode(.inline)")
    if siblings:
        w.open(".navigationDestination(for: String.self) { item in")
        w(f"{rng.choice(siblings)}()")
        w.close()
    w.open(".toolbar")
    w.open("ToolbarItem(placement: .topBarTrailing)")
    w.open("Button")
    w("isPresentingEditor = true")
    w.depth -= 1
    w("} label: {")
    w.depth += 1
    w('Image(systemName: "plus")')
    w.close()
    w.close()
    w.close()
    w.open(".sheet(isPresented: $isPresentingEditor)")
    w(f'Text("New {rng.choice(MODELS).lower()}")')
    w.close()
    w.open(".task")
    w("await load()")
    w.close()
    if info["root"]:
        w.close()
    w.close()
    w()
    w.open("private func load() async")
    w(f'items = (1...{rng.randint(5, 40)}).map {{ "{rng.choice(MODELS)} \\($0)" }}')
    w.close()
    w()
    n = 0
    while len(w.lines) < target - 10:
        n += 1
        w.open(f"private func row{n}(_ text: String) -> some View")
        w.open("HStack")
        w(f'Image(systemName: "{rng.choice(SYMBOLS)}")')
        w("    .foregroundStyle(.secondary)")
        w("Text(text)")
        w(f"    .font(.{rng.choice(('body', 'callout', 'headline', 'subheadline'))})")
        w("Spacer()")
        w.close()
        w.close()
        w()
    if w.lines[-1] == "":
        w.lines.pop()
    w.close()
    w()
    w.open("#Preview")
    w(f"{name}()")
    w.close()
    return w.text()


def board_controller(name, info, rng, target):
    w = Writer()
    header(w, name, rng)
    w("import UIKit")
    w()
    base = "UITableViewController" if info["table"] else "UIViewController"
    w.open(f"final class {name}: {base}")
    if not info["table"]:
        w("@IBOutlet private weak var titleLabel: UILabel!")
        w("@IBOutlet private weak var detailLabel: UILabel!")
        w("var selection: String?")
    else:
        w(f'private var rows = ["{rng.choice(WORDS).capitalize()}", "{rng.choice(WORDS).capitalize()}"]')
    w()
    w.open("override func viewDidLoad()")
    w("super.viewDidLoad()")
    if not info["table"]:
        w("titleLabel.text = selection")
        w('detailLabel.text = NSLocalizedString("board.detail", comment: "")')
    else:
        w("clearsSelectionOnViewWillAppear = true")
    w.close()
    w()
    if info["table"]:
        w.open("override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int")
        w("rows.count")
        w.close()
        w()
        w.open("override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell")
        w('let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)')
        w("cell.textLabel?.text = rows[indexPath.row]")
        w("return cell")
        w.close()
        w()
        w.open("override func prepare(for segue: UIStoryboardSegue, sender: Any?)")
        w("guard let cell = sender as? UITableViewCell, let indexPath = tableView.indexPath(for: cell) else { return }")
        w("segue.destination.title = rows[indexPath.row]")
        w.close()
        w()
    swift_helpers(w, rng, target - 1, "Board")
    return w.finish()


def scene_delegate(plan, rng):
    w = Writer()
    header(w, "SceneDelegate", rng)
    w("import SwiftUI")
    w("import UIKit")
    w()
    w.open("final class SceneDelegate: UIResponder, UIWindowSceneDelegate")
    w("var window: UIWindow?")
    w()
    w.open("func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)")
    w("guard let windowScene = scene as? UIWindowScene else { return }")
    w("let tabs = UITabBarController()")
    w("var controllers: [UIViewController] = []")
    for i, feature in enumerate(plan.features):
        root = plan.roots[feature]
        nav = plan.themes[i % len(plan.themes)] if i % 3 == 0 else "UINavigationController"
        local = lower_first(feature)
        w(f"let {local} = {nav}(rootViewController: {construct(plan, root)})")
        w(f'{local}.tabBarItem = UITabBarItem(title: "{feature}", image: UIImage(systemName: "{rng.choice(SYMBOLS)}"), tag: {i})')
        w(f"controllers.append({local})")
    for feature, views in plan.swiftui.items():
        if views:
            local = lower_first(feature) + "Home"
            w(f"let {local} = UIHostingController(rootView: {views[0]}())")
            w(f'{local}.tabBarItem = UITabBarItem(title: "{feature}", image: nil, tag: controllers.count)')
            w(f"controllers.append({local})")
    for feature, controllers in plan.objc.items():
        if controllers:
            local = lower_first(feature) + "Legacy"
            w(f"let {local} = UINavigationController(rootViewController: {controllers[0]}())")
            w(f"controllers.append({local})")
    w("tabs.viewControllers = controllers")
    w("let window = UIWindow(windowScene: windowScene)")
    w("window.rootViewController = tabs")
    w("window.makeKeyAndVisible()")
    w("self.window = window")
    w.close()
    w.close()
    return w.text()


def objc_controller(plan, name, info, rng, target):
    feature = info["feature"]
    siblings = plan.objc[feature]
    root = siblings[0] == name
    pushes = [s for s in siblings if s != name and s != siblings[0]]
    push = rng.choice(pushes) if pushes else None
    h = Writer()
    header(h, name, rng, ext="h")
    h("#import <UIKit/UIKit.h>")
    h()
    h("NS_ASSUME_NONNULL_BEGIN")
    h()
    h(f"@interface {name} : {'UITableViewController' if root else 'UIViewController'}")
    h()
    h("@property (nonatomic, copy, nullable) NSString *identifier;")
    h("@property (nonatomic, strong) NSArray<NSString *> *items;")
    h()
    h("- (void)reloadItems;")
    h()
    h("@end")
    h()
    h("NS_ASSUME_NONNULL_END")
    m = Writer()
    header(m, name, rng, ext="m")
    m(f'#import "{name}.h"')
    if push:
        m(f'#import "{push}.h"')
    m()
    m(f"static NSString * const k{name}CellIdentifier = @\"Cell\";")
    m()
    m(f"@interface {name} ()")
    m("@property (nonatomic, assign) BOOL loading;")
    m("@end")
    m()
    m(f"@implementation {name}")
    m()
    m("- (void)viewDidLoad {")
    m("    [super viewDidLoad];")
    m(f'    self.title = @"{screen_title(info, rng)}";')
    if rng.random() < 0.6:
        m(f"    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:"
          f"UIBarButtonSystemItem{rng.choice(SYSTEM_ITEMS).capitalize()} target:self action:@selector(primaryTapped:)];")
    else:
        m(f'    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"{rng.choice(ACTION_TITLES)}" '
          "style:UIBarButtonItemStyleDone target:self action:@selector(primaryTapped:)];")
    if name in plan.objc_pitfalls:
        m('    self.navigationItem.leftBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Cancel" '
          "style:UIBarButtonItemStylePlain target:self action:@selector(cancelTapped:)];")
    if root:
        m(f"    [self.tableView registerClass:[UITableViewCell class] forCellReuseIdentifier:k{name}CellIdentifier];")
    else:
        m("    self.view.backgroundColor = [UIColor systemBackgroundColor];")
    m("    [self reloadItems];")
    m("}")
    m()
    m("- (void)reloadItems {")
    m("    if (self.loading) {")
    m("        return;")
    m("    }")
    m("    self.loading = YES;")
    m("    __weak typeof(self) weakSelf = self;")
    m(f"    dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)({rng.choice(('0.2', '0.3', '0.5'))} * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{{")
    m("        __strong typeof(weakSelf) strongSelf = weakSelf;")
    m("        strongSelf.loading = NO;")
    m(f"        strongSelf.items = @[@\"{rng.choice(WORDS)}\", @\"{rng.choice(WORDS)}\"];")
    if root:
        m("        [strongSelf.tableView reloadData];")
    m("    });")
    m("}")
    m()
    if root:
        m("#pragma mark - UITableViewDataSource")
        m()
        m("- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {")
        m("    return self.items.count;")
        m("}")
        m()
        m("- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {")
        m(f"    UITableViewCell *cell = [tableView dequeueReusableCellWithIdentifier:k{name}CellIdentifier forIndexPath:indexPath];")
        m("    cell.textLabel.text = self.items[indexPath.row];")
        m("    cell.accessoryType = UITableViewCellAccessoryDisclosureIndicator;")
        m("    return cell;")
        m("}")
        m()
        m("- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {")
        m("    [tableView deselectRowAtIndexPath:indexPath animated:YES];")
        if push:
            m(f"    {push} *next = [[{push} alloc] init];")
            m("    next.identifier = self.items[indexPath.row];")
            m("    [self.navigationController pushViewController:next animated:YES];")
        m("}")
        m()
    m("- (void)primaryTapped:(id)sender {")
    if push and not root:
        m(f"    [self.navigationController pushViewController:[[{push} alloc] init] animated:YES];")
    else:
        m('    UIAlertController *alert = [UIAlertController alertControllerWithTitle:self.title message:nil '
          "preferredStyle:UIAlertControllerStyleActionSheet];")
        m('    [alert addAction:[UIAlertAction actionWithTitle:@"Cancel" style:UIAlertActionStyleCancel handler:nil]];')
        m("    [self presentViewController:alert animated:YES completion:nil];")
    m("}")
    m()
    if name in plan.objc_pitfalls:
        m("- (void)cancelTapped:(id)sender {")
        m("    [self.navigationController popViewControllerAnimated:YES];")
        m("}")
        m()
    n = 0
    while len(m.lines) < target - 6:
        n += 1
        m(f"- (NSString *)formattedValue{n}:(double)value {{")
        m("    NSNumberFormatter *formatter = [[NSNumberFormatter alloc] init];")
        m(f"    formatter.numberStyle = NSNumberFormatter{rng.choice(('Decimal', 'Percent', 'Currency'))}Style;")
        m("    return [formatter stringFromNumber:@(value)] ?: @\"\";")
        m("}")
        m()
    m("@end")
    return h.text(), m.text()


def objc_model(name, info, rng, target):
    fields = sorted({lower_first(f"{rng.choice(WORDS)}{rng.choice(MODELS)}") for _ in range(6)})
    h = Writer()
    header(h, name, rng, ext="h")
    h("#import <Foundation/Foundation.h>")
    h()
    h("NS_ASSUME_NONNULL_BEGIN")
    h()
    h(f"@interface {name} : NSObject <NSCopying, NSSecureCoding>")
    h()
    for f in fields:
        h(f"@property (nonatomic, copy) NSString *{f};")
    h()
    h("- (instancetype)initWithDictionary:(NSDictionary<NSString *, id> *)dictionary;")
    h("- (NSDictionary<NSString *, id> *)dictionaryRepresentation;")
    h()
    h("@end")
    h()
    h("NS_ASSUME_NONNULL_END")
    m = Writer()
    header(m, name, rng, ext="m")
    m(f'#import "{name}.h"')
    m()
    m(f"@implementation {name}")
    m()
    m("+ (BOOL)supportsSecureCoding {")
    m("    return YES;")
    m("}")
    m()
    m("- (instancetype)initWithDictionary:(NSDictionary<NSString *, id> *)dictionary {")
    m("    self = [super init];")
    m("    if (self) {")
    for f in fields:
        m(f'        _{f} = [dictionary[@"{f}"] copy] ?: @"";')
    m("    }")
    m("    return self;")
    m("}")
    m()
    m("- (NSDictionary<NSString *, id> *)dictionaryRepresentation {")
    m("    return @{")
    for f in fields:
        m(f'        @"{f}": self.{f},')
    m("    };")
    m("}")
    m()
    m("- (id)copyWithZone:(NSZone *)zone {")
    m("    return [[[self class] allocWithZone:zone] initWithDictionary:[self dictionaryRepresentation]];")
    m("}")
    m()
    m("- (void)encodeWithCoder:(NSCoder *)coder {")
    for f in fields:
        m(f'    [coder encodeObject:self.{f} forKey:@"{f}"];')
    m("}")
    m()
    m("- (nullable instancetype)initWithCoder:(NSCoder *)coder {")
    m("    NSMutableDictionary *values = [NSMutableDictionary dictionary];")
    m(f"    for (NSString *key in @[{', '.join('@' + chr(34) + f + chr(34) for f in fields)}]) {{")
    m("        values[key] = [coder decodeObjectOfClass:[NSString class] forKey:key];")
    m("    }")
    m("    return [self initWithDictionary:values];")
    m("}")
    m()
    while len(m.lines) < target - 4:
        n = len(m.lines)
        m(f"- (BOOL)matchesQuery{n}:(NSString *)query {{")
        m(f"    return [self.{rng.choice(fields)} localizedCaseInsensitiveContainsString:query];")
        m("}")
        m()
    m("@end")
    return h.text(), m.text()


def ib_id(rng):
    chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return "-".join("".join(rng.choice(chars) for _ in range(n)) for n in (3, 2, 3))


def storyboard(name, info, rng):
    nav, nav_bar, listing, table, cell, detail, label1, label2 = (ib_id(rng) for _ in range(8))
    ids = {k: ib_id(rng) for k in ("s1", "s2", "s3", "seg1", "seg2", "ni1", "ni2", "bb1", "bb2", "v", "fr1", "fr2", "o1", "o2",
                                   "o3", "o4", "content", "label")}
    listing_title, detail_title = info["listTitle"], info["detailTitle"]
    item = rng.choice(SYSTEM_ITEMS)
    lines = f"""<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="{nav}">
    <device id="retina6_12" orientation="portrait" appearance="light"/>
    <dependencies>
        <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
        <capability name="Safe area layout guides" minToolsVersion="9.0"/>
        <capability name="System colors in document resources" minToolsVersion="11.0"/>
        <capability name="documents saved in the Xcode 8 format" minToolsVersion="8.0"/>
    </dependencies>
    <scenes>
        <!--Navigation Controller-->
        <scene sceneID="{ids['s1']}">
            <objects>
                <navigationController id="{nav}" sceneMemberID="viewController">
                    <navigationBar key="navigationBar" contentMode="scaleToFill" insetsLayoutMarginsFromSafeArea="NO" largeTitles="YES" id="{nav_bar}">
                        <rect key="frame" x="0.0" y="59" width="393" height="96"/>
                        <autoresizingMask key="autoresizingMask"/>
                    </navigationBar>
                    <connections>
                        <segue destination="{listing}" kind="relationship" relationship="rootViewController" id="{ids['seg1']}"/>
                    </connections>
                </navigationController>
                <placeholder placeholderIdentifier="IBFirstResponder" id="{ids['fr1']}" userLabel="First Responder" customClass="UIResponder" sceneMemberID="firstResponder"/>
            </objects>
            <point key="canvasLocation" x="-800" y="40"/>
        </scene>
        <!--{listing_title}-->
        <scene sceneID="{ids['s2']}">
            <objects>
                <tableViewController title="{listing_title}" id="{listing}" customClass="{info['list']}" customModule="{APP}" customModuleProvider="target" sceneMemberID="viewController">
                    <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="insetGrouped" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="18" sectionFooterHeight="18" id="{table}">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <color key="backgroundColor" systemColor="systemGroupedBackgroundColor"/>
                        <prototypes>
                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" accessoryType="disclosureIndicator" indentationWidth="10" reuseIdentifier="Cell" textLabel="{ids['label']}" style="IBUITableViewCellStyleDefault" id="{cell}">
                                <rect key="frame" x="0.0" y="50" width="393" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="{cell}" id="{ids['content']}">
                                    <rect key="frame" x="0.0" y="0.0" width="362.66666666666669" height="44"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <subviews>
                                        <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="Title" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="{ids['label']}">
                                            <rect key="frame" x="20" y="0.0" width="334.66666666666669" height="44"/>
                                            <autoresizingMask key="autoresizingMask"/>
                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                            <nil key="textColor"/>
                                            <nil key="highlightedColor"/>
                                        </label>
                                    </subviews>
                                </tableViewCellContentView>
                                <connections>
                                    <segue destination="{detail}" kind="show" identifier="ShowDetail" id="{ids['seg2']}"/>
                                </connections>
                            </tableViewCell>
                        </prototypes>
                        <connections>
                            <outlet property="dataSource" destination="{listing}" id="{ids['o1']}"/>
                            <outlet property="delegate" destination="{listing}" id="{ids['o2']}"/>
                        </connections>
                    </tableView>
                    <navigationItem key="navigationItem" title="{listing_title}" largeTitleDisplayMode="always" id="{ids['ni1']}">
                        <barButtonItem key="rightBarButtonItem" systemItem="{item}" id="{ids['bb1']}"/>
                    </navigationItem>
                </tableViewController>
                <placeholder placeholderIdentifier="IBFirstResponder" id="{ids['fr2']}" userLabel="First Responder" customClass="UIResponder" sceneMemberID="firstResponder"/>
            </objects>
            <point key="canvasLocation" x="40" y="40"/>
        </scene>
        <!--{detail_title}-->
        <scene sceneID="{ids['s3']}">
            <objects>
                <viewController id="{detail}" customClass="{info['detail']}" customModule="{APP}" customModuleProvider="target" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="{ids['v']}">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <subviews>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Title" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="{label1}">
                                <rect key="frame" x="20" y="123" width="353" height="26.333333333333329"/>
                                <fontDescription key="fontDescription" style="UICTFontTextStyleTitle2"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Detail" textAlignment="natural" lineBreakMode="tailTruncation" numberOfLines="0" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="{label2}">
                                <rect key="frame" x="20" y="161" width="353" height="20.333333333333329"/>
                                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                <color key="textColor" systemColor="secondaryLabelColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                        </subviews>
                        <viewLayoutGuide key="safeArea" id="{ib_id(rng)}"/>
                        <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                        <constraints>
                            <constraint firstItem="{label1}" firstAttribute="leading" secondItem="{ids['v']}" secondAttribute="leadingMargin" id="{ib_id(rng)}"/>
                            <constraint firstItem="{label1}" firstAttribute="top" secondItem="{ids['v']}" secondAttribute="topMargin" constant="20" id="{ib_id(rng)}"/>
                            <constraint firstItem="{label2}" firstAttribute="leading" secondItem="{label1}" secondAttribute="leading" id="{ib_id(rng)}"/>
                            <constraint firstItem="{label2}" firstAttribute="top" secondItem="{label1}" secondAttribute="bottom" constant="12" id="{ib_id(rng)}"/>
                        </constraints>
                    </view>
                    <navigationItem key="navigationItem" title="{detail_title}" largeTitleDisplayMode="never" id="{ids['ni2']}">
                        <barButtonItem key="rightBarButtonItem" title="{rng.choice(ACTION_TITLES)}" style="done" id="{ids['bb2']}"/>
                    </navigationItem>
                    <connections>
                        <outlet property="detailLabel" destination="{label2}" id="{ids['o3']}"/>
                        <outlet property="titleLabel" destination="{label1}" id="{ids['o4']}"/>
                    </connections>
                </viewController>
                <placeholder placeholderIdentifier="IBFirstResponder" id="{ib_id(rng)}" userLabel="First Responder" customClass="UIResponder" sceneMemberID="firstResponder"/>
            </objects>
            <point key="canvasLocation" x="880" y="40"/>
        </scene>
    </scenes>
    <resources>
        <systemColor name="secondaryLabelColor">
            <color red="0.23529411764705882" green="0.23529411764705882" blue="0.2627450980392157" alpha="0.59999999999999998" colorSpace="custom" customColorSpace="sRGB"/>
        </systemColor>
        <systemColor name="systemBackgroundColor">
            <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
        </systemColor>
        <systemColor name="systemGroupedBackgroundColor">
            <color red="0.94901960784313721" green="0.94901960784313721" blue="0.96862745098039216" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
        </systemColor>
    </resources>
</document>
"""
    return lines


SWIFT_FORMAT_CONFIGURATION = """{
  "version": 1,
  "indentation": { "spaces": 4 },
  "lineLength": 160,
  "maximumBlankLines": 1,
  "respectsExistingLineBreaks": true
}
"""


def summary(root):
    """What an app under `root` holds: its source files by extension, and their lines."""
    counts, lines = {}, 0
    for folder, _, names in os.walk(root):
        for name in names:
            ext = os.path.splitext(name)[1].lstrip(".")
            if ext in ("swift", "m", "h", "storyboard"):
                counts[ext] = counts.get(ext, 0) + 1
                with open(os.path.join(folder, name), "rb") as f:
                    lines += f.read().count(b"\n")
    return {"files": sum(counts.values()), "byExtension": dict(sorted(counts.items())), "lines": lines}


def generate(out, files, objc_pairs=0, storyboards=0, seed=1):
    """Writes the app under `out`; returns (files written, lines written)."""
    rng = random.Random(seed)
    plan = Plan(rng, files, objc_pairs, storyboards)
    written, lines = 0, 0

    def put(folder, filename, text):
        nonlocal written, lines
        path = os.path.join(out, folder, filename)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        written += 1
        lines += text.count("\n")

    for i, theme in enumerate(plan.themes):
        put(f"{APP}/Common", f"{theme}.swift", themed_navigation(plan, theme, i, rng, rng.randint(40, 70)))
    for kind, folder, name, info in plan.files:
        target = rng.randint(75, 130)
        if kind == "viewController":
            put(folder, f"{name}.swift", view_controller(plan, name, info, rng, target))
        elif kind == "base":
            put(folder, f"{name}.swift", base_controller(plan, name, rng, target))
        elif kind in ("cell", "view"):
            put(folder, f"{name}.swift", cell(name, info, rng, target))
        elif kind == "model":
            put(folder, f"{name}.swift", model(name, info, rng, target))
        elif kind == "service":
            put(folder, f"{name}.swift", service(plan, name, info, rng, target))
        elif kind == "helper":
            put(folder, f"{name}.swift", helper(name, info, rng, target))
        elif kind == "swiftUI":
            put(folder, f"{name}.swift", swiftui_view(plan, name, info, rng, target))
        elif kind == "boardController":
            put(folder, f"{name}.swift", board_controller(name, info, rng, target))
        elif kind == "storyboard":
            put(folder, f"{name}.storyboard", storyboard(name, info, rng))
        elif kind == "objcController":
            h, m = objc_controller(plan, name, info, rng, target)
            put(folder, f"{name}.h", h)
            put(folder, f"{name}.m", m)
        elif kind == "objcModel":
            h, m = objc_model(name, info, rng, target)
            put(folder, f"{name}.h", h)
            put(folder, f"{name}.m", m)
        elif kind == "sceneDelegate":
            put(folder, "SceneDelegate.swift", scene_delegate(plan, rng))
    # The app formats its Swift with four spaces, as Xcode indents: swift-format reads this.
    with open(os.path.join(out, ".swift-format"), "w", encoding="utf-8") as f:
        f.write(SWIFT_FORMAT_CONFIGURATION)
    return written, lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", help="the folder to write the app into (created; must be empty or absent)")
    parser.add_argument("--files", type=int, default=1000, help="files in all (default 1000)")
    parser.add_argument("--objc-pairs", type=int, default=0, help="Objective-C .h/.m pairs among them")
    parser.add_argument("--storyboards", type=int, default=0, help="storyboards among them")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if os.path.isdir(args.out) and os.listdir(args.out):
        sys.exit(f"gen_lint_app.py: {args.out} is not empty")
    written, lines = generate(args.out, args.files, args.objc_pairs, args.storyboards, args.seed)
    print(f"{written} files, {lines} lines in {args.out}")


if __name__ == "__main__":
    main()
