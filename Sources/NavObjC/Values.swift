import NavModel
import NavSource

/// What an expression is worth, read from the code alone: strings, numbers, booleans, colours, sizes, bar button
/// items, view controllers. Values are followed through local variables, properties of the class and small
/// getters; anything computed at run time (a macro, an app helper, a parameter) is unknown, never made up.
///
/// Every function is bounded: a chain of variables is followed a few steps at most, and a nested expression is
/// read to a fixed depth, whatever the input.
struct Values {
    let scope: Scope
    let constants: [String: Expr]
    let locator: Locator

    static let maxDepth = 48
    static let maxHops = 12

    func location(_ offset: Int) -> SourceLocation { locator.location(offset) }

    // MARK: Following variables

    /// An expression followed through variables to what was assigned: the final expression, where it was made,
    /// the variables passed on the way (nearest first, whose member assignments apply to the value), and the first
    /// cast met (`(DetailViewController *)[storyboard instantiate…]`).
    struct Followed {
        var expr: Expr
        var at: Place
        var variables: [Variable]
        var cast: String?
    }

    func follow(_ e: Expr, at place: Place) -> Followed {
        var out = Followed(expr: e, at: place, variables: [], cast: nil)
        var hops = 0
        while hops < Self.maxHops {
            hops += 1
            if case .cast(let type, _, _) = out.expr, out.cast == nil, Self.isSpecificClass(type) { out.cast = type }
            let x = out.expr.stripped
            out.expr = x
            if case .name(let n, _) = x {
                if scope.isSelf(x, in: out.at.function) { return out }
                if let key = scope.key(of: x, in: out.at.function), let v = scope.variable(key) {
                    out.variables.append(v)
                    // A parameter, or a local assigned in branches: its value is not in the code.
                    guard let value = scope.value(of: key, at: out.at) else { return out }
                    out.expr = value.expr
                    out.at = value.at
                    continue
                }
                if let constant = constants[n] {
                    out.expr = constant
                    continue
                }
                return out
            }
            if case .member(let base, let name, _) = x, scope.isSelf(base, in: out.at.function) {
                guard let v = scope.variable(.property(name)) else { return out }
                out.variables.append(v)
                // Assigned in several places: which one holds is a matter of run time.
                guard let value = scope.value(of: .property(name), at: out.at) else { return out }
                out.expr = value.expr
                out.at = value.at
                continue
            }
            if case .message(let m) = x, m.args.isEmpty, scope.isSelf(m.receiver, in: out.at.function) {
                let name = m.parts[0]
                if let v = scope.variable(.property(name)), let value = scope.value(of: .property(name), at: out.at) {
                    out.variables.append(v)
                    out.expr = value.expr
                    out.at = value.at
                    continue
                }
                if let value = scope.returned(by: name) {
                    // A small builder of this class: `[self backItem]` returning what it makes.
                    out.expr = value.expr
                    out.at = value.at
                    continue
                }
                return out
            }
            return out
        }
        return out
    }

    /// The latest assignment to a member among the variables passed while following a value.
    func member(_ name: String, of variables: [Variable]) -> Assigned? {
        variables.compactMap { $0.members[name]?.last }.max { $0.at.order < $1.at.order }
    }

    // MARK: Literals

    static func isNil(_ e: Expr) -> Bool {
        switch e.stripped {
        case .name(let n, _): return n == "nil" || n == "Nil" || n == "NULL" || n == "nullptr"
        case .number(let v, _, _): return v == 0
        default: return false
        }
    }

    /// A string, `.unknown` when computed; nil for `nil`.
    func string(_ e: Expr, at place: Place) -> Known<String>? {
        let f = follow(e, at: place)
        if Self.isNil(f.expr) { return nil }
        if case .string(let s, _) = f.expr { return .known(s) }
        return .unknown
    }

    func bool(_ e: Expr, at place: Place, depth: Int = 0) -> Known<Bool> {
        guard depth < Self.maxDepth else { return .unknown }
        let f = follow(e, at: place)
        switch f.expr {
        case .name(let n, _):
            if ["YES", "true", "TRUE"].contains(n) { return .known(true) }
            if ["NO", "false", "FALSE"].contains(n) { return .known(false) }
        case .boolean(let b, _):
            return .known(b)
        case .number(let v, _, _):
            return .known(v != 0)
        case .unary("!", let inner, _):
            return bool(inner, at: f.at, depth: depth + 1).map { !$0 }
        default:
            break
        }
        return .unknown
    }

    /// A number the code computes from literals (C's arithmetic: `51/255` is 0), or nil.
    func number(_ e: Expr, at place: Place, depth: Int = 0) -> (value: Double, isInteger: Bool)? {
        guard depth < Self.maxDepth else { return nil }
        if case .cast(let type, let inner, _) = e {
            guard let n = number(inner, at: place, depth: depth + 1) else { return nil }
            if Self.floatTypes.contains(type) { return (n.value, false) }
            if Self.integerTypes.contains(type) { return (n.value.rounded(.towardZero), true) }
            return n
        }
        let f = follow(e, at: place)
        switch f.expr {
        case .number(let v, let isInteger, _):
            return (v, isInteger)
        case .name(let n, _):
            return Self.knownConstants[n]
        case .unary(let op, let inner, _):
            guard let n = number(inner, at: f.at, depth: depth + 1) else { return nil }
            if op == "-" { return (-n.value, n.isInteger) }
            if op == "+" { return n }
            return nil
        case .binary(let op, let a, let b, _):
            guard let x = number(a, at: f.at, depth: depth + 1), let y = number(b, at: f.at, depth: depth + 1) else { return nil }
            let integer = x.isInteger && y.isInteger
            switch op {
            case "+": return (x.value + y.value, integer)
            case "-": return (x.value - y.value, integer)
            case "*": return (x.value * y.value, integer)
            case "/":
                guard y.value != 0 else { return nil }
                return integer ? ((x.value / y.value).rounded(.towardZero), true) : (x.value / y.value, false)
            default: return nil
            }
        case .cast:
            return number(f.expr, at: f.at, depth: depth + 1)
        default:
            return nil
        }
    }

    static let floatTypes: Set<String> = ["CGFloat", "float", "double", "NSTimeInterval", "Float", "Double", "CGDouble"]
    static let integerTypes: Set<String> = [
        "int", "NSInteger", "NSUInteger", "long", "short", "int32_t", "int64_t", "uint32_t", "uint64_t", "size_t", "UInt8", "uint8_t",
    ]

    /// Constants of the SDK that apps pass as "very far" (`UIOffsetMake(NSIntegerMin, 0)`).
    static let knownConstants: [String: (value: Double, isInteger: Bool)] = [
        "NSIntegerMax": (Double(Int.max), true), "NSIntegerMin": (Double(Int.min), true),
        "INT_MAX": (2_147_483_647, true), "INT_MIN": (-2_147_483_648, true), "CGFLOAT_MAX": (Double.greatestFiniteMagnitude, false),
        "CGFLOAT_MIN": (Double.leastNormalMagnitude, false), "MAXFLOAT": (Double(Float.greatestFiniteMagnitude), false),
        "FLT_MAX": (Double(Float.greatestFiniteMagnitude), false), "DBL_MAX": (Double.greatestFiniteMagnitude, false),
    ]

    /// The size of a rectangle or a size: `CGRectMake(0, 0, 30, 30)`, `(CGRect){{0, 0}, {30, 30}}`, `CGSizeMake`.
    func size(_ e: Expr, at place: Place, depth: Int = 0) -> Size? {
        guard depth < Self.maxDepth else { return nil }
        let f = follow(e, at: place)
        switch f.expr {
        case .call(.name(let fn, _), let args, _):
            if fn == "CGRectMake", args.count == 4, let w = number(args[2], at: f.at), let h = number(args[3], at: f.at) {
                return Size(width: w.value, height: h.value)
            }
            if fn == "CGSizeMake", args.count == 2, let w = number(args[0], at: f.at), let h = number(args[1], at: f.at) {
                return Size(width: w.value, height: h.value)
            }
            return nil
        case .initList(let items, _):
            let flat = Self.flatten(items)
            let pair = flat.count == 4 ? Array(flat[2...3]) : (flat.count == 2 ? flat : [])
            guard pair.count == 2, let w = number(pair[0], at: f.at), let h = number(pair[1], at: f.at) else { return nil }
            return Size(width: w.value, height: h.value)
        case .name(let n, _):
            return n == "CGRectZero" || n == "CGSizeZero" ? Size(width: 0, height: 0) : nil
        default:
            return nil
        }
    }

    /// `UIOffsetMake(-1000, 0)`, `(UIOffset){-1000, 0}`, `UIOffsetZero`.
    func offset(_ e: Expr, at place: Place) -> Known<Point> {
        let f = follow(e, at: place)
        switch f.expr {
        case .call(.name("UIOffsetMake", _), let args, _) where args.count == 2:
            guard let x = number(args[0], at: f.at), let y = number(args[1], at: f.at) else { return .unknown }
            return .known(Point(x: x.value, y: y.value))
        case .initList(let items, _):
            let flat = Self.flatten(items)
            guard flat.count == 2, let x = number(flat[0], at: f.at), let y = number(flat[1], at: f.at) else { return .unknown }
            return .known(Point(x: x.value, y: y.value))
        case .name("UIOffsetZero", _):
            return .known(Point(x: 0, y: 0))
        default:
            return .unknown
        }
    }

    private static func flatten(_ items: [Expr]) -> [Expr] {
        var out: [Expr] = []
        for item in items {
            if case .initList(let inner, _) = item.stripped {
                for i in inner {
                    if case .initList = i.stripped { return [] }
                    out.append(i)
                }
            } else {
                out.append(item)
            }
        }
        return out
    }

    // MARK: Colours

    func color(_ e: Expr, at place: Place, depth: Int = 0) -> ColorValue {
        guard depth < Self.maxDepth else { return .unknown }
        let f = follow(e, at: place)
        if Self.isNil(f.expr) { return .none }
        switch f.expr {
        case .message(let m):
            if case .name("UIColor", _) = m.receiver.stripped { return classColor(m, at: f.at) }
            if case .message(let alloc) = m.receiver.stripped, alloc.selector == "alloc", case .name("UIColor", _) = alloc.receiver.stripped
            {
                return classColor(m, at: f.at)
            }
            if m.selector == "colorWithAlphaComponent:", case .literal(var c) = color(m.receiver, at: f.at, depth: depth + 1),
                let a = number(m.args[0], at: f.at)
            {
                c.alpha = a.value
                return .literal(c)
            }
            if m.selector == "CGColor" { return color(m.receiver, at: f.at, depth: depth + 1) }
            return .unknown
        case .member(let base, let name, _):
            if case .name("UIColor", _) = base.stripped, let system = Self.systemColorName(name) { return .system(system) }
            if name == "CGColor" { return color(base, at: f.at, depth: depth + 1) }
            return .unknown
        default:
            return .unknown
        }
    }

    /// `whiteColor` is `white`, `systemBlueColor` is `systemBlue`.
    static func systemColorName(_ selector: String) -> String? {
        guard selector.hasSuffix("Color"), selector.count > 5, !selector.contains(":") else { return nil }
        return String(selector.dropLast(5))
    }

    private func classColor(_ m: Message, at place: Place) -> ColorValue {
        let sel = m.selector
        if m.args.isEmpty, let name = Self.systemColorName(sel) { return .system(name) }
        func component(_ name: String) -> Double? { m.argument(name).flatMap { number($0, at: place)?.value } }
        switch sel {
        case "colorWithRed:green:blue:alpha:", "initWithRed:green:blue:alpha:":
            guard let r = component("colorWithRed") ?? component("initWithRed"), let g = component("green"), let b = component("blue"),
                let a = component("alpha")
            else { return .unknown }
            return .literal(Color(red: r, green: g, blue: b, alpha: a))
        case "colorWithWhite:alpha:", "initWithWhite:alpha:":
            guard let w = component("colorWithWhite") ?? component("initWithWhite"), let a = component("alpha") else { return .unknown }
            return .literal(Color(red: w, green: w, blue: w, alpha: a))
        case "colorWithHue:saturation:brightness:alpha:", "initWithHue:saturation:brightness:alpha:":
            guard let h = component("colorWithHue") ?? component("initWithHue"), let s = component("saturation"),
                let v = component("brightness"), let a = component("alpha")
            else { return .unknown }
            return .literal(Self.hsb(h, s, v, a))
        case "colorNamed:", "colorNamed:inBundle:compatibleWithTraitCollection:":
            if case .known(let name)? = m.args.first.flatMap({ string($0, at: place) }) { return .asset(name) }
            return .unknown
        default:
            return .unknown
        }
    }

    /// HSB (as `UIColor(hue:saturation:brightness:alpha:)` takes it) to RGB.
    static func hsb(_ h: Double, _ s: Double, _ v: Double, _ a: Double) -> Color {
        let hue = (h - h.rounded(.down)) * 6
        let i = Int(hue.rounded(.down)) % 6
        let f = hue - hue.rounded(.down)
        let p = v * (1 - s)
        let q = v * (1 - s * f)
        let t = v * (1 - s * (1 - f))
        let rgb: (Double, Double, Double)
        switch i {
        case 0: rgb = (v, t, p)
        case 1: rgb = (q, v, p)
        case 2: rgb = (p, v, t)
        case 3: rgb = (p, q, v)
        case 4: rgb = (t, p, v)
        default: rgb = (v, p, q)
        }
        return Color(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: a)
    }

    /// The foreground colour of a `titleTextAttributes` dictionary; nil when the dictionary sets none.
    func titleColor(_ e: Expr, at place: Place) -> ColorValue? {
        let f = follow(e, at: place)
        if Self.isNil(f.expr) { return ColorValue.none }
        let keys: Set<String> = ["NSForegroundColorAttributeName", "UITextAttributeTextColor"]
        switch f.expr {
        case .dictionary(let ks, let vs, _):
            for (k, v) in zip(ks, vs) {
                if case .name(let n, _) = k.stripped, keys.contains(n) { return color(v, at: f.at) }
                if case .string("NSColor", _) = k.stripped { return color(v, at: f.at) }
            }
            return nil
        case .message(let m) where m.selector == "dictionaryWithObjectsAndKeys:":
            let all = m.args + m.extra
            var i = 0
            while i + 1 < all.count {
                if case .name(let n, _) = all[i + 1].stripped, keys.contains(n) { return color(all[i], at: f.at) }
                i += 2
            }
            return nil
        default:
            return .unknown
        }
    }

    // MARK: Bar button items

    enum ItemValue {
        /// `nil`.
        case none
        case item(ItemDraft)
    }

    /// The item an expression builds.
    func item(_ e: Expr, at place: Place) -> ItemValue {
        let f = follow(e, at: place)
        if Self.isNil(f.expr) { return .none }
        let here = location(f.expr.start)
        var made: MadeItem?
        if case .message(let m) = f.expr {
            if let cls = Self.allocatedClass(m), m.parts[0].hasPrefix("init") {
                if cls.hasSuffix("BarButtonItem") { made = initializedItem(m, at: f.at) }
            } else if case .name(let cls, _) = m.receiver.stripped, cls.hasSuffix("BarButtonItem") {
                switch m.selector {
                case "new":
                    made = MadeItem(content: .unknown)
                case "fixedSpaceItemOfWidth:":
                    made = MadeItem(content: .fixedSpace(number(m.args[0], at: f.at).map { .known($0.value) } ?? .unknown))
                case "flexibleSpaceItem":
                    made = MadeItem(content: .flexibleSpace)
                default:
                    // An app factory (`[UIBarButtonItem itemWithImageName:…]`): what it makes is not visible here.
                    break
                }
            } else if m.selector == "editButtonItem", scope.isSelf(m.receiver, in: f.at.function) {
                return .item(ItemDraft(content: .system("edit"), hasAction: .known(true), location: here))
            }
        } else if case .member(let base, "editButtonItem", _) = f.expr, scope.isSelf(base, in: f.at.function) {
            return .item(ItemDraft(content: .system("edit"), hasAction: .known(true), location: here))
        }
        guard var made else { return .item(ItemDraft(content: .unknown, hasAction: .unknown, location: here)) }
        // What the code sets on the item after making it.
        if case .fixedSpace = made.content, let width = member("width", of: f.variables) {
            made.content = .fixedSpace(number(width.expr, at: width.at).map { .known($0.value) } ?? .unknown)
        }
        if case .unknown = made.content {
            if let title = member("title", of: f.variables) {
                made.content = .title(string(title.expr, at: title.at) ?? .unknown)
            } else if let image = member("image", of: f.variables) {
                made.content = .image(imageName(image.expr, at: image.at))
            } else if let view = member("customView", of: f.variables) {
                made.content = .customView(customView(view.expr, at: view.at).0)
            }
        }
        var targetAt = f.at
        if let t = member("target", of: f.variables) {
            made.target = t.expr
            targetAt = t.at
        }
        if let a = member("action", of: f.variables) { made.action = a.expr }
        let hasAction: Known<Bool>
        var selector: String?
        if made.target != nil || made.action != nil {
            (hasAction, selector) = actionState(target: made.target, action: made.action, at: targetAt)
        } else {
            hasAction = made.primaryAction ?? .known(false)
        }
        return .item(ItemDraft(content: made.content, hasAction: hasAction, action: selector, location: here))
    }

    /// An item as its initializer makes it.
    private struct MadeItem {
        var content: ItemDraft.Content
        var target: Expr?
        var action: Expr?
        /// A `UIAction` given instead of a target and action (iOS 14).
        var primaryAction: Known<Bool>?
    }

    /// The content, target and action of `[[UIBarButtonItem alloc] init…]`.
    private func initializedItem(_ m: Message, at place: Place) -> MadeItem {
        var made = MadeItem(content: .unknown)
        if let title = m.argument("initWithTitle") {
            made.content = .title(string(title, at: place) ?? .known(""))
        } else if let image = m.argument("initWithImage") {
            made.content = .image(imageName(image, at: place))
        } else if let system = m.argument("initWithBarButtonSystemItem") {
            made.content = systemItem(system, at: place)
        } else if let view = m.argument("initWithCustomView") {
            made.content = .customView(customView(view, at: place).0)
        } else if let image = m.argument("image") {
            made.content = .image(imageName(image, at: place))
        }
        if m.parts.contains("target") || m.parts.contains("action") {
            made.target = m.argument("target")
            made.action = m.argument("action")
        } else if let action = m.argument("primaryAction") ?? m.argument("initWithPrimaryAction") {
            made.primaryAction = .known(!Self.isNil(action))
        }
        return made
    }

    /// `UIBarButtonSystemItemFixedSpace` and the other system items, by UIKit's Swift names (`done`, `add`).
    private func systemItem(_ e: Expr, at place: Place) -> ItemDraft.Content {
        let f = follow(e, at: place)
        guard case .name(let n, _) = f.expr, n.hasPrefix("UIBarButtonSystemItem"), n.count > "UIBarButtonSystemItem".count else {
            return .unknown
        }
        let rest = n.dropFirst("UIBarButtonSystemItem".count)
        let name = (rest.first.map { String($0).lowercased() } ?? "") + rest.dropFirst()
        switch name {
        case "fixedSpace": return .fixedSpace(.unknown)
        case "flexibleSpace": return .flexibleSpace
        default: return .system(name)
        }
    }

    /// The name of `[UIImage imageNamed:@"back"]` (through `imageWithRenderingMode:` and the like).
    func imageName(_ e: Expr, at place: Place, depth: Int = 0) -> String? {
        guard depth < Self.maxDepth else { return nil }
        let f = follow(e, at: place)
        guard case .message(let m) = f.expr else { return nil }
        if case .name(let cls, _) = m.receiver.stripped, cls == "UIImage",
            m.parts[0] == "imageNamed" || m.parts[0] == "systemImageNamed", let arg = m.args.first,
            case .known(let name)? = string(arg, at: f.at)
        {
            return name
        }
        if m.parts[0].hasPrefix("imageWith") || m.parts[0].hasPrefix("imageBy") || m.parts[0] == "imageFlippedForRightToLeftLayoutDirection"
        {
            return imageName(m.receiver, at: f.at, depth: depth + 1)
        }
        return nil
    }

    /// Whether a target and action are attached, and the action's selector when literal.
    func actionState(target: Expr?, action: Expr?, at place: Place) -> (Known<Bool>, String?) {
        var selector: String?
        var actionKnown: Bool?
        if let action {
            let f = follow(action, at: place)
            if Self.isNil(f.expr) {
                actionKnown = false
            } else if case .selector(let s, _) = f.expr {
                selector = s
                actionKnown = true
            } else if case .call(.name("NSSelectorFromString", _), let args, _) = f.expr, let arg = args.first,
                case .known(let s)? = string(arg, at: f.at)
            {
                selector = s
                actionKnown = true
            }
        } else {
            actionKnown = false
        }
        var targetKnown: Bool?
        if let target {
            if Self.isNil(target) {
                targetKnown = false
            } else if scope.isSelf(target, in: place.function) {
                targetKnown = true
            } else {
                let f = follow(target, at: place)
                if Self.isNil(f.expr) {
                    targetKnown = false
                } else if scope.isSelf(f.expr, in: f.at.function) {
                    targetKnown = true
                }
            }
        } else {
            targetKnown = false
        }
        if targetKnown == false || actionKnown == false { return (.known(false), selector) }
        if targetKnown == true, actionKnown == true { return (.known(true), selector) }
        return (.unknown, selector)
    }

    /// A custom view: its class, its size when the code gives it literally, and the action of a button.
    func customView(_ e: Expr, at place: Place) -> (CustomViewDraft, Known<Bool>, String?) {
        let f = follow(e, at: place)
        var viewClass: String?
        // (order, size or nil for a change of unknown size)
        var events: [(Int, Size?)] = []
        if case .message(let m) = f.expr {
            if let cls = Self.allocatedClass(m) {
                viewClass = cls
                if let frame = m.argument("initWithFrame") { events.append((f.at.order, size(frame, at: f.at))) }
            } else if case .name(let cls, _) = m.receiver.stripped, cls.first?.isUppercase == true,
                m.parts[0] == "new" || m.parts[0] == "buttonWithType" || m.parts[0] == "systemButtonWithImage"
                    || m.parts[0] == "buttonWithConfiguration"
            {
                viewClass = cls
            }
        }
        if viewClass == nil { viewClass = f.variables.first?.type.flatMap { Self.isSpecificClass($0) || $0 == "UIView" ? $0 : nil } }
        var constrained = false
        var target: Expr?
        var action: Expr?
        var sawTarget = false
        for v in f.variables {
            for name in ["frame", "bounds"] {
                for a in v.members[name] ?? [] { events.append((a.at.order, size(a.expr, at: a.at))) }
            }
            for a in v.members["size"] ?? [] { events.append((a.at.order, size(a.expr, at: a.at))) }
            for name in ["width", "height"] {
                for a in v.members[name] ?? [] { events.append((a.at.order, nil)) }
            }
            if !v.reads.isDisjoint(with: ["widthAnchor", "heightAnchor", "translatesAutoresizingMaskIntoConstraints"]) {
                constrained = true
            }
            for (message, order, _) in v.messages {
                let first = message.parts[0]
                if first == "sizeToFit" || first == "setSize" || first == "setWidth" || first == "setHeight" { events.append((order, nil)) }
                if first.hasPrefix("mas_") || first.hasPrefix("snp_") || first.hasPrefix("addConstraint") || first.hasPrefix("autoSet") {
                    constrained = true
                }
                if message.selector == "addTarget:action:forControlEvents:" {
                    sawTarget = true
                    target = message.args[0]
                    action = message.args[1]
                }
            }
        }
        var size: Known<Size> = .unknown
        if !constrained, let last = events.max(by: { $0.0 < $1.0 }), let s = last.1, s.width > 0, s.height > 0 {
            size = .known(s)
        }
        let (hasAction, selector): (Known<Bool>, String?) =
            sawTarget ? actionState(target: target, action: action, at: f.at) : (.unknown, nil)
        return (CustomViewDraft(viewClass: viewClass, size: size), hasAction, selector)
    }

    /// The size of a view given to `titleView`.
    func viewSize(_ e: Expr, at place: Place) -> Known<Size>? {
        let f = follow(e, at: place)
        if Self.isNil(f.expr) { return nil }
        return customView(e, at: place).0.size
    }

    /// `X` of `[[X alloc] init…]`.
    static func allocatedClass(_ m: Message) -> String? {
        guard case .message(let alloc) = m.receiver.stripped, alloc.selector == "alloc" || alloc.selector == "allocWithZone:",
            case .name(let cls, _) = alloc.receiver.stripped
        else { return nil }
        return cls
    }

    // MARK: Screens

    /// Types too general to name a screen.
    static let generalTypes: Set<String> = [
        "UIViewController", "id", "NSObject", "UIResponder", "instancetype", "Class", "auto", "__kindof", "typeof", "__typeof",
    ]

    static func isSpecificClass(_ type: String) -> Bool {
        guard let first = type.first, first.isUppercase, !generalTypes.contains(type) else { return false }
        return type.uppercased() != type
    }

    /// The screen an expression makes or holds.
    func screen(_ e: Expr, at place: Place) -> ScreenRef {
        let f = follow(e, at: place)
        let declared = f.variables.lazy.compactMap(\.type).first(where: Self.isSpecificClass)
        if let cast = f.cast { return .className(cast) }
        if case .message(let m) = f.expr {
            if let cls = Self.allocatedClass(m), m.parts[0].hasPrefix("init") { return .className(cls) }
            if m.parts[0] == "instantiateViewControllerWithIdentifier" || m.parts[0] == "instantiateViewControllerWithIdentifier:creator" {
                if let declared { return .className(declared) }
                if case .known(let id)? = m.args.first.flatMap({ string($0, at: f.at) }) { return .storyboardIdentifier(id) }
                return .unknown
            }
            if case .name(let cls, _) = m.receiver.stripped, Self.isSpecificClass(cls), Self.makesInstance(m.parts[0], of: cls) {
                return .className(cls)
            }
        }
        if let declared { return .className(declared) }
        return .unknown
    }

    /// `[X new]`, and class factories of a controller class named for what they make (`controllerWithModel:`).
    static func makesInstance(_ selector: String, of cls: String) -> Bool {
        if selector == "new" { return true }
        guard cls.hasSuffix("Controller") || cls.hasSuffix("VC") else { return false }
        let prefixes = ["controller", "viewController", "instance", "create", "make", "vc", "new", "init", "from"]
        return prefixes.contains { selector.hasPrefix($0) }
    }
}

extension Values {
    /// What a receiver is, for settings: `self` or an appearance proxy, and the members read from it
    /// (`self.navigationController.navigationBar` is `self` with `["navigationController", "navigationBar"]`).
    struct Path: Hashable {
        enum Root: Hashable {
            case this
            /// `[UINavigationBar appearance]`, `[UIBarButtonItem appearanceWhenContainedInInstancesOfClasses:…]`.
            case appearance(String)
        }

        var root: Root
        var names: [String]
    }

    /// The path of a receiver, following local variables (`UINavigationBar *bar = self.navigationController.navigationBar;`);
    /// nil when it is neither `self` nor an appearance proxy.
    func path(_ e: Expr, at place: Place) -> Path? {
        var names: [String] = []
        var current = e
        var at = place
        var steps = 0
        while steps < 64 {
            steps += 1
            let x = current.stripped
            switch x {
            case .member(let base, let name, _):
                if case .name(let cls, _) = base.stripped, name == "appearance", cls.first?.isUppercase == true {
                    return Path(root: .appearance(cls), names: names.reversed())
                }
                names.append(name)
                current = base
            case .message(let m):
                if case .name(let cls, _) = m.receiver.stripped, cls.first?.isUppercase == true, m.parts[0].hasPrefix("appearance") {
                    return Path(root: .appearance(cls), names: names.reversed())
                }
                guard m.args.isEmpty else { return nil }
                names.append(m.parts[0])
                current = m.receiver
            case .name:
                if scope.isSelf(x, in: at.function) { return Path(root: .this, names: names.reversed()) }
                guard let key = scope.key(of: x, in: at.function), case .local = key, let value = scope.value(of: key, at: at) else {
                    return nil
                }
                current = value.expr
                at = value.at
            default:
                return nil
            }
        }
        return nil
    }

    /// The items of a list: `@[a, b]`, `[NSArray arrayWithObjects:a, b, nil]`, or a mutable array filled with
    /// `addObject:`. A list the code does not show is one unknown item.
    func items(_ e: Expr, at place: Place) -> [ItemDraft] {
        let f = follow(e, at: place)
        if Self.isNil(f.expr) { return [] }
        var elements: [(Expr, Place)]?
        switch f.expr {
        case .array(let list, _):
            elements = list.map { ($0, f.at) }
        case .message(let m):
            switch m.selector {
            case "arrayWithObjects:", "initWithObjects:":
                elements = (m.args + m.extra).filter { !Self.isNil($0) }.map { ($0, f.at) }
            case "arrayWithObject:":
                elements = [(m.args[0], f.at)]
            case "array", "new", "arrayWithCapacity:", "init", "initWithCapacity:":
                if let list = f.variables.first {
                    elements = list.messages.compactMap { message, order, function in
                        message.selector == "addObject:" ? (message.args[0], Place(function: function, order: order)) : nil
                    }
                }
            default:
                break
            }
        default:
            break
        }
        guard let elements else { return [ItemDraft(content: .unknown, hasAction: .unknown, location: location(f.expr.start))] }
        return elements.compactMap { element, at in
            if case .item(let draft) = item(element, at: at) { return draft }
            return nil
        }
    }

    /// The background colour of a `UINavigationBarAppearance` given to a bar or an item; nil for `nil`.
    func appearanceBackground(_ e: Expr, at place: Place) -> ColorValue? {
        let f = follow(e, at: place)
        if Self.isNil(f.expr) { return nil }
        if let background = member("backgroundColor", of: f.variables) { return color(background.expr, at: background.at) }
        return .unknown
    }
}
