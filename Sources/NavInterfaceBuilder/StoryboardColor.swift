import NavModel
import NavSource

/// Reads Interface Builder's `<color>` elements.
///
/// Xcode writes a colour in one of these shapes:
/// - `red= green= blue= alpha= colorSpace="custom" customColorSpace="sRGB"` (also `displayP3`,
///   `extendedSRGB`, `linearSRGB`), or `colorSpace="calibratedRGB"` / `"deviceRGB"` in older files;
/// - `white= alpha= colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"`, or
///   `colorSpace="calibratedWhite"` / `"deviceWhite"`;
/// - `systemColor="systemBlueColor"` (a UIKit colour, listed again under `<resources>`);
/// - `cocoaTouchSystemColor="darkTextColor"` (the same, in files from before Xcode 11);
/// - `name="Brand"` (an asset catalog's colour set, its snapshot under `<resources>` as `<namedColor>`).
enum StoryboardColor {
    /// The colour a `<color>` element's attributes give; `.unknown` for a space the model cannot convert.
    static func value(_ attributes: [String: String]) -> ColorValue {
        if let reference = attributes["systemColor"] ?? attributes["cocoaTouchSystemColor"] {
            return .system(systemName(reference))
        }
        if let name = attributes["name"] {
            // `catalog="System"` is AppKit's way of naming a system colour; any other name is a colour set.
            return attributes["catalog"] == "System" ? .system(systemName(name)) : .asset(name)
        }
        return literal(attributes).map(ColorValue.literal) ?? .unknown
    }

    /// UIKit's name for a storyboard's system colour reference: `systemBlueColor` -> `systemBlue`.
    static func systemName(_ reference: String) -> String {
        reference.hasSuffix("Color") && reference.count > 5 ? String(reference.dropLast(5)) : reference
    }

    /// The literal colour of RGB or white components, in a colour space the model can convert.
    static func literal(_ attributes: [String: String]) -> Color? {
        let alpha = attributes["alpha"].map(number) ?? 1
        guard let alpha else { return nil }
        if let red = attributes["red"], let green = attributes["green"], let blue = attributes["blue"] {
            guard let r = number(red), let g = number(green), let b = number(blue), let encoding = rgbEncoding(attributes) else {
                return nil
            }
            return ColorSpaces.color(red: r, green: g, blue: b, alpha: alpha, encoding: encoding)
        }
        if let white = attributes["white"] {
            guard let w = number(white), let encoding = grayEncoding(attributes) else { return nil }
            return ColorSpaces.gray(white: w, alpha: alpha, encoding: encoding)
        }
        return nil
    }

    private static func rgbEncoding(_ attributes: [String: String]) -> ColorSpaces.Encoding? {
        switch attributes["colorSpace"] {
        case "custom":
            switch attributes["customColorSpace"] {
            case "sRGB", "extendedSRGB", "displayP3", "extendedDisplayP3": return .sRGB
            case "linearSRGB", "extendedLinearSRGB": return .linear
            case "genericGamma22GrayColorSpace": return .gamma(2.2)
            default: return nil
            }
        case "deviceRGB", nil: return .sRGB
        case "calibratedRGB": return .gamma(1.8)
        default: return nil
        }
    }

    private static func grayEncoding(_ attributes: [String: String]) -> ColorSpaces.Encoding? {
        switch attributes["colorSpace"] {
        case "custom":
            switch attributes["customColorSpace"] {
            case "genericGamma22GrayColorSpace", "extendedGray": return .gamma(2.2)
            case "sRGB", "extendedSRGB", "displayP3": return .sRGB
            case "linearGray", "extendedLinearGray", "linearSRGB", "extendedLinearSRGB": return .linear
            default: return nil
            }
        case "deviceWhite", nil: return .gamma(2.2)
        case "calibratedWhite": return .gamma(1.8)
        default: return nil
        }
    }

    /// A finite decimal number as Interface Builder writes it (`0.5`, `1`, `-10`, `43.5`).
    static func number(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
