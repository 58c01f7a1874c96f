import JSONCore
import NavModel
import NavSource

/// Reads an asset catalog's colour set (`Brand.colorset/Contents.json`) into `SourceFacts.colors`, under the
/// set's name (its folder's name without `.colorset`).
///
/// The colour is the universal entry for any appearance (no `appearances`, or only the light one when there
/// is no entry for any appearance); dark and high-contrast entries are skipped. Components are read in each
/// form Xcode writes them: floats (`"0.500"`), 8-bit integers (`"128"`) and hexadecimal (`"0x80"`), in the
/// `color-space` given: `srgb`, `extended-srgb`, `display-p3` (read as sRGB), `extended-linear-srgb`,
/// `gray-gamma-22` and `extended-gray` (by `white`). A set that names a system colour (`"reference":
/// "systemBlueColor"`) takes UIKit's value from `SystemPalette`.
///
/// Not read: the namespace a parent folder can give the name (`"provides-namespace"` is in that folder's own
/// `Contents.json`).
public struct ColorSetReader: SourceReader {
    /// A reader; it keeps no state between files.
    public init() {}

    /// The facts of one colour set; what cannot be read is one `ReadProblem`, never a trap.
    public func read(_ bytes: [UInt8], file: String, limits: ReaderLimits, clock: @Sendable () -> Double) -> SourceFacts {
        var facts = SourceFacts(file: file, language: .assetCatalog)
        let table = LineTable(bytes, file: file)
        guard let name = Self.colorSetName(file) else { return facts }
        guard bytes.count <= limits.maxFileBytes else {
            facts.problems = [
                ReadProblem(
                    location: table.location(ofByte: 0),
                    message: "the file has \(bytes.count) bytes, more than \(ReaderLimits.fileBytesName) (\(limits.maxFileBytes))",
                    limit: ReaderLimits.fileBytesName)
            ]
            return facts
        }
        let json: JSON
        do {
            json = try JSON.parse(bytes, limits: JSONParseLimits(maxDepth: max(1, limits.maxNesting)))
        } catch {
            let limit = error.depthLimit == nil ? nil : ReaderLimits.nestingName
            facts.problems = [
                ReadProblem(location: table.location(ofByte: error.offset), message: "invalid JSON: \(error.message)", limit: limit)
            ]
            return facts
        }
        let here = table.location(ofByte: 0)
        switch Self.color(of: json) {
        case .success(.some(let color)): facts.colors[name] = color
        // The set names no colour (Xcode's template accent colour): UIKit's default applies, nothing to record.
        case .success(.none): break
        case .failure(let problem): facts.problems = [ReadProblem(location: here, message: problem.message)]
        }
        return facts
    }

    /// Why a colour set gives no colour.
    struct Unreadable: Error, Equatable {
        var message: String
    }

    /// The set's name: the folder `…/Name.colorset/Contents.json` is in. Nil for a file outside a colour set.
    public static func colorSetName(_ file: String) -> String? {
        let parts = file.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        guard parts.count >= 2, parts[parts.count - 1] == "Contents.json" else { return nil }
        let folder = parts[parts.count - 2]
        guard folder.hasSuffix(".colorset"), folder.count > ".colorset".count else { return nil }
        return String(folder.dropLast(".colorset".count))
    }

    /// The colour of the entry for any appearance; nil when that entry gives none.
    static func color(of json: JSON) -> Result<Color?, Unreadable> {
        guard let entries = json["colors"]?.arrayValue else { return .failure(Unreadable(message: "no \"colors\" list")) }
        let universal = entries.filter { ($0["idiom"]?.stringValue ?? "universal") == "universal" }
        let entry =
            universal.first { appearances(of: $0).isEmpty && $0["display-gamut"] == nil }
            ?? universal.first { appearances(of: $0).isEmpty }
            ?? universal.first { appearances(of: $0) == ["luminosity=light"] }
        guard let entry else { return .failure(Unreadable(message: "no universal colour for any appearance")) }
        guard let color = entry["color"] else { return .success(nil) }
        if let reference = color["reference"]?.stringValue {
            let name = StoryboardColor.systemName(reference)
            guard let system = SystemPalette.color(named: name, dark: false) else {
                return .failure(Unreadable(message: "the system colour '\(reference)' is not one UIKit's palette has"))
            }
            return .success(system)
        }
        let space = color["color-space"]?.stringValue ?? "srgb"
        guard let components = color["components"] else { return .failure(Unreadable(message: "the colour has no \"components\"")) }
        let alpha = components["alpha"].map { component($0, isAlpha: true) } ?? 1
        guard let alpha else { return .failure(Unreadable(message: "the alpha component is not a number")) }
        switch space {
        case "srgb", "extended-srgb", "display-p3", "extended-range-display-p3", "extended-linear-srgb":
            let encoding: ColorSpaces.Encoding = space == "extended-linear-srgb" ? .linear : .sRGB
            guard let red = components["red"].flatMap({ component($0) }), let green = components["green"].flatMap({ component($0) }),
                let blue = components["blue"].flatMap({ component($0) })
            else { return .failure(Unreadable(message: "the red, green and blue components are not all numbers")) }
            return .success(ColorSpaces.color(red: red, green: green, blue: blue, alpha: alpha, encoding: encoding))
        case "gray-gamma-22", "extended-gray":
            guard let white = components["white"].flatMap({ component($0) }) else {
                return .failure(Unreadable(message: "the white component is not a number"))
            }
            return .success(ColorSpaces.gray(white: white, alpha: alpha, encoding: .gamma(2.2)))
        default:
            return .failure(Unreadable(message: "the colour space '\(space)' is not one the model can convert"))
        }
    }

    /// An entry's appearances as `appearance=value` (`luminosity=dark`, `contrast=high`).
    private static func appearances(of entry: JSON) -> [String] {
        (entry["appearances"]?.arrayValue ?? []).map { "\($0["appearance"]?.stringValue ?? "")=\($0["value"]?.stringValue ?? "")" }
    }

    /// One component, 0...1 (extended spaces go beyond): `"0.5"` is a float, `"128"` an 8-bit value, `"0x80"` a
    /// hexadecimal 8-bit value. Alpha is always a float in Xcode's files, so `"1"` is opaque.
    static func component(_ value: JSON, isAlpha: Bool = false) -> Double? {
        if let text = value.stringValue { return component(text: text, isAlpha: isAlpha) }
        // A number rather than a string: only hand-written files do this; an integer above 1 is an 8-bit value.
        guard let number = value.doubleValue, number.isFinite else { return nil }
        if isAlpha || number.rounded() != number || number <= 1 { return number }
        return number <= 255 ? number / 255 : nil
    }

    /// One component written as a string, as Xcode writes them.
    static func component(text: String, isAlpha: Bool = false) -> Double? {
        let trimmed = text.trimmingSpaces()
        if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") {
            guard let byte = Int(trimmed.dropFirst(2), radix: 16), (0...255).contains(byte) else { return nil }
            return Double(byte) / 255
        }
        guard let number = StoryboardColor.number(trimmed) else { return nil }
        if isAlpha || trimmed.contains(".") || trimmed.contains("e") || trimmed.contains("E") { return number }
        guard (0...255).contains(number) else { return nil }
        return number / 255
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
