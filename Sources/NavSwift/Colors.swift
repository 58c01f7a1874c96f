import NavModel
import NavSource
import SwiftSyntax

/// Colour expressions of UIKit and SwiftUI.
enum Colors {
    /// Which framework's names an implicit member like `.red` follows: `UIColor.red` is pure red,
    /// SwiftUI's `Color.red` is `systemRed`.
    enum Flavor {
        case uiKit, swiftUI
    }

    /// The colour an expression gives; `lookup` supplies locals bound to colours and numbers.
    static func color(
        _ expr: ExprSyntax, flavor: Flavor, depth: Int = 0, lookup: (String) -> Value? = { _ in nil }
    ) -> ColorValue {
        guard depth < Expressions.maxDepth else { return .unknown }
        let numbers: (String) -> Double? = { name in
            if case .number(let n)? = lookup(name) { return n }
            return nil
        }
        if Expressions.isNil(expr) { return .none }
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            if case .color(let c)? = lookup(reference.baseName.text) { return c }
            return .unknown
        }
        if let member = expr.as(MemberAccessExprSyntax.self) {
            return memberColor(member, flavor: flavor, depth: depth, lookup: lookup)
        }
        if let macro = expr.as(MacroExpansionExprSyntax.self), macro.macroName.text == "colorLiteral" {
            return components(macro.arguments, numbers: numbers)
        }
        if let optional = expr.as(OptionalChainingExprSyntax.self) {
            return color(optional.expression, flavor: flavor, depth: depth + 1, lookup: lookup)
        }
        if let forced = expr.as(ForceUnwrapExprSyntax.self) {
            return color(forced.expression, flavor: flavor, depth: depth + 1, lookup: lookup)
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            return callColor(call, flavor: flavor, depth: depth, lookup: lookup, numbers: numbers)
        }
        return .unknown
    }

    private static func memberColor(
        _ member: MemberAccessExprSyntax, flavor: Flavor, depth: Int, lookup: (String) -> Value?
    ) -> ColorValue {
        let name = member.declName.baseName.text
        var flavor = flavor
        if let base = member.base {
            // `UIColor.white`, `Color.red`, `UIColor.systemBlue.cgColor`: the base names the framework.
            if let type = base.as(DeclReferenceExprSyntax.self)?.baseName.text {
                switch type {
                case "UIColor": flavor = .uiKit
                case "Color": flavor = .swiftUI
                default: return .unknown
                }
            } else if name == "cgColor" {
                return color(base, flavor: flavor, depth: depth + 1, lookup: lookup)
            } else {
                return .unknown
            }
        }
        return named(name, flavor: flavor)
    }

    /// A colour by its static name in one framework.
    static func named(_ name: String, flavor: Flavor) -> ColorValue {
        switch flavor {
        case .uiKit:
            guard let canonical = SystemPalette.color(named: name, dark: false)?.name, canonical == name else { return .unknown }
            return .system(canonical)
        case .swiftUI:
            guard let uiKitName = Vocabulary.swiftUIColors[name] else { return .unknown }
            return .system(uiKitName)
        }
    }

    private static func callColor(
        _ call: FunctionCallExprSyntax, flavor: Flavor, depth: Int, lookup: (String) -> Value?, numbers: (String) -> Double?
    ) -> ColorValue {
        guard var (name, base, _) = Expressions.callee(call) else { return .unknown }
        if name == "init", let type = base?.as(DeclReferenceExprSyntax.self)?.baseName.text {
            // `UIColor.init(red:…)` is `UIColor(red:…)`.
            name = type
            base = nil
        }
        if let base {
            // `x.withAlphaComponent(a)`, `x.opacity(a)`: only a colour with fixed components keeps them.
            guard name == "withAlphaComponent" || name == "opacity", let alphaExpr = Expressions.firstArgument(call),
                let alpha = Expressions.number(alphaExpr, lookup: numbers)
            else { return .unknown }
            guard case .literal(var c) = fixed(color(base, flavor: flavor, depth: depth + 1, lookup: lookup)) else { return .unknown }
            c.alpha = name == "opacity" ? c.alpha * alpha : alpha
            c.name = nil
            return .literal(c)
        }
        let calleeFlavor: Flavor
        switch name {
        case "UIColor": calleeFlavor = .uiKit
        case "Color": calleeFlavor = .swiftUI
        case "init": calleeFlavor = flavor
        default: return .unknown
        }
        let labels = Expressions.labels(call)
        if call.trailingClosure != nil { return .unknown }
        if labels == ["named"] || labels.first == "named" {
            guard let nameExpr = Expressions.argument(call, "named"), let asset = Expressions.string(nameExpr) else { return .unknown }
            return .asset(asset)
        }
        if labels.first == "", let first = Expressions.firstArgument(call) {
            if calleeFlavor == .swiftUI, labels.count <= 2, let asset = Expressions.string(first) {
                // `Color("Brand")`, `Color("Brand", bundle: .main)`.
                return .asset(asset)
            }
            if labels.count == 1 {
                // `Color(uiColor)`, `UIColor(swiftUIColor)`: the other framework's colour.
                return color(first, flavor: calleeFlavor == .swiftUI ? .uiKit : .swiftUI, depth: depth + 1, lookup: lookup)
            }
            if calleeFlavor == .swiftUI, first.as(MemberAccessExprSyntax.self)?.base == nil {
                // `Color(.sRGB, red: …)`: the colour space comes first.
                return components(call.arguments.dropFirst(), numbers: numbers)
            }
            return .unknown
        }
        if labels == ["uiColor"], let inner = Expressions.firstArgument(call) {
            return color(inner, flavor: .uiKit, depth: depth + 1, lookup: lookup)
        }
        return components(call.arguments, numbers: numbers)
    }

    /// `red:green:blue:alpha:`, `displayP3Red:…`, `white:alpha:`, `hue:saturation:brightness:alpha:` and
    /// SwiftUI's `opacity:`, each a literal number.
    static func components(_ arguments: some Collection<LabeledExprSyntax>, numbers: (String) -> Double?) -> ColorValue {
        var values: [String: Double] = [:]
        for argument in arguments {
            guard let label = argument.label?.text, let n = Expressions.number(argument.expression, lookup: numbers) else {
                return .unknown
            }
            values[label == "displayP3Red" ? "red" : label] = n
        }
        let alpha = values["alpha"] ?? values["opacity"] ?? 1
        if let r = values["red"], let g = values["green"], let b = values["blue"], values.count <= 4 {
            return .literal(Color(red: r, green: g, blue: b, alpha: alpha))
        }
        if let w = values["white"], values.count <= 2 {
            return .literal(Color(red: w, green: w, blue: w, alpha: alpha))
        }
        if let h = values["hue"], let s = values["saturation"], let v = values["brightness"], values.count <= 4 {
            let (r, g, b) = rgb(hue: h, saturation: s, brightness: v)
            return .literal(Color(red: r, green: g, blue: b, alpha: alpha))
        }
        return .unknown
    }

    /// Hue, saturation and brightness (each 0...1) to red, green and blue.
    static func rgb(hue: Double, saturation: Double, brightness: Double) -> (Double, Double, Double) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h.rounded(.down)) % 6
        let f = h - h.rounded(.down)
        let p = brightness * (1 - saturation)
        let q = brightness * (1 - saturation * f)
        let t = brightness * (1 - saturation * (1 - f))
        switch sector {
        case 0: return (brightness, t, p)
        case 1: return (q, brightness, p)
        case 2: return (p, brightness, t)
        case 3: return (p, q, brightness)
        case 4: return (t, p, brightness)
        default: return (brightness, p, q)
        }
    }

    /// A literal colour, or a system colour whose light and dark values agree, as components.
    private static func fixed(_ value: ColorValue) -> ColorValue {
        switch value {
        case .literal: return value
        case .system(let name):
            guard var light = SystemPalette.color(named: name, dark: false), var dark = SystemPalette.color(named: name, dark: true)
            else { return .unknown }
            light.name = nil
            dark.name = nil
            return light == dark ? .literal(light) : .unknown
        default: return .unknown
        }
    }

    /// The foreground colour of a text-attributes dictionary: `[.foregroundColor: UIColor.white, .font: …]`;
    /// `.none` when the dictionary sets none (the default colour comes back).
    static func foreground(_ expr: ExprSyntax, lookup: (String) -> Value?) -> ColorValue {
        if Expressions.isNil(expr) { return .none }
        guard let dictionary = expr.as(DictionaryExprSyntax.self) else { return .unknown }
        guard case .elements(let elements) = dictionary.content else { return .none }
        for element in elements {
            let key = element.key.trimmedDescription
            if key.hasSuffix("foregroundColor") || key == "NSForegroundColorAttributeName" {
                return color(element.value, flavor: .uiKit, lookup: lookup)
            }
        }
        return .none
    }
}
